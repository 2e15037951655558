// The turn scheduler: `runMatch` plays a match's life in named steps (match-run.ts): the seats
// set up (seat.ts: each one's budget and clock), started, then round after round each seat's
// turn (controller-call.ts: the call within its limits; turn-orders.ts: its orders checked and
// its rejections fed back), the step resolved and recorded (match-recording.ts), and the end.
import type { AnyEngine, Json, Match } from "../engine/engine";
import type { ReplayWriter } from "../replay/replay-file";
import type { Budget, Controller, MessageEvent } from "./controller";
import { MatchRun } from "./match-run";

export { ORDER_LIMIT } from "./seat";

/** Options of `runMatch`. */
export interface RunOptions {
  /** The match config (`Engine.defaultConfig()` or parsed). */
  config: Json;
  /** The match seed. */
  seed: number;
  /** The seats, index = player number. */
  players: Array<{ name: string; controller: Controller }>;
  /** Limits for every player (override each controller's `defaultBudget`). */
  budget?: Budget;
  /**
   * The CPU clock (ms) that in-process bots with a limit are measured with (default: this
   * process's CPU time, `process.cpuUsage()`). Tests inject one to be independent of speed.
   */
  cpuClock?: () => number;
  /** Keep `ctx.history` for every controller (it is kept anyway when one sets `wantsHistory`). */
  history?: boolean;
  /** A replay file path (written step by step while playing) or an open writer (closed at the end). */
  replay?: string | ReplayWriter;
  /** A digest is recorded every this many steps (default 100) and after the last one. */
  digestEvery?: number;
  /**
   * Record the original `.res` through `engine.res`: `true` keeps it in `MatchResult.res`; a path
   * streams it to that file as the match is played (`TextFileWriter`: `<path>.partial`, renamed
   * when the match is over).
   */
  res?: boolean | string;
  /** Called after every step (`replay`: the replay writer, when there is one). */
  onStep?(info: {
    step: number;
    round: number;
    scores: number[];
    match: Match;
    replay?: ReplayWriter;
  }): void;
  /** Every protocol message to and from external bots. */
  onMessage?(event: MessageEvent): void;
  /**
   * A turn that used more CPU time than the turn limit but less than the limit plus `graceMs`: not
   * a fault, a warning (the original Lighthouses printed "Bot 'NAME' over soft timeout").
   */
  onWarning?(event: WarningEvent): void;
  /**
   * Everything each bot writes on stderr (or prints, for module and worker bots), uncapped, as it
   * comes, and the text of its annotations after each of its turns (e.g. for `arena play --bot-log`).
   */
  onBotOutput?(event: BotOutputEvent): void;
  /** Aborts the match (throws `ArenaError("ABORTED")`; the replay is closed as not over). */
  signal?: AbortSignal;
}

/** Output of a bot (`RunOptions.onBotOutput`). */
export interface BotOutputEvent {
  player: number;
  /** `match.round()` when it came (stderr written between turns comes with the next round). */
  round: number;
  /** `stderr`: what it wrote (or printed); `note`: the text of its annotation of a turn. */
  kind: "stderr" | "note";
  text: string;
}

/** A warning about a player that is not a fault. */
export interface WarningEvent {
  step: number;
  round: number;
  player: number;
  message: string;
}

/** One player's outcome. */
export interface PlayerResult {
  name: string;
  label: string;
  score: number;
  /** 1 = best; ties share a rank. */
  rank: number;
  frozen: boolean;
  /** Why the player was frozen. */
  fault?: string;
  /** `match.round()` when it was frozen. */
  frozenAtRound?: number;
  /**
   * Time the bot used (start and every turn), in milliseconds: CPU time for out-of-process bots
   * and for in-process bots with a limit; wall time of the calls for in-process bots without one.
   */
  timeMs: number;
  /**
   * Instructions its bot executed (start and every turn), for bots that count them
   * (`Controller.instructions`: WebAssembly players): the same on every machine.
   */
  instructions?: number;
  /** Turns over the turn limit but within its grace (each one a `WarningEvent`). */
  lateTurns: number;
  /** What an external bot wrote on stderr, or an isolated bot printed (capped). */
  stderr?: string;
  /** The name the bot gave itself (protocols with a start reply, e.g. Lighthouses). */
  botName?: string;
  /** How many of its orders were rejected over the match (malformed, duplicate, the rules'). */
  rejectedOrders: number;
}

/** The outcome of `runMatch`. */
export interface MatchResult {
  game: string;
  seed: number;
  /** `match.round()` at the end. */
  rounds: number;
  /** Steps resolved. */
  steps: number;
  scores: number[];
  ranking: number[];
  players: PlayerResult[];
  /** The original `.res` text, when asked with `res: true` (not a path) and the game has one. */
  res?: string;
  /** Wall time of the whole match, in milliseconds. */
  durationMs: number;
}

/**
 * Plays a match to its end: at each step asks the unfrozen players of `match.toMove()` for
 * orders, applies the originals' limits, validates every order with `Engine.parseOrder` (whatever
 * the bot kind: a replay never holds an order arena would reject), freezes a player whose bot
 * fails (throws, goes over a CPU-time limit or the wall-clock safety net, gives more than 1000
 * orders) and goes on. A malformed order (or a duplicate) is dropped and rejected, not a fault; the
 * rejected orders of a turn (with the engine's own, `Match.feedback`) reach the bot at its next
 * turn (`PlayContext.rejected`, the view's `rejected`). Synchronous bots are called without any `await`.
 * Writes the replay step by step and closes every controller at the end, also when the runner
 * itself fails.
 */
export async function runMatch(engine: AnyEngine, options: RunOptions): Promise<MatchResult> {
  const startedAt = performance.now();
  const run = new MatchRun(engine, options);
  let finished = false;
  try {
    await run.startSeats();
    while (!run.match.isOver()) {
      const round = run.playRound();
      if (round !== undefined) await round;
    }
    finished = true;
  } finally {
    await run.close(finished);
  }
  return run.result(performance.now() - startedAt);
}
