import type { AnyEngine, Json, Match, OrderCollector } from "../engine/engine";
import type { Rejection } from "../engine/rejection";

/**
 * Limits of a player, in milliseconds. All optional: a missing limit is no limit, except that
 * out-of-process bots (external programs, module bots) default to `startMs` 10000 and `turnMs`
 * 10000. `startMs`, `turnMs` and `totalMs` are CPU time, as the Jutge rule: the CPU time of the
 * bot's process tree (from `/proc`, children included) for out-of-process bots, of this process
 * during the call for in-process ones. Wall-clock time is only a safety net (`wallMs`).
 */
export interface Budget {
  /** CPU time to start (an external process's start reply; a bot's `setup`). */
  startMs?: number;
  /** CPU time per step. */
  turnMs?: number;
  /** CPU time over the whole match (Jutge style), start included. */
  totalMs?: number;
  /**
   * Tolerance added to every CPU limit before a bot is at fault; a call over its limit but within
   * the grace is a late-turn warning. Default `DEFAULT_GRACE_MS` (20 ms: `/proc` counts CPU time in
   * 10 ms ticks).
   */
  graceMs?: number;
  /**
   * What `startMs`, `turnMs` and `totalMs` measure: `cpu` (default) or `wall`, wall-clock time
   * of each call, as the original Lighthouses engine's protocol timeouts.
   */
  clock?: "cpu" | "wall";
  /**
   * Wall-clock time a call may take before the bot is stopped, whatever its CPU time (a bot that
   * sleeps or blocks). Default `wallNetMs` of the call's CPU limit: `WALL_NET_FACTOR` (2) × the
   * limit with its grace, at least `WALL_NET_MIN_MS` (1 s), as Jutge kills a player whose move
   * takes twice its CPU limit; a turn's net does not count what the start left. Out-of-process
   * bots count it as wall-clock time less the time their processes waited for a CPU (a busy
   * machine does not count against them). None when there is no CPU limit.
   */
  wallMs?: number;
  /**
   * Instructions per call (a turn, or the start), for controllers that count the instructions
   * their bot executes (`Controller.instructions`: WebAssembly players): a deterministic budget,
   * the same on every machine. Others ignore it. No grace: one instruction over is a fault.
   */
  turnInstructions?: number;
  /** Instructions over the whole match, start included (see `turnInstructions`). */
  totalInstructions?: number;
}

/** Default `Budget.graceMs`. */
export const DEFAULT_GRACE_MS = 20;

/** The wall-clock safety net of a call, as a multiple of its CPU limit (see `Budget.wallMs`). */
export const WALL_NET_FACTOR = 2;
/** The shortest wall-clock safety net of a call (ms). */
export const WALL_NET_MIN_MS = 1000;

/** The default wall-clock safety net of a call whose CPU limit (with its grace) is `cpuLimitMs`. */
export function wallNetMs(cpuLimitMs: number): number {
  if (!Number.isFinite(cpuLimitMs)) return Number.POSITIVE_INFINITY;
  return Math.max(WALL_NET_MIN_MS, WALL_NET_FACTOR * cpuLimitMs);
}

const round = (ms: number): number => Math.round(ms);

/**
 * The fault reason of a bot over a CPU limit (`what`: `start`, `turn`, `result`, or `match` for
 * the total budget), `limitMs` without the grace.
 */
export function cpuFault(
  what: string,
  usedMs: number,
  limitMs: number,
  graceMs = 0,
  clock: "cpu" | "wall" = "cpu",
): string {
  const grace = graceMs > 0 ? ` (grace ${round(graceMs)} ms)` : "";
  const by = round(usedMs - limitMs);
  const time = clock === "wall" ? "wall-clock time" : "CPU time";
  if (what === "match") {
    return `used ${round(usedMs)} ms of ${time} in the match, over its total budget of ${round(limitMs)} ms by ${by} ms${grace}`;
  }
  return `used ${round(usedMs)} ms of ${time} for its ${what}, over the limit of ${round(limitMs)} ms by ${by} ms${grace}`;
}

/**
 * The fault reason of a controller that stopped its bot during a call over `ctx.timeLimitMs`
 * (the runner replaces it by the exact `cpuFault` once it has charged the call).
 */
export function callCpuFault(ctx: StartContext, what: string, usedMs: number): string {
  const grace = ctx.budget.graceMs ?? DEFAULT_GRACE_MS;
  return cpuFault(what, usedMs, ctx.timeLimitMs - grace, grace);
}

/**
 * The fault reason of a bot over an instruction budget (`what`: `start`, `turn`, or `match` for
 * the total budget): the count is the instructions it executed, exact and the same on every
 * machine.
 */
export function instructionFault(what: string, used: number, limit: number): string {
  if (what === "match") {
    return `executed ${used} instructions in the match, over its total budget of ${limit} instructions`;
  }
  return `executed ${used} instructions for its ${what}, over the limit of ${limit} instructions`;
}

/** The fault reason of a bot that did not answer within the wall-clock safety net. */
export function wallFault(what: string, wallMs: number, cpuMs: number | undefined): string {
  const cpu =
    cpuMs === undefined ? "" : `; it used ${round(cpuMs)} ms of CPU time: sleeping or blocked?`;
  return `did not answer its ${what} within ${round(wallMs)} ms of wall-clock time (the safety net${cpu})`;
}

/** The fault reason of a bot over its memory cap (`usedBytes` undefined: it ran out). */
export function memoryFault(usedBytes: number | undefined, limitMiB: number): string {
  if (usedBytes === undefined) return `ran out of memory: its process is capped at ${limitMiB} MiB`;
  const used = usedBytes / (1024 * 1024);
  return `used ${Math.round(used)} MiB of memory, over the limit of ${limitMiB} MiB by ${Math.round(used - limitMiB)} MiB`;
}

/** Something applied to the match, in order: a freeze or a resolved step. */
export type MatchEvent =
  | { readonly kind: "freeze"; readonly player: number }
  | { readonly kind: "step"; readonly orders: ReadonlyArray<ReadonlyArray<unknown>> };

/** A protocol message of an external bot, as passed to `RunOptions.onMessage`. */
export interface MessageEvent {
  round: number;
  player: number;
  dir: "to_bot" | "from_bot";
  msg: unknown;
}

/** What a controller sees when it starts. */
export interface StartContext<Order = unknown> {
  readonly engine: AnyEngine;
  /** The live match (read it; never step it). */
  readonly match: Match<Order>;
  readonly player: number;
  readonly config: Json;
  readonly seed: number;
  readonly numPlayers: number;
  /** This player's effective budget. */
  readonly budget: Budget;
  /**
   * CPU milliseconds this call may take (the start or turn limit, capped by what is left of the
   * total budget, plus grace); `Infinity` when unlimited. Out-of-process controllers enforce it
   * themselves while they wait.
   */
  readonly timeLimitMs: number;
  /** Wall-clock milliseconds this call may take (the safety net); `Infinity` when unlimited. */
  readonly wallLimitMs?: number;
  /**
   * Instructions this call may execute (`Budget.turnInstructions`, capped by what is left of
   * `totalInstructions`), for controllers that count them (`Controller.instructions`); `Infinity`
   * when unlimited. The controller stops its bot one instruction past it; the runner then freezes
   * it with `instructionFault`.
   */
  readonly instructionLimit?: number;
  /**
   * Everything applied to the match so far (freezes and steps), in order; kept only when a
   * controller of the match sets `wantsHistory` (empty otherwise).
   */
  readonly history: readonly MatchEvent[];
  /** Receives protocol messages (external bots). */
  readonly onMessage?: (event: MessageEvent) => void;
  /**
   * Receives everything the bot writes on stderr (or prints, for module and worker bots) as it
   * comes, uncapped (`RunOptions.onBotOutput`); controllers that capture output pass it on.
   */
  readonly onOutput?: (text: string) => void;
  readonly signal?: AbortSignal;
}

/** What a controller sees when it is to move. */
export interface PlayContext<Order = unknown> extends StartContext<Order> {
  /** Steps resolved so far (0 at the first step). */
  readonly step: number;
  /** `match.round()` now. */
  readonly round: number;
  /** Push this player's orders here (`collector.add(match.orderKey(order), order)`). */
  readonly collector: OrderCollector<Order>;
  /**
   * This player's orders rejected at its previous turn, by the index it gave them (empty when none):
   * sent to external bots in their turn message (`rejected`).
   */
  readonly rejected?: readonly Rejection[];
}

/**
 * A seat's source of orders at the runner level: an in-process bot, a worker-isolated bot, an
 * external program, or a recorded trace. Any error thrown (or rejected) by `start`/`play` is a
 * fault that freezes the player, with the error message as the reason.
 */
export interface Controller<Order = unknown> {
  /** Shown in results, e.g. `Demo`, `exec:python3 bot.py`, `trace`. */
  readonly label: string;
  /** Limits this kind of controller has by default (the match's `budget` overrides them). */
  readonly defaultBudget?: Budget;
  /** Set when the controller reads `ctx.history` (a replica of the match in another process). */
  readonly wantsHistory?: boolean;
  /**
   * The CPU time the bot's process (tree) has used so far in this match, in ms, for bots that run
   * out of process; the runner charges each call the difference. In-process bots leave it out:
   * the runner measures this process's CPU time during the call.
   */
  cpuMs?(): number;
  /**
   * The instructions the bot has executed so far in this match (a deterministic count: the same
   * on every machine), for controllers that count them (WebAssembly players). The runner charges
   * each call the difference against `Budget.turnInstructions` / `totalInstructions` and records
   * it in the replay (its `usage` records).
   */
  instructions?(): number;
  /** Once, before the first step. */
  start?(ctx: StartContext<Order>): Promise<void> | void;
  /** Gives this player's orders for the current step into `ctx.collector`. */
  play(ctx: PlayContext<Order>): Promise<void> | void;
  /** After a step in which this player played (e.g. to send a command's result). */
  afterStep?(ctx: PlayContext<Order>): Promise<void> | void;
  /** Always called once at the end (also after a fault, right when it happens). */
  close?(): Promise<void> | void;
  /** What the bot wrote on stderr (capped), for external bots. */
  stderr?(): string | undefined;
  /** The name the bot gave itself, if its protocol has one. */
  botName?(): string | undefined;
  /**
   * Seats whose controllers have the same group (read after `start`) and come one after another
   * in a step's call order are asked together (`ControllerGroup.playAll`) instead of one by one,
   * e.g. copies of a compiled C++ player served by one process.
   */
  readonly group?: ControllerGroup | undefined;
}

/**
 * Controllers asked together for a run of consecutive seats of a step (`Controller.group`): the
 * runner prepares every seat's context as for `play`, calls `playAll` once, then charges and
 * checks each seat as after its own `play`. A seat frozen for its own fault is left out of later
 * runs; the seats after it in the run have already played.
 */
export interface ControllerGroup<Order = unknown> {
  /**
   * Gives the orders of `controllers[k]` for the current step into `ctxs[k].collector`, in order:
   * each seat's fault reason, or undefined.
   */
  playAll(
    controllers: readonly Controller<Order>[],
    ctxs: readonly PlayContext<Order>[],
  ): Array<string | undefined> | Promise<Array<string | undefined>>;
}

/**
 * A bot's failure with a reason meant for the results table as is (e.g. "timed out after 300 ms").
 * Any other error thrown by a controller is reported as "threw <name>: <message>".
 */
export class BotFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BotFault";
  }
}
