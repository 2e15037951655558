// `arena replay --json --events`: what the replay recorded of each bot's turns, as the `rejected`
// and `output` arrays of the result (each entry with its round and the viewer's frame).
import { type BotNote, REJECTED_MATCH_LIMIT, REJECTED_TURN_LIMIT, type Replay } from "@arena/core";

/** One rejected order of `ResultJson.rejected` (or, `reason: "not-recorded"`, a count of them). */
export interface RejectedJson {
  /** The round the bot saw when it gave the order (its `round()`). */
  round: number;
  /** The viewer's frame of that turn (steps resolved before it: 0 for the first turn). */
  step: number;
  player: number;
  /** Its index (0-based) among the orders the bot gave that turn. */
  index?: number;
  /** The order as given (`null`: not recorded). */
  order: unknown;
  /** Why, as a short code (each game's README lists its reasons). */
  reason: string;
  /** Why, in words: what the bot was told at its next turn. */
  message: string;
  /** For `not-recorded`: how many rejected orders of the turn the replay did not keep. */
  count?: number;
}

/** One piece of a bot's own output of `ResultJson.output`. */
export interface OutputJson {
  round: number;
  step: number;
  player: number;
  /**
   * `stderr` (a line it wrote on stderr, or printed, during the turn), `text` (a line of its
   * turn's text), `mark` (a mark on `cell`), `unit` (a text on `unit`), `line` (`from` → `to`),
   * `stderr-cut` (what the replay did not keep of the turn's stderr, `characters`) or
   * `notes-cut` (its annotations went over their cap).
   */
  kind: "stderr" | "text" | "mark" | "unit" | "line" | "stderr-cut" | "notes-cut";
  text: string;
  cell?: [number, number];
  unit?: number;
  from?: [number, number];
  to?: [number, number];
  color?: string;
  characters?: number;
}

/** The round each frame shows: `roundAt(s)` for the turn played from frame s. */
export type RoundAt = (step: number) => number;

/** Every rejected order the replay recorded, turn by turn, players in order. */
export function rejectedJson(replay: Replay, roundAt: RoundAt): RejectedJson[] {
  const out: RejectedJson[] = [];
  for (const { step, players } of replay.rejected ?? []) {
    const round = roundAt(step);
    players.forEach((turn, player) => {
      if (turn === null) return;
      for (const { index, order, reason, message } of turn.orders)
        out.push({ round, step, player, index, order, reason, message });
      if (turn.dropped !== undefined && turn.dropped > 0)
        out.push({
          round,
          step,
          player,
          order: null,
          reason: "not-recorded",
          message: `${turn.dropped} more rejected orders of this turn are not in the replay (it keeps ${REJECTED_TURN_LIMIT} a turn and ${REJECTED_MATCH_LIMIT} a match per player)`,
          count: turn.dropped,
        });
    });
  }
  return out;
}

/** The lines of a text, without the newline that ends its last. */
const linesOf = (text: string): string[] => text.replace(/\n$/, "").split("\n");

/** One bot's output of one turn, in the order the viewer lists it. */
function noteOutput(note: BotNote, at: { round: number; step: number; player: number }) {
  const out: OutputJson[] = [];
  if (note.stderr !== undefined && note.stderr !== "")
    for (const text of linesOf(note.stderr)) out.push({ ...at, kind: "stderr", text });
  if (note.stderrDropped !== undefined) {
    const cap = note.stderrCap;
    out.push({
      ...at,
      kind: "stderr-cut",
      text: `${note.stderrDropped} more characters of stderr not kept${cap === undefined ? "" : ` (over the cap of ${cap.characters} characters a ${cap.per})`}`,
      characters: note.stderrDropped,
    });
  }
  if (note.text !== undefined)
    for (const text of linesOf(note.text)) out.push({ ...at, kind: "text", text });
  for (const mark of note.marks ?? [])
    out.push({ ...at, kind: "mark", text: mark.text ?? "", cell: mark.cell, ...color(mark.color) });
  for (const unit of note.units ?? [])
    out.push({ ...at, kind: "unit", text: unit.text, unit: unit.id });
  for (const line of note.lines ?? [])
    out.push({ ...at, kind: "line", text: "", from: line.from, to: line.to, ...color(line.color) });
  if (note.truncated)
    out.push({
      ...at,
      kind: "notes-cut",
      text:
        note.notesCap === undefined
          ? "annotations over the cap of a turn (16 KiB) were dropped"
          : `annotations not kept: the bot's annotations of the match went over their cap (${note.notesCap.bytes} bytes)`,
    });
  return out;
}

const color = (value: string | undefined) => (value === undefined ? {} : { color: value });

/** Every bot's own output the replay recorded (stderr lines and annotations), turn by turn. */
export function outputJson(replay: Replay, roundAt: RoundAt): OutputJson[] {
  const out: OutputJson[] = [];
  for (const { step, notes } of replay.notes ?? []) {
    const round = roundAt(step);
    notes.forEach((note, player) => {
      if (note !== null) out.push(...noteOutput(note, { round, step, player }));
    });
  }
  return out;
}
