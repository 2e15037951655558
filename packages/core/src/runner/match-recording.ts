import type { AnyEngine, Match, ResRecorder } from "../engine/engine";
import type { BotNote } from "../notes/bot-notes";
import { REPLAY_FORMAT, type ReplayHeader } from "../replay/replay";
import { ReplayWriter } from "../replay/replay-file";
import { TextFileWriter } from "../replay/text-file-writer";
import type { UsageRecord } from "../replay/usage";
import type { RunOptions } from "./run-match";
import type { Seat } from "./seat";

/** Bytes of each bot's stderr kept in the replay's end record (its tail). */
const STDERR_TAIL = 4096;

/**
 * What a match leaves behind as it is played: the replay (`RunOptions.replay`: written step by
 * step, closed with its end record) and the original `.res` (`RunOptions.res`: kept, or streamed
 * to a file renamed into place when the match is over).
 */
export class MatchRecording {
  private constructor(
    readonly writer: ReplayWriter | undefined,
    private readonly resFile: TextFileWriter | undefined,
    private readonly recorder: ResRecorder | undefined,
    private readonly digestEvery: number,
  ) {}

  /** Opens the replay and the `.res` file the options ask for (nothing is left open on failure). */
  static open(
    engine: AnyEngine,
    options: RunOptions,
    match: Match,
    names: string[],
    digestEvery: number,
    seats: readonly Seat[],
  ): MatchRecording {
    let writer: ReplayWriter | undefined;
    if (typeof options.replay === "string") {
      const limits = seats.map((seat) => seat.instructionLimits());
      const header: ReplayHeader = {
        format: REPLAY_FORMAT,
        game: engine.name,
        engineVersion: engine.version,
        config: options.config,
        seed: options.seed,
        players: names,
        digestEvery,
        initialDigest: match.digest() >>> 0,
        ...(limits.some((limit) => limit !== null) ? { instructionLimits: limits } : {}),
      };
      writer = ReplayWriter.open(options.replay, header);
    } else writer = options.replay;
    let resFile: TextFileWriter | undefined;
    try {
      if (typeof options.res === "string" && engine.res) resFile = TextFileWriter.open(options.res);
    } catch (error) {
      writer?.close();
      throw error;
    }
    const recorder =
      options.res && engine.res ? engine.res(match, names, resFile?.write) : undefined;
    return new MatchRecording(writer, resFile, recorder, digestEvery);
  }

  /**
   * What each bot in its own process wrote during its turn, added to its note of the step (when
   * there is a replay). Stderr and the reply come on different pipes: one turn of the event loop
   * lets what was written before the reply arrive first (what comes later goes with its next turn).
   */
  async takeOutput(
    moved: readonly number[],
    seats: readonly Seat[],
    noteOf: (player: number) => BotNote | null,
    setNote: (player: number, note: BotNote) => void,
  ): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const player of moved) {
      const turn = seats[player]?.output.take();
      if (turn !== undefined) setNote(player, { ...noteOf(player), ...turn });
    }
  }

  /**
   * Records a resolved step: the `.res` text after it, and the replay's step record (with the
   * `usage` records of what the bots used since the last step).
   */
  recordStep(
    step: number,
    match: Match,
    orders: ReadonlyArray<readonly unknown[]>,
    frozen: readonly number[],
    notes: Array<BotNote | null> | undefined,
    usage: readonly UsageRecord[] | undefined,
  ): void {
    this.recorder?.afterStep();
    const due = step % this.digestEvery === 0 || match.isOver();
    this.writer?.writeStep(orders, due ? match.digest() >>> 0 : undefined, frozen, notes, usage);
  }

  /**
   * Closes the replay: with its end record when the match is over or was aborted (scores,
   * faults, the tail of each bot's stderr when some bot wrote any; the players frozen after the
   * last step recorded first, `frozenAfterLastStep`), without when the runner
   * itself failed (a readable, truncated prefix). The `.res` file is renamed into place only
   * when the match is over (else left at `.partial`).
   */
  close(
    finished: boolean,
    aborted: boolean,
    match: Match,
    seats: readonly Seat[],
    frozenAfterLastStep: readonly number[] = [],
  ): void {
    try {
      const { writer } = this;
      if (writer === undefined) return;
      if (!finished && !aborted) {
        writer.close();
        return;
      }
      const stderr = seats.map((s) => s.controller.stderr?.()?.slice(-STDERR_TAIL) || null);
      writer.writeFreeze(frozenAfterLastStep);
      writer.close({
        over: finished,
        scores: match.scores(),
        faults: seats.map((s) => s.fault ?? null),
        ...(stderr.some((text) => text !== null) ? { stderr } : {}),
      });
    } finally {
      this.resFile?.close(finished);
    }
  }

  /** The `.res` text, when it was kept (`res: true`) rather than streamed to a file. */
  resText(): string | undefined {
    return this.recorder !== undefined && this.resFile === undefined
      ? this.recorder.text()
      : undefined;
  }
}
