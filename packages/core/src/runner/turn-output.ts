// What an out-of-process bot writes on stderr (or prints) during each of its turns, kept for the
// replay's notes record beside the bot's annotations (the viewer's log panel shows it per turn).

/** Characters of a bot's stderr kept per turn in the replay (its first ones). */
export const STDERR_TURN_LIMIT = 2048;

/** Characters of a bot's stderr kept per match in the replay's notes (all turns together). */
export const STDERR_MATCH_LIMIT = 256 * 1024;

/** The cap that cut a turn's stderr: the turn's own, or the match's (all turns together). */
export interface StderrCap {
  per: "turn" | "match";
  /** The cap, in characters. */
  characters: number;
}

/** One turn's stderr as the replay keeps it (fields of that player's `BotNote`). */
export interface TurnStderr {
  /** What the bot wrote during the turn, at most `STDERR_TURN_LIMIT` characters. */
  stderr: string;
  /** Characters written during the turn but not kept (over a cap); absent when none. */
  stderrDropped?: number;
  /** The cap that cut it, when some was not kept (the replay says which and how large). */
  stderrCap?: StderrCap;
}

/**
 * Collects one bot's output between two recorded turns, capped per turn and per match. The
 * runner pushes every chunk as it comes and takes the turn's text when it records the step; what
 * arrives after that (written after the reply, or between turns) goes with the next turn.
 */
export class TurnOutput {
  private parts: string[] = [];
  private kept = 0;
  private dropped = 0;
  /** The cap that cut this turn's text first. */
  private cap: StderrCap | undefined;
  /** Characters kept over the match so far. */
  private total = 0;

  constructor(
    private readonly turnLimit = STDERR_TURN_LIMIT,
    private readonly matchLimit = STDERR_MATCH_LIMIT,
  ) {}

  /** Adds a chunk of output. */
  push(text: string): void {
    const room = Math.min(this.turnLimit - this.kept, this.matchLimit - this.total);
    if (room >= text.length) {
      this.parts.push(text);
      this.kept += text.length;
      this.total += text.length;
      return;
    }
    const part = room > 0 ? text.slice(0, room) : "";
    this.cap ??=
      this.matchLimit - this.total < this.turnLimit - this.kept
        ? { per: "match", characters: this.matchLimit }
        : { per: "turn", characters: this.turnLimit };
    if (part.length > 0) this.parts.push(part);
    this.kept += part.length;
    this.total += part.length;
    this.dropped += text.length - part.length;
  }

  /** The output since the last call (undefined when there was none), and starts a new turn. */
  take(): TurnStderr | undefined {
    if (this.kept === 0 && this.dropped === 0) return undefined;
    const turn: TurnStderr = { stderr: this.parts.join("") };
    if (this.dropped > 0) turn.stderrDropped = this.dropped;
    if (this.cap !== undefined) turn.stderrCap = this.cap;
    this.parts = [];
    this.kept = 0;
    this.dropped = 0;
    this.cap = undefined;
    return turn;
  }
}
