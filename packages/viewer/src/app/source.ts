import { type AnyEngine, type GameEvent, type Match, type Replay, verifyReplay } from "@arena/core";
import type { BotNote } from "./annotations";
import type { BoardEvent, GameView, Piece, PlayerLine } from "./types";

/** A match to show: a sequence of frames, with every frame's scores known up front. */
export interface Source {
  readonly view: GameView;
  /** Player names. */
  readonly names: string[];
  /** Number of frames (frame 0 is the initial state). */
  readonly length: number;
  /** `scores[i]`: every player's score at frame i (for the chart). */
  readonly scores: number[][];
  /** What the file is, for the title bar. */
  readonly kind: string;
  /** A warning to show (e.g. a truncated file whose readable part is shown). */
  readonly warning?: string;
  /** The frame at index i (0 ≤ i < length). */
  frame(i: number): unknown;
  /** The scoreboard lines at frame i. */
  players(i: number): PlayerLine[];
  /** The pieces at frame i (for the inspector and the overlays). */
  pieces(i: number): Piece[];
  /**
   * The events of the round that led to frame i (none for frame 0): for an arena replay, what the
   * engine's rules reported; for a `.res`, what its states show (`BoardEvent.inferred`).
   */
  events(i: number): BoardEvent[];
  /** What each bot attached to its turn played from frame i (bot annotations), by player. */
  notes(i: number): Array<BotNote | undefined>;
  /** Whether the file says the match is over (false for a truncated or still running one). */
  readonly over: boolean;
  /** The tail of each bot's stderr, when the replay kept it (by player; null: nothing). */
  readonly stderr: Array<string | null>;
}

/** Splits a `.res` text into its preamble (through the `names` line) and state pieces. */
export function splitRes(text: string, separator: string): { preamble: string; pieces: string[] } {
  const namesAt = text.search(/^names\b/m);
  if (namesAt < 0) throw new Error("the file has no 'names' line: it is not a complete .res");
  const preambleEnd = text.indexOf("\n", namesAt) + 1 || text.length;
  const preamble = text.slice(0, preambleEnd);
  const pieces: string[] = [];
  const marker = `\n${separator}\n`;
  let start = preambleEnd;
  for (;;) {
    const at = text.indexOf(marker, start);
    if (at < 0) break;
    pieces.push(text.slice(start, at + 1));
    start = at + 1;
  }
  const rest = text.slice(start);
  if (rest.trim() !== "") pieces.push(rest);
  return { preamble, pieces };
}

/** A small cache of recently built frames (playback asks for i and i − 1 over and over). */
class FrameCache<F> {
  private readonly map = new Map<number, F>();
  constructor(private readonly size = 64) {}
  get(i: number, make: () => F): F {
    const hit = this.map.get(i);
    if (hit !== undefined) {
      this.map.delete(i);
      this.map.set(i, hit);
      return hit;
    }
    const value = make();
    this.map.set(i, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as number);
    return value;
  }
}

/** The pieces and events of a source's frames, derived by its game view and cached. */
abstract class DerivedSource {
  abstract readonly view: GameView;
  abstract frame(i: number): unknown;
  private readonly pieceCache = new FrameCache<Piece[]>();
  private readonly eventCache = new FrameCache<BoardEvent[]>();

  pieces(i: number): Piece[] {
    return this.pieceCache.get(i, () => this.view.pieces(this.frame(i)));
  }

  events(i: number): BoardEvent[] {
    if (i <= 0) return [];
    return this.eventCache.get(i, () => this.eventsOf(i, this.frame(i - 1), this.frame(i)));
  }

  /** The events of the step that led from frame i − 1 (`prev`) to frame i. */
  protected abstract eventsOf(i: number, prev: unknown, frame: unknown): BoardEvent[];

  notes(_i: number): Array<BotNote | undefined> {
    return [];
  }
}

/** An original `.res` file: every state is parsed when it is opened (errors show at once). */
export class ResSource extends DerivedSource implements Source {
  readonly names: string[];
  readonly length: number;
  readonly scores: number[][];
  readonly kind = ".res";
  readonly warning?: string;
  readonly over: boolean;
  readonly stderr: Array<string | null> = [];
  private readonly frames: unknown[];

  constructor(
    readonly view: GameView,
    text: string,
  ) {
    super();
    const res = view.res!;
    const { preamble, pieces } = splitRes(text.replace(/\r\n/g, "\n"), res.separator);
    this.names = res.names(preamble);
    this.frames = [];
    for (let i = 0; i < pieces.length; i++) {
      try {
        this.frames.push(res.parse(preamble, pieces[i]!));
      } catch (error) {
        // A file cut inside its last state still shows what it has.
        if (i === pieces.length - 1 && i > 0) {
          this.warning = `the file ends inside state ${i} (${(error as Error).message}); the ${i} states before it are shown`;
          break;
        }
        throw new Error(`state ${i}: ${(error as Error).message}`);
      }
    }
    if (this.frames.length === 0) throw new Error("the file has no state after its preamble");
    this.length = this.frames.length;
    this.over = this.warning === undefined;
    this.scores = this.frames.map((f) => view.players(f).map((p) => p.score));
  }

  frame(i: number): unknown {
    return this.frames[i];
  }

  players(i: number): PlayerLine[] {
    return this.view.players(this.frames[i]);
  }

  /** A `.res` has no orders: only what its states and log show (the game view's `infer`). */
  protected eventsOf(_i: number, prev: unknown, frame: unknown): BoardEvent[] {
    return this.view.infer?.(prev, frame) ?? [];
  }
}

/** Steps between kept snapshots: any frame is at most this many steps from one. */
export const SNAPSHOT_EVERY = 64;

/**
 * An arena replay, re-simulated with the game's engine (every recorded digest is checked).
 * A snapshot is kept every `SNAPSHOT_EVERY` steps, so any frame is rebuilt in a few steps.
 */
export class ReplaySource extends DerivedSource implements Source {
  readonly names: string[];
  readonly length: number;
  readonly scores: number[][];
  readonly kind = "arena replay";
  readonly warning?: string;
  readonly over: boolean;
  readonly stderr: Array<string | null>;
  private readonly engine: AnyEngine;
  private readonly annotations: Array<Array<BotNote | undefined>>;
  private snapshots: unknown[] = [];
  private readonly orders: unknown[][][];
  private readonly frozenAt = new Map<number, number[]>();
  /** What the rules reported at each step (`Match.events()`), gathered as the replay is verified. */
  private readonly stepEvents: Array<readonly GameEvent[]>;
  private readonly cache = new FrameCache<unknown>();
  private readonly lines = new FrameCache<PlayerLine[]>();
  /** A live match and the step it is at, reused when frames are asked for in order. */
  private cursor: { match: Match; step: number } | undefined;
  /** The match after the last step (a longer version of the file continues from it). */
  private tail: Match | undefined;
  /** The header as read, to recognise a longer version of the same file. */
  private readonly headerText: string;

  /**
   * Re-simulates `replay`. With `previous`, the source of an earlier, shorter read of the same
   * file (a match being played), only the new steps are simulated: a live view pays for each step
   * once, not for the whole match at every update.
   */
  constructor(
    readonly view: GameView,
    replay: Replay,
    previous?: ReplaySource,
  ) {
    super();
    this.engine = view.engine;
    const { header } = replay;
    this.names = header.players;
    this.headerText = JSON.stringify(header);
    const known = previous?.continuedBy(replay) ? previous.orders.length : 0;
    this.orders = previous !== undefined && known > 0 ? previous.orders.slice() : [];
    this.stepEvents =
      previous !== undefined && known > 0 ? previous.stepEvents.slice(0, known) : [];
    for (let s = this.orders.length; s < replay.steps.length; s++)
      this.orders.push(
        replay.steps[s]!.map((list) => list.map((raw) => this.engine.parseOrder(raw))),
      );
    for (const { step, player } of replay.frozen) {
      const list = this.frozenAt.get(step) ?? [];
      list.push(player);
      this.frozenAt.set(step, list);
    }
    let scores: number[][];
    if (previous !== undefined && known > 0) {
      this.snapshots = previous.snapshots.slice();
      scores = previous.scores.slice();
      const match = previous.tail!;
      // The old source is done with: its last match goes on with the new steps.
      previous.tail = undefined;
      this.continueFrom(match, known, replay, scores);
    } else {
      const first = this.engine.create(header.config, header.seed, header.players.length);
      this.snapshots.push(first.snapshot());
      scores = [first.scores()];
      // The first frame is built from this match, not from a restore of its snapshot (a restore
      // costs about as much as a create, and the page shows frame 0 first).
      this.cursor = { match: first, step: 0 };
      this.tail = verifyReplay(this.engine, replay, {
        onStep: ({ step, scores: now, match }) => {
          scores.push(now);
          this.stepEvents.push(match.events?.() ?? []);
          if (step % SNAPSHOT_EVERY === 0) this.snapshots.push(match.snapshot());
        },
      }).match;
    }
    this.scores = scores;
    this.length = replay.steps.length + 1;
    this.over = replay.complete && replay.final?.over !== false;
    this.annotations = readNotes(replay);
    this.stderr = replay.final?.stderr ?? [];
    if (!replay.complete)
      this.warning = `the replay is truncated: the match was interrupted after step ${replay.steps.length}`;
  }

  /**
   * Whether `replay` is this file read again after it grew: the same header, at least as many
   * steps (the last one known unchanged), and this read not yet complete.
   */
  private continuedBy(replay: Replay): boolean {
    const steps = this.orders.length;
    return (
      this.tail !== undefined &&
      !this.over &&
      this.warning !== undefined &&
      JSON.stringify(replay.header) === this.headerText &&
      replay.steps.length >= steps &&
      steps > 0 &&
      JSON.stringify(
        replay.steps[steps - 1]!.map((list) => list.map((raw) => this.engine.parseOrder(raw))),
      ) === JSON.stringify(this.orders[steps - 1])
    );
  }

  /**
   * Simulates steps `from`… of `replay` on `match` (at step `from`), checking the recorded digests
   * and the end record as `verifyReplay` does.
   */
  private continueFrom(match: Match, from: number, replay: Replay, scores: number[][]): void {
    const digests = new Map(replay.digests.map((d) => [d.step, d.digest >>> 0]));
    for (let s = from; s < replay.steps.length; s++) {
      for (const player of this.frozenAt.get(s) ?? []) match.freeze(player);
      if (match.isOver())
        throw new Error(
          `the match is over after ${s} steps but the replay has ${replay.steps.length}`,
        );
      match.step(this.orders[s]!);
      scores.push(match.scores());
      this.stepEvents.push(match.events?.() ?? []);
      const recorded = digests.get(s + 1);
      if (recorded !== undefined && match.digest() >>> 0 !== recorded)
        throw new Error(
          `the state after step ${s + 1} differs from the recorded one: the replay is corrupt or the engine resolves these orders differently`,
        );
      if ((s + 1) % SNAPSHOT_EVERY === 0) this.snapshots.push(match.snapshot());
    }
    if (replay.complete && replay.final?.over === true && !match.isOver())
      throw new Error(
        `the recorded match ended after ${replay.steps.length} steps but the re-simulated one is not over`,
      );
    const recordedScores = replay.complete ? replay.final?.scores : undefined;
    const final = match.scores();
    if (recordedScores !== undefined && recordedScores.join() !== final.join())
      throw new Error(
        `the end record's final scores (${recordedScores.join(" ")}) differ from the re-simulated ones (${final.join(" ")})`,
      );
    this.tail = match;
  }

  /** The live match at `step`. */
  private matchAt(step: number): Match {
    const c = this.cursor;
    if (c === undefined || c.step > step || step - c.step > SNAPSHOT_EVERY) {
      const base = Math.floor(step / SNAPSHOT_EVERY);
      this.cursor = {
        match: this.engine.restore(this.snapshots[base] as never),
        step: base * SNAPSHOT_EVERY,
      };
    }
    const cursor = this.cursor!;
    while (cursor.step < step) this.advance(cursor);
    return cursor.match;
  }

  private advance(cursor: { match: Match; step: number }): void {
    for (const player of this.frozenAt.get(cursor.step) ?? []) cursor.match.freeze(player);
    cursor.match.step(this.orders[cursor.step]!);
    cursor.step++;
  }

  frame(i: number): unknown {
    return this.cache.get(i, () => {
      const res = this.view.res;
      if (res === undefined || this.engine.res === undefined)
        return this.view.fromMatch!(this.matchAt(i));
      // Record the `.res` of step i (the actions that led to it and the state) and read it.
      const match = this.matchAt(Math.max(0, i - 1));
      const recorder = this.engine.res(match, this.names);
      if (i > 0) {
        this.advance(this.cursor!);
        recorder.afterStep();
      }
      const { preamble, pieces } = splitRes(recorder.text(), res.separator);
      return res.parse(preamble, pieces[pieces.length - 1]!);
    });
  }

  players(i: number): PlayerLine[] {
    return this.lines.get(i, () => this.view.players(this.frame(i)));
  }

  override notes(i: number): Array<BotNote | undefined> {
    return this.annotations[i] ?? [];
  }

  /** What the engine's rules reported in step i − 1 (kept from the verification), as board events. */
  protected eventsOf(i: number, prev: unknown, frame: unknown): BoardEvent[] {
    return this.view.fromEngine(this.stepEvents[i - 1] ?? [], prev, frame);
  }
}

/** The bot annotations of a replay, by step then player (none in replays without them). */
function readNotes(replay: Replay): Array<Array<BotNote | undefined>> {
  const out: Array<Array<BotNote | undefined>> = [];
  for (const { step, notes } of replay.notes ?? [])
    out[step] = notes.map((note) => note ?? undefined);
  return out;
}
