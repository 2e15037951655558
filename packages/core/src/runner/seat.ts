import { type AnyEngine, type Json, type Match, OrderCollector } from "../engine/engine";
import type { Rejection } from "../engine/rejection";
import { type BotNote, NOTE_MATCH_LIMIT } from "../notes/bot-notes";
import {
  type Budget,
  type Controller,
  cpuFault,
  DEFAULT_GRACE_MS,
  instructionFault,
  type MatchEvent,
  type MessageEvent,
  type PlayContext,
  wallNetMs,
} from "./controller";
import { TurnOutput } from "./turn-output";

/** Orders per player per step above which the player is at fault (the originals' limit). */
export const ORDER_LIMIT = 1000;

/**
 * How a seat's time is measured: `process`, the CPU time its controller reports (a bot out of
 * process); `cpu`, this process's CPU clock during the call (an in-process bot with a limit);
 * `wall`, the wall clock (no limit at all, or wall-clock limits).
 */
export type SeatClock = "process" | "cpu" | "wall";

/** No rejections: the context's value while a bot has none to be told of. */
export const NO_REJECTIONS: readonly Rejection[] = Object.freeze([]);

/** What every seat of a match shares: the match, its options, how time is read and reported. */
export interface SeatSetting {
  readonly engine: AnyEngine;
  readonly match: Match;
  readonly config: Json;
  readonly seed: number;
  readonly numPlayers: number;
  readonly history: readonly MatchEvent[];
  /** The match's limits (`RunOptions.budget`), over the game's and the controller's. */
  readonly budget: Budget | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onMessage: ((event: MessageEvent) => void) | undefined;
  /** Receives what the seat's bot writes, as it comes (after the seat keeps it for the replay). */
  readonly onOutput: ((player: number, text: string) => void) | undefined;
  /** The CPU clock of in-process bots with a limit (ms). */
  readonly cpuClock: () => number;
  /** A turn over its limit but within the grace (not a fault). */
  readonly onLateTurn: (player: number, message: string) => void;
}

/**
 * One player's seat for a match: its controller, its limits (the match's over the game's over
 * the controller's defaults) and how its time is measured, the context its controller is called
 * with (one object, updated in place before each call), its collector, and what happened to it
 * (frozen, time used, late turns, rejected orders). `beginCall` and `charge` are a call's budget.
 */
export class Seat {
  readonly budget: Budget;
  readonly clock: SeatClock;
  /** No limit at all and measured on the wall clock (in-process bots by default). */
  readonly unlimited: boolean;
  readonly collector = new OrderCollector<unknown>(ORDER_LIMIT);
  /** Its stderr since its last recorded turn, for the replay's notes. */
  readonly output = new TurnOutput();
  readonly ctx: { -readonly [K in keyof PlayContext]: PlayContext[K] };
  frozen = false;
  fault: string | undefined = undefined;
  frozenAtRound: number | undefined = undefined;
  /** CPU (or wall, for in-process bots without limits) time used, in ms. */
  timeMs = 0;
  /** `controller.cpuMs()` when last read. */
  cpuSeen = 0;
  closed = false;
  /** Unused start time, added to the first turn (an external program starting up). */
  startLeftMs = 0;
  played = false;
  lateTurns = 0;
  /** Orders rejected over the match. */
  rejectedOrders = 0;
  /** Bytes of JSON of its notes kept over the match (`keptNote`). */
  private noteBytes = 0;
  /** Whether its controller counts instructions (`Controller.instructions`). */
  readonly countsInstructions: boolean;
  /** Instructions executed over the match (counting controllers). */
  instructions = 0;
  /** Instructions executed since the last replay `usage` record took them. */
  instructionsPending = 0;
  /** The step of its last turn (-1: none yet). */
  lastTurnStep = -1;
  /** `controller.instructions()` when last read. */
  private instructionsSeen = 0;
  /** The pending call's instruction limit (Infinity: none), and whether it is the total's. */
  private instructionLimit = Number.POSITIVE_INFINITY;
  private limitIsTotal = false;
  /** Start of the pending call (ms, on the seat's clock). */
  private callStart = 0;
  /** The pending call's limit (without the total budget and grace), and what it is. */
  private phaseMs: number | undefined = undefined;
  phase = "turn";

  constructor(
    readonly player: number,
    readonly name: string,
    readonly controller: Controller,
    private readonly setting: SeatSetting,
  ) {
    const { engine, match } = setting;
    this.budget = {
      ...controller.defaultBudget,
      // The game's own limits apply to the bots that have limits at all (out of process).
      ...(controller.defaultBudget !== undefined ? engine.budget : undefined),
      ...setting.budget,
    };
    const { startMs, turnMs, totalMs, wallMs, clock } = this.budget;
    const limited = startMs !== undefined || turnMs !== undefined || totalMs !== undefined;
    this.clock =
      clock === "wall" || !limited ? "wall" : controller.cpuMs !== undefined ? "process" : "cpu";
    this.unlimited = !limited && wallMs === undefined && controller.cpuMs === undefined;
    this.countsInstructions = controller.instructions !== undefined;
    const { onOutput } = setting;
    this.ctx = {
      engine,
      match,
      player,
      config: setting.config,
      seed: setting.seed,
      numPlayers: setting.numPlayers,
      budget: this.budget,
      timeLimitMs: Number.POSITIVE_INFINITY,
      wallLimitMs: Number.POSITIVE_INFINITY,
      history: setting.history,
      ...(setting.onMessage ? { onMessage: setting.onMessage } : {}),
      // Controllers that capture output (out-of-process bots) hand it over as it comes.
      onOutput: (text: string) => {
        this.output.push(text);
        onOutput?.(player, text);
      },
      ...(setting.signal ? { signal: setting.signal } : {}),
      step: 0,
      round: 0,
      collector: this.collector,
      rejected: NO_REJECTIONS,
    };
  }

  /** Before its turn: an empty collector, the step and round, its turn limit. */
  beginTurn(step: number, round: number): void {
    this.collector.reset();
    this.lastTurnStep = step;
    this.ctx.step = step;
    this.ctx.round = round;
    // The first turn may also use what the start left of its limit: without a start reply, an
    // external program's start-up (an interpreter, a JVM) happens during its first turn.
    const turnMs = this.budget.turnMs;
    this.beginCall(
      this.played || turnMs === undefined ? turnMs : turnMs + this.startLeftMs,
      "turn",
      turnMs,
    );
    this.played = true;
  }

  /**
   * Sets the context's limits for a call with phase limit `phaseMs` (CPU ms; undefined: none);
   * the wall-clock safety net is a multiple of `netMs` (default `phaseMs`: the first turn's net
   * is the turn limit's, without what the start left), capped by the total budget left.
   */
  beginCall(phaseMs: number | undefined, phase: string, netMs = phaseMs): void {
    this.phase = phase;
    if (this.countsInstructions) this.beginInstructions();
    if (this.unlimited) {
      // The fast path of trusted in-process bots: nothing to limit, only time to report.
      this.callStart = performance.now();
      return;
    }
    const { budget, ctx } = this;
    let limit = phaseMs ?? Number.POSITIVE_INFINITY;
    if (budget.totalMs !== undefined)
      limit = Math.min(limit, Math.max(0, budget.totalMs - this.timeMs));
    const grace = budget.graceMs ?? DEFAULT_GRACE_MS;
    const cpuLimit = Number.isFinite(limit) ? limit + grace : limit;
    if (budget.clock === "wall") {
      // Wall-clock limits: the controller stops its bot at the limit itself.
      ctx.timeLimitMs = Number.POSITIVE_INFINITY;
      ctx.wallLimitMs = Math.min(cpuLimit, budget.wallMs ?? Number.POSITIVE_INFINITY);
    } else {
      ctx.timeLimitMs = cpuLimit;
      let net = netMs ?? Number.POSITIVE_INFINITY;
      if (budget.totalMs !== undefined)
        net = Math.min(net, Math.max(0, budget.totalMs - this.timeMs));
      ctx.wallLimitMs = budget.wallMs ?? wallNetMs(Number.isFinite(net) ? net + grace : net);
    }
    this.phaseMs = phaseMs;
    this.callStart =
      this.clock === "cpu"
        ? this.setting.cpuClock()
        : this.clock === "wall"
          ? performance.now()
          : 0;
  }

  /**
   * Charges the call that just ended; returns a fault reason or undefined. A call over a CPU limit
   * gets the runner's own reason (also when its controller stopped the bot and gave one).
   */
  charge(fault: string | undefined): string | undefined {
    const counted = this.countsInstructions ? this.chargeInstructions() : undefined;
    if (this.unlimited) {
      this.timeMs += performance.now() - this.callStart;
      return counted ?? fault;
    }
    return counted ?? this.chargeTime(fault);
  }

  /** The seat's budget as a replay header records it, or null when it counts no instructions. */
  instructionLimits(): { turn?: number; total?: number } | null {
    if (!this.countsInstructions) return null;
    const { turnInstructions: turn, totalInstructions: total } = this.budget;
    return { ...(turn !== undefined ? { turn } : {}), ...(total !== undefined ? { total } : {}) };
  }

  /**
   * The instructions to record for this seat (`usage` records): those since the last record when
   * it played (`played`: in the step, its turn; at the start, its start), else null.
   */
  takeInstructions(played: boolean): number | null {
    if (!this.countsInstructions || !played) return null;
    const count = this.instructionsPending;
    this.instructionsPending = 0;
    return count;
  }

  /** The call's instruction limit: the turn's, capped by what is left of the total. */
  private beginInstructions(): void {
    const { turnInstructions, totalInstructions } = this.budget;
    const left =
      totalInstructions === undefined
        ? Number.POSITIVE_INFINITY
        : Math.max(0, totalInstructions - this.instructions);
    const turn = turnInstructions ?? Number.POSITIVE_INFINITY;
    this.limitIsTotal = left < turn;
    this.instructionLimit = Math.min(turn, left);
    this.ctx.instructionLimit = this.instructionLimit;
  }

  /**
   * Charges the call's instructions (the controller's count): the fault of a call over its
   * instruction limit (exact: the count is the same on every machine), or undefined.
   */
  private chargeInstructions(): string | undefined {
    const now = this.controller.instructions!();
    const used = Math.max(0, now - this.instructionsSeen);
    this.instructionsSeen = Math.max(this.instructionsSeen, now);
    this.instructions += used;
    this.instructionsPending += used;
    if (used <= this.instructionLimit) return undefined;
    const { turnInstructions, totalInstructions } = this.budget;
    if (this.limitIsTotal && totalInstructions !== undefined)
      return instructionFault("match", this.instructions, totalInstructions);
    return instructionFault(this.phase, used, turnInstructions ?? this.instructionLimit);
  }

  /** The time part of `charge`. */
  private chargeTime(fault: string | undefined): string | undefined {
    const used = this.callTime();
    this.timeMs += used;
    const { totalMs, graceMs = DEFAULT_GRACE_MS, clock = "cpu" } = this.budget;
    if (this.clock === "wall" && clock !== "wall") return fault;
    if (totalMs !== undefined && this.timeMs > totalMs + graceMs) {
      return cpuFault("match", this.timeMs, totalMs, graceMs, clock);
    }
    const phaseMs = this.phaseMs;
    if (phaseMs === undefined) return fault;
    if (used > phaseMs + graceMs) return cpuFault(this.phase, used, phaseMs, graceMs, clock);
    if (fault === undefined && used > phaseMs && this.phase === "turn") {
      this.lateTurns++;
      const time = clock === "wall" ? "wall-clock" : "CPU";
      this.setting.onLateTurn(
        this.player,
        `used ${Math.round(used)} ms of ${time} time for its turn, over the limit of ${Math.round(phaseMs)} ms by ${Math.round(used - phaseMs)} ms (within the grace of ${graceMs} ms)`,
      );
    }
    return fault;
  }

  /** The time the call that just ended used, on the seat's clock (ms). */
  private callTime(): number {
    if (this.clock === "process") {
      const now = this.controller.cpuMs!();
      const used = Math.max(0, now - this.cpuSeen);
      this.cpuSeen = Math.max(this.cpuSeen, now);
      return used;
    }
    if (this.clock === "cpu") return this.setting.cpuClock() - this.callStart;
    return performance.now() - this.callStart;
  }

  /**
   * Its note of a turn as the replay keeps it: itself while its notes of the match fit
   * `NOTE_MATCH_LIMIT` (bytes of JSON), then only that they went over.
   */
  keptNote(note: BotNote): BotNote {
    if (this.noteBytes <= NOTE_MATCH_LIMIT) {
      this.noteBytes += JSON.stringify(note).length;
      if (this.noteBytes <= NOTE_MATCH_LIMIT) return note;
    }
    return { truncated: true, notesCap: { per: "match", bytes: NOTE_MATCH_LIMIT } };
  }

  /** Closes its controller, once (a failing close does not hide the match's result). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.controller.close?.();
    } catch {
      // The process tree is killed regardless.
    }
  }
}
