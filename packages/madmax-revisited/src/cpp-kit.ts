import { ArenaError, type CppKit, ownMatch } from "@arena/core";
import { ORIGINAL_NAMES } from "./cpp-original-names";
import { cppTurnBytes } from "./cpp-turn";
import { MadMaxRevisitedMatch } from "./match";
import type { MadMaxRevisitedOrder } from "./state";

const asMatch = (match: unknown): MadMaxRevisitedMatch =>
  ownMatch(match, MadMaxRevisitedMatch, "Mad Max Revisited");

const moduleUrl = import.meta.url;

/** The last turn frame of each match: its round, the players' statuses then, and its bytes. */
const lastTurn = new WeakMap<object, { round: number; status: number[]; bytes: Uint8Array }>();

/** True when `a` and `b` hold the same numbers (the players' statuses of two moments). */
function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** One instruction line of the C++ adapter (`cpp/Action.hh`): `<car> m <di> <dj>` or `<car> s`. */
function order(line: string): MadMaxRevisitedOrder {
  const move = /^(-?\d+) m (-?\d+) (-?\d+)$/.exec(line);
  if (move !== null)
    return { car: Number(move[1]), kind: "move", dir: [Number(move[2]), Number(move[3])] };
  const shoot = /^(-?\d+) s$/.exec(line);
  if (shoot !== null) return { car: Number(shoot[1]), kind: "shoot" };
  throw new ArenaError("BAD_ORDER", `unknown instruction line '${line}'`);
}

/**
 * Students' own C++ players (`AI<Name>.cc` of the original kit): the compatibility headers and
 * the adapter in this package's `cpp/` directory; the settings go as the `.res` preamble and every
 * round's state as the `.res` state block (written straight into bytes: `cpp-turn.ts`). Each player's generator is
 * the adapter's, seeded and reseeded every round as the original does.
 */
export const cppKit: CppKit = {
  // Through a variable: bundlers must not mistake the kit directory for an asset to inline.
  directory: new URL("../cpp/", moduleUrl).href,
  sources: ["arena-main.cc"],
  originalNames: ORIGINAL_NAMES,
  start: (match) => asMatch(match).resPreamble(["-", "-", "-", "-"]),
  turn(match) {
    // Every player of a round gets the same text: written once per round (and again only if a
    // player was frozen meanwhile, which shows in the players' status).
    const m = asMatch(match);
    const { round, status } = m.state;
    const known = lastTurn.get(match);
    if (known !== undefined && known.round === round && sameValues(known.status, status))
      return known.bytes;
    const bytes = cppTurnBytes(m.state);
    lastTurn.set(match, { round, status: [...status], bytes });
    return bytes;
  },
  order,
};
