import { ArenaError, type CppKit, ownMatch } from "@arena/core";
import { ORIGINAL_NAMES } from "./cpp-original-names";
import { cppTurnBytes } from "./cpp-turn";
import { DragonBallMatch } from "./match";
import type { DirLetter, DragonBallOrder } from "./state";

const asMatch = (match: unknown): DragonBallMatch =>
  ownMatch(match, DragonBallMatch, "Bola de Drac");

const moduleUrl = import.meta.url;

/** The last state block of each match: its round, the gokus' statuses then, and its bytes. */
const lastState = new WeakMap<object, { round: number; status: number[]; bytes: Uint8Array }>();
const encoder = new TextEncoder();

/** True when `a` and `b` hold the same numbers (the players' statuses of two moments). */
function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** The action line of the C++ adapter (`cpp/Action.hh`): `m <dir>` or `t <dir>`. */
function order(line: string): DragonBallOrder {
  const match = /^([mt]) ([ntblr])$/.exec(line);
  if (match === null) throw new ArenaError("BAD_ORDER", `unknown action line '${line}'`);
  return { kind: match[1] === "m" ? "move" : "throw", dir: match[2] as DirLetter };
}

/**
 * The shared random streams of the 2012 rules as the adapter reads and writes them: the MINSTD
 * state, then the glibc `rand()` count and its 34 last values.
 */
function streams(match: DragonBallMatch): string {
  const { rng, shuffle } = match.state;
  const { ring, index } = shuffle.state;
  return `${rng.state} ${index} ${ring.join(" ")}`;
}

const INT32 = /^-?\d{1,10}$/;

/** Takes back the shared streams a C++ player drew from (2012 rules). */
function reply(match: unknown, _player: number, extra: string): void {
  const m = asMatch(match);
  if (m.config.variant !== "2012") throw new ArenaError("BAD_ORDER", "unexpected random streams");
  const words = extra.split(" ");
  if (words.length !== 36 || !words.every((w) => INT32.test(w)))
    throw new ArenaError("BAD_ORDER", "expected the two random streams' 36 numbers");
  const [minstd, index, ...ring] = words.map(Number);
  if (!(minstd! >= 1 && minstd! <= 2147483646) || !(index! >= 344))
    throw new ArenaError("BAD_ORDER", "random stream state out of range");
  m.state.rng.state = minstd!;
  m.state.shuffle.state = { ring: ring.map((v) => v | 0), index: index! };
}

/**
 * Students' own C++ players (`AI<Name>.cc` of the original kit): the compatibility headers and
 * the adapter in this package's `cpp/` directory; the settings go as the `.res` preamble and every
 * round's state as the `.res` state block. Under the 2012 rules the engine's two random streams
 * follow the state and come back with the action, so a player draws from them exactly as in the
 * original (the runner asks players in turn, each after the previous one answered; copies of one
 * player asked in one request pass the streams from one to the next inside their process, and
 * each hands back the state it left, in order).
 */
export const cppKit: CppKit = {
  // Through a variable: bundlers must not mistake the kit directory for an asset to inline.
  directory: new URL("../cpp/", moduleUrl).href,
  sources: ["arena-main.cc"],
  originalNames: ORIGINAL_NAMES,
  start: (match) => {
    const m = asMatch(match);
    const names = Array.from({ length: m.config.params.nb_players }, (_, id) =>
      m.view(id).name(id),
    );
    return `variant ${m.config.variant}\n${m.resPreamble(names)}`;
  },
  turn(match) {
    const m = asMatch(match);
    // Built once per round (and again only if a goku was frozen meanwhile): under the 2015 rules
    // every player of a round gets the same bytes.
    const { round, gokuStatus } = m.state;
    let known = lastState.get(match);
    if (known === undefined || known.round !== round || !sameValues(known.status, gokuStatus)) {
      known = { round, status: [...gokuStatus], bytes: cppTurnBytes(m.state) };
      lastState.set(match, known);
    }
    if (m.config.variant !== "2012") return known.bytes;
    // The shared streams change with every player's turn: they follow the state block.
    const random = encoder.encode(`random ${streams(m)}\n`);
    const frame = new Uint8Array(known.bytes.length + random.length);
    frame.set(known.bytes);
    frame.set(random, known.bytes.length);
    return frame;
  },
  order,
  reply,
};
