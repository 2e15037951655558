import type { Json } from "@arena/core";

/** Config fields that hold a game's number of rounds, at the top or under `params`. */
const ROUND_FIELDS = ["numRounds", "nb_rounds", "nb_rnds", "rounds"];

/** The number of rounds a match of `config` lasts, when the config says it; else undefined. */
export function totalRounds(config: Json): number | undefined {
  if (config === null || typeof config !== "object" || Array.isArray(config)) return undefined;
  const params = config.params;
  for (const holder of [config, params]) {
    if (holder === null || typeof holder !== "object" || Array.isArray(holder)) continue;
    for (const field of ROUND_FIELDS) {
      const value = holder[field];
      if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
    }
  }
  return undefined;
}

/** `83.4` → `1m23s`, `7.2` → `7s`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return whole >= 60
    ? `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, "0")}s`
    : `${whole}s`;
}

/**
 * A one-line progress display on a terminal: `Money Heist  round 57/200  28%  ETA 3s  scores …`,
 * redrawn in place at most every 100 ms, shown only once the match has run a moment (short
 * matches print nothing), and erased before other output and at the end.
 */
export class ProgressLine {
  private shown = false;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private readonly started: number;

  constructor(
    private readonly write: (text: string) => void,
    private readonly title: string,
    private readonly total: number | undefined,
    private readonly now: () => number = () => performance.now(),
    private readonly delayMs = 300,
  ) {
    this.started = now();
  }

  /** The text for `round` of the match, `elapsedMs` after it started. */
  text(round: number, scores: readonly number[], elapsedMs: number): string {
    const parts = [this.title];
    if (this.total !== undefined) {
      const done = Math.min(1, round / this.total);
      parts.push(`round ${round}/${this.total}`, `${Math.floor(done * 100)}%`);
      if (round > 0) {
        const left = (elapsedMs / round) * Math.max(0, this.total - round);
        parts.push(`ETA ${formatDuration(left / 1000)}`);
      }
    } else parts.push(`round ${round}`);
    parts.push(`scores ${scores.join(" ")}`);
    return parts.join("  ");
  }

  /** Called after every step; draws when due. */
  update(round: number, scores: readonly number[]): void {
    const now = this.now();
    if (now - this.started < this.delayMs || now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.shown = true;
    this.write(`\r\x1b[K${this.text(round, scores, now - this.started)}`);
  }

  /** Erases the line (before a warning, and at the end). */
  clear(): void {
    if (!this.shown) return;
    this.shown = false;
    this.write("\r\x1b[K");
  }
}
