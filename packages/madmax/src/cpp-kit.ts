import { ArenaError, type CppKit, ownMatch } from "@arena/core";
import { writeCppTurn } from "./cpp-turn";
import { MadMaxMatch } from "./match";
import type { MadMaxOrder } from "./state";

const asMatch = (match: unknown): MadMaxMatch => ownMatch(match, MadMaxMatch, "Mad Max");

const moduleUrl = import.meta.url;

/**
 * The last turn frame of each match: its round, the players' statuses then, and its bytes (in
 * `buffer`, the match's own, reused from round to round).
 */
const lastTurn = new WeakMap<
  object,
  { round: number; status: number[]; bytes: Uint8Array; buffer: Uint8Array }
>();

/** True when `a` and `b` hold the same numbers (the players' statuses of two moments). */
function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** One movement line of the C++ adapter (`cpp/Action.hh`): `<id> <dir letter>`. */
function order(line: string): MadMaxOrder {
  const match = /^(-?\d+) ([bwrxtylzn])$/.exec(line);
  if (match === null) throw new ArenaError("BAD_ORDER", `unknown movement line '${line}'`);
  return { unit: Number(match[1]), dir: match[2] as MadMaxOrder["dir"] };
}

/**
 * Students' own C++ players (`AI<Name>.cc` of the original kit): the compatibility headers and
 * the adapter in this package's `cpp/` directory; the settings go as the `.res` preamble and every
 * round's state as the `.res` state block the engine writes anyway.
 */
export const cppKit: CppKit = {
  // Through a variable: bundlers must not mistake the kit directory for an asset to inline.
  directory: new URL("../cpp/", moduleUrl).href,
  sources: ["arena-main.cc"],
  start: (match) => asMatch(match).resPreamble(["-", "-", "-", "-"]),
  turn(match) {
    // Every player of a round gets the same text: written once per round (and again only if a
    // player was frozen meanwhile, which shows in the status line).
    const { state } = asMatch(match);
    const known = lastTurn.get(match);
    if (
      known !== undefined &&
      known.round === state.round &&
      sameValues(known.status, state.status)
    )
      return known.bytes;
    // Copied into the match's buffer of the previous round (its frame went out before this
    // round began: the runner writes a frame as soon as it has it), not a new one each round; a
    // second frame of one round (a player frozen meanwhile) gets a buffer of its own.
    const text = writeCppTurn(state);
    let buffer = known !== undefined && known.round !== state.round ? known.buffer : undefined;
    if (buffer === undefined || buffer.length < text.length)
      buffer = new Uint8Array(Math.max(text.length, 2 * (buffer?.length ?? 0)));
    buffer.set(text.view().subarray(0, text.length));
    const bytes = buffer.subarray(0, text.length);
    lastTurn.set(match, { round: state.round, status: [...state.status], bytes, buffer });
    return bytes;
  },
  order,
};
