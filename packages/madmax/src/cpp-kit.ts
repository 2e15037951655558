import { ArenaError, type CppKit, ownMatch, roundFrames } from "@arena/core";
import { ORIGINAL_NAMES } from "./cpp-original-names";
import { writeCppTurn } from "./cpp-turn";
import { MadMaxMatch } from "./match";
import type { MadMaxOrder } from "./state";

const asMatch = (match: unknown): MadMaxMatch => ownMatch(match, MadMaxMatch, "Mad Max");

const moduleUrl = import.meta.url;

/** Each match's turn frames: one per round, copied into a buffer of the match's. */
const frames = roundFrames(writeCppTurn);

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
  originalNames: ORIGINAL_NAMES,
  start: (match) => asMatch(match).resPreamble(["-", "-", "-", "-"]),
  // Every player of a round gets the same text: written once per round (and again only if a
  // player was frozen meanwhile, which shows in the status line).
  turn: (match) => frames(match, asMatch(match).state),
  order,
};
