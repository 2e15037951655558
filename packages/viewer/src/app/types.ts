import type { AnyEngine, GameEvent, Match } from "@arena/core";
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

/** A stat line: label and value. */
export type Stat = [string, string | number];

/**
 * Something on the board the inspector shows: a unit, a car, a goku, a missile, a lighthouse, a
 * bean… Positions are display cells (row from the top, column from the left).
 */
export interface Piece {
  /** Stable across frames (`unit 12`), so that a pinned piece is followed. */
  key: string;
  /** What it is, in the original's vocabulary (`soldier`, `goku`, `car`). */
  kind: string;
  /** Its id, as the original API numbers it. */
  id: number;
  /** The owner, when it has one. */
  player?: number;
  row: number;
  col: number;
  /** Every stat the original API exposes for it. */
  stats: Stat[];
  /** Dead and waiting to come back: the board shows a mark and `countdown` (rounds). */
  dead?: boolean;
  countdown?: number;
}

/** Kinds of events, as the list and the board show them. */
export type EventKind =
  | "move"
  | "attack"
  | "kill"
  | "death"
  | "capture"
  | "pickup"
  | "safe"
  | "ray"
  | "missile"
  | "respawn";

/**
 * Something that happened in a round: what the engine's rules reported (`Match.events()`, for an
 * arena replay, re-simulated), or, for an original `.res`, what its states and log show.
 */
export interface BoardEvent {
  kind: EventKind;
  /** The player who did it (or to whom it happened). */
  player?: number;
  /** One line for the events list. */
  text: string;
  /** Where it happened (display cell: row, column). */
  at: [number, number];
  /** The other end (an attack's target, a ray's end). */
  to?: [number, number];
  /**
   * The pieces it is about, by `Piece.key` (`unit 12`): who did it first (a killer, an
   * attacker), then who it happened to.
   */
  units?: string[];
  /**
   * Read from the difference between two states of a `.res` (which has no orders), not reported
   * by the rules: what is sure (a unit gone) without what is not (who or what killed it). The
   * text says so.
   */
  inferred?: true;
}

/** For each type of a game's events `E`, how one reads in the events list and where it is drawn. */
export type EventLines<E extends GameEvent, Context> = {
  [T in E["type"]]: (event: Extract<E, { type: T }>, context: Context) => BoardEvent;
};

/** `events` as board events, through `lines` (an event of a type it does not know is skipped). */
export function eventLines<E extends GameEvent, Context>(
  events: readonly E[],
  lines: EventLines<E, Context>,
  context: Context,
): BoardEvent[] {
  const out: BoardEvent[] = [];
  for (const event of events) {
    const line = (lines as unknown as Record<string, (e: E, c: Context) => BoardEvent>)[event.type];
    if (line !== undefined) out.push(line(event, context));
  }
  return out;
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
  /** The pieces on the board (and the dead ones waiting to come back), for the inspector. */
  pieces(frame: F): Piece[];
  /** What cell (row, col) is (terrain, objects on it), as the original API describes it. */
  cellInfo(frame: F, row: number, col: number): Stat[];
  /**
   * The display cell (row from the top, column) of a cell as the game's API names it, for bot
   * annotations (default: the same `[row, col]`; Lighthouses turns `[x, y]` upside down).
   */
  displayCell?(frame: F, cell: [number, number]): [number, number];
  /**
   * The events of the step that led from `prev` to `frame`, from what the engine's rules reported
   * in that step (`Match.events()` of the re-simulated match) and the two frames.
   */
  fromEngine(events: readonly GameEvent[], prev: F, frame: F): BoardEvent[];
  /**
   * For an original `.res` (states and the actions done, no orders): the events the two states
   * and the round's log show for sure, those read from a difference marked `inferred`. Never a
   * cause or a killer that the file does not hold.
   */
  infer?(prev: F, frame: F): BoardEvent[];
  /** The legend under the board: swatch colour, meaning, and the swatch's shape (default a square). */
  legend?: Array<[string, string] | [string, string, LegendShape]>;
}

/**
 * Player colours, by player number: the Okabe–Ito palette (told apart under the common colour
 * vision deficiencies), blue, orange, bluish green, reddish purple first. Units also carry their
 * player's number, so colour is never the only cue.
 */
export const PLAYER_COLORS = [
  "#0072b2",
  "#e69f00",
  "#009e73",
  "#cc79a7",
  "#d55e00",
  "#56b4e9",
  "#f0e442",
  "#999999",
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
