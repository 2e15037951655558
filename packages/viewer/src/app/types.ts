import type { AnyEngine, Match } from "@arena/core";
import { detectRes } from "../detect";

/** How a legend swatch is drawn: a square (default), a disc, a diamond, or a square with a dark outline. */
export type LegendShape = "square" | "disc" | "diamond" | "outlined";

/** What the scoreboard shows for one player at one frame. */
export interface PlayerLine {
  /** The score, as `arena replay` prints it. */
  score: number;
  /** Game-specific figures, in display order: label and value. */
  figures: Array<[string, string | number]>;
  /** Frozen (its bot failed): shown as OUT. */
  out: boolean;
}

/** Reading a game's original `.res` replay text. */
export interface ResFormat<F> {
  /** Whether `head` (the first kilobyte of a file) is this game's `.res`. */
  detect(head: string): boolean;
  /**
   * The line that starts the text between two states (e.g. `commands`): the `.res` is split at
   * each such line into the pieces "what happened in round r" + "state after round r".
   */
  separator: string;
  /** Player names from the preamble (the text up to and including the `names` line). */
  names(preamble: string): string[];
  /** Parses one piece (state 0: only the state; later: the round's actions and the state). Throws `Error`. */
  parse(preamble: string, piece: string): F;
}

/** How the viewer shows one game. `F` is the game's frame: one state, as plain data. */
export interface GameView<F = unknown> {
  /** `Engine.name`. */
  readonly game: string;
  /** The engine that re-simulates arena replays of this game. */
  readonly engine: AnyEngine;
  /** The `.res` format, for the games that have one (frames of replays are read through it too). */
  readonly res?: ResFormat<F>;
  /** The frame of a live match, for games without `.res`. */
  fromMatch?(match: Match): F;
  /** The round number this frame shows. */
  round(frame: F): number;
  /** A short label for the frame in the control bar (default `Round r`). */
  label?(frame: F): string;
  /** One line per player. */
  players(frame: F): PlayerLine[];
  /** Board size in cells: [columns, rows]. */
  size(frame: F): [number, number];
  /**
   * Draws `frame` on a canvas whose cells are `cell` pixels wide, origin at the board's top-left.
   * When `prev` is given, moving things are drawn a fraction `t` (0..1) of the way from where
   * they were in `prev`.
   */
  draw(ctx: CanvasRenderingContext2D, frame: F, prev: F | undefined, t: number, cell: number): void;
  /** The legend under the board: swatch colour, meaning, and the swatch's shape (default a square). */
  legend?: Array<[string, string] | [string, string, LegendShape]>;
}

/** Player colours, by player number (the originals' order: red, green, blue, magenta first). */
export const PLAYER_COLORS = [
  "#e53935",
  "#43a047",
  "#1e88e5",
  "#d81b9a",
  "#fb8c00",
  "#00acc1",
  "#8e24aa",
  "#7cb342",
];

export const playerColor = (player: number): string =>
  PLAYER_COLORS[((player % PLAYER_COLORS.length) + PLAYER_COLORS.length) % PLAYER_COLORS.length]!;

/** The player names of a Jutge `.res` preamble (its `names` line). */
export const resNames = (preamble: string): string[] =>
  (/^names[ \t]+(.*)$/m.exec(preamble)?.[1] ?? "").trim().split(/\s+/);

/** The `.res` format of a Jutge game: recognised by `detectRes`, names from the `names` line. */
export function jutgeRes<F>(
  game: string,
  separator: string,
  parse: (preamble: string, piece: string) => F,
): ResFormat<F> {
  return { detect: (head) => detectRes(head) === game, separator, names: resNames, parse };
}
