import { ArenaError, type CppKit, ownMatch } from "@arena/core";
import { MadMaxRevisitedMatch } from "./match";
import type { MadMaxRevisitedOrder } from "./state";

const asMatch = (match: unknown): MadMaxRevisitedMatch =>
  ownMatch(match, MadMaxRevisitedMatch, "Mad Max Revisited");

const moduleUrl = import.meta.url;

const lastTurn = new WeakMap<object, { key: string; bytes: Uint8Array }>();
const encoder = new TextEncoder();

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
 * round's state as the `.res` state block the engine writes anyway. Each player's generator is
 * the adapter's, seeded and reseeded every round as the original does.
 */
export const cppKit: CppKit = {
  // Through a variable: bundlers must not mistake the kit directory for an asset to inline.
  directory: new URL("../cpp/", moduleUrl).href,
  sources: ["arena-main.cc"],
  start: (match) => asMatch(match).resPreamble(["-", "-", "-", "-"]),
  turn(match) {
    // Every player of a round gets the same text: written once per round (and again only if a
    // player was frozen meanwhile, which shows in the players' status).
    const m = asMatch(match);
    const key = `${m.state.round} ${m.state.status.join(" ")}`;
    const known = lastTurn.get(match);
    if (known !== undefined && known.key === key) return known.bytes;
    const bytes = encoder.encode(m.resState());
    lastTurn.set(match, { key, bytes });
    return bytes;
  },
  order,
};
