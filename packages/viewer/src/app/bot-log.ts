// The bot log panel's data: each bot's per-turn text (the `text` of what it attached to its turns)
// and per-turn stderr (recorded by the runner for bots in their own process) up to the frame
// shown, found without scanning the match at every frame.
import type { BotNote } from "./annotations";
import type { Source } from "./source";

/** Log lines shown per bot at most (the newest ones up to the frame shown). */
export const LOG_LINES = 200;

const index = new WeakMap<Source, number[][]>();

/** Whether a turn's note has something for the log: a text or some stderr. */
export const hasLogLine = (note: BotNote | undefined): boolean =>
  note !== undefined &&
  (note.text !== undefined ||
    note.stderr !== undefined ||
    note.stderrDropped !== undefined ||
    note.notesCap !== undefined);

/**
 * The frames at which player `player`'s bot attached a text to its turn or wrote on stderr
 * during it, ascending (cached).
 */
export function textFrames(source: Source, player: number): number[] {
  let byPlayer = index.get(source);
  if (byPlayer === undefined) {
    const found: number[][] = source.names.map(() => []);
    for (let i = 0; i < source.length; i++)
      source.notes(i).forEach((note, p) => {
        if (hasLogLine(note)) found[p]?.push(i);
      });
    byPlayer = found;
    index.set(source, byPlayer);
  }
  return byPlayer[player] ?? [];
}

/**
 * The log of player `player` at frame `i`: the frames (at most `max`, the newest) up to `i` whose
 * turn has a text or stderr, and how many earlier ones are left out.
 */
export function logLines(
  source: Source,
  player: number,
  i: number,
  max = LOG_LINES,
): { frames: number[]; earlier: number } {
  const frames = textFrames(source, player);
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid]! <= i) lo = mid + 1;
    else hi = mid;
  }
  const from = Math.max(0, lo - max);
  return { frames: frames.slice(from, lo), earlier: from };
}
