import type { Match } from "../engine/engine";

/**
 * What a game provides so that students' own C++ players (`AI<Name>.cc`, written against the
 * original kit's player API) run in arena: its compatibility headers and adapter `main` (a
 * directory shipped with the game package), and the text of the messages the adapter reads.
 *
 * The transport core speaks with the compiled player (the `.res` text of the original is the
 * natural one: the games already write it byte for byte):
 * - to the player, frames `<byte count>\n<bytes>`: first the start frame
 *   `player <p>\nseed <s>\nbudget <total ms, 0 = none>\n` + `start()`, then one frame per turn
 *   with `turn()`; end of input ends the program;
 * - from the player, per turn: a line `orders <kept> <offered> <cpu µs> [<extra>]` and `kept`
 *   order lines (the adapter already dropped duplicate units, first wins; `offered` counts every
 *   call, for the 1000-commands rule; the process's CPU time so far; `extra`, if any, goes to
 *   `reply()`), each read with `order()`.
 */
export interface CppKit {
  /** `file:` URL of the directory with the compatibility headers and the adapter sources. */
  readonly directory: string;
  /** The adapter sources (file names in `directory`) compiled and linked with the player. */
  readonly sources: readonly string[];
  /**
   * Every public name the original kit's headers give a player (types, enumerators, functions,
   * members, macros): when a player does not compile because the kit lacks one of them, the
   * error says so and blames arena (@arena/bots' `missingKitNames`), not the player.
   */
  readonly originalNames?: readonly string[];
  /** The game-specific part of the start frame (the settings), e.g. the original `.res` preamble. */
  start(match: Match, player: number): string;
  /**
   * The turn frame: the state the player sees, e.g. the original `.res` state block (bytes, or a
   * string sent as UTF-8; the same bytes may be returned to every player of a round).
   */
  turn(match: Match, player: number): string | Uint8Array;
  /**
   * One order line written by the adapter, as the game's order JSON (the runner validates it with
   * `Engine.parseOrder`; a line seen before is not read again).
   */
  order(line: string): unknown;
  /**
   * Takes back what the adapter wrote after the fixed fields of its reply header, before the
   * orders are read: e.g. the states of random streams the player shares with the engine (Bola de
   * Drac 2012: sent in `turn()`, drawn from by the player, handed back here). Throws on bad input.
   */
  reply?(match: Match, player: number, extra: string): void;
}
