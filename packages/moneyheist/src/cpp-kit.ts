import { ArenaError, type CppKit, ownMatch, roundFrames } from "@arena/core";
import { ORIGINAL_NAMES } from "./cpp-original-names";
import { writeCppTurn } from "./cpp-turn";
import { MoneyHeistMatch } from "./match";
import type { MoneyHeistOrder } from "./orders";

const asMatch = (match: unknown): MoneyHeistMatch =>
  ownMatch(match, MoneyHeistMatch, "Money Heist");

const moduleUrl = import.meta.url;

/** Each match's turn frames: one per round, copied into a buffer of the match's. */
const frames = roundFrames(writeCppTurn);

const LETTERS = ["d", "r", "u", "l"] as const;

/**
 * One order line of the C++ adapter (`cpp/Action.hh`): `m <id> <dir>`, `o <id> <dir> <n> <v…>`,
 * `c <id>` or `h <id>`.
 */
function order(line: string): MoneyHeistOrder {
  const words = line.split(" ");
  const unit = Number(words[1]);
  const dir = words[2] as (typeof LETTERS)[number];
  switch (words[0]) {
    case "m":
      return { unit, kind: "move", dir };
    case "o":
      return { unit, kind: "open", dir, solution: words.slice(4).map(Number) };
    case "c":
      return { unit, kind: "charge" };
    case "h":
      return { unit, kind: "heal" };
    default:
      throw new ArenaError("BAD_ORDER", `unknown order line '${line}'`);
  }
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
