import { type AnyEngine, type Json, type Match, OrderCollector } from "../engine/engine";
import { ArenaError } from "../engine/errors";
import { ranking } from "../engine/ranking";
import type { Rejection } from "../engine/rejection";
import type { BotNote } from "../notes/bot-notes";
import { REPLAY_FORMAT, type ReplayHeader } from "../replay/replay";
import { ReplayWriter } from "../replay/replay-file";
import { TextFileWriter } from "../replay/text-file-writer";
import {
  BotFault,
  type Budget,
  type Controller,
  cpuFault,
  DEFAULT_GRACE_MS,
  type MatchEvent,
  type MessageEvent,
  type PlayContext,
  wallFault,
} from "./controller";
import { TurnOutput } from "./turn-output";
import { isValidated } from "./validated-orders";

/** Bytes of each bot's stderr kept in the replay's end record (its tail). */
const STDERR_TAIL = 4096;

/** Orders per player per step above which the player is at fault (the originals' limit). */
export const ORDER_LIMIT = 1000;

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

/** How a seat's time is measured. */
type Clock = "process" | "cpu" | "wall";

interface Seat {
  readonly player: number;
  readonly name: string;
  readonly controller: Controller;
  readonly budget: Budget;
  readonly clock: Clock;
  readonly collector: OrderCollector<unknown>;
  /** The seat's context object, updated in place before each call. */
  readonly ctx: {
    -readonly [K in keyof PlayContext]: PlayContext[K];
  };
  frozen: boolean;
  fault?: string;
  frozenAtRound?: number;
  /** CPU (or wall, for in-process bots without limits) time used, in ms. */
  timeMs: number;
  /** `controller.cpuMs()` when last read. */
  cpuSeen: number;
  closed: boolean;
  /** Unused start time, added to the first turn (an external program starting up). */
  startLeftMs: number;
  played: boolean;
  lateTurns: number;
  /** Start of the pending call (ms, on the seat's clock). */
  callStart: number;
  /** No limit at all and measured on the wall clock (in-process bots by default). */
  readonly unlimited: boolean;
  /** Its phase limit (without the total budget and grace) and what it is. */
  phaseMs: number | undefined;
  phase: string;
  /** Orders rejected over the match. */
  rejectedOrders: number;
  /** Its stderr since its last recorded turn, for the replay's notes. */
  readonly output: TurnOutput;
}

const describeError = (error: unknown): string => {
  if (error instanceof BotFault) return error.message;
  if (error instanceof Error) return `threw ${error.name}: ${error.message}`;
  return `threw ${String(error)}`;
};

/** Marks an abort while a controller call was pending. */
const aborted = new Error("aborted");

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";

const EMPTY: readonly unknown[] = Object.freeze([]);
const NO_REJECTIONS: readonly Rejection[] = Object.freeze([]);

/** CPU time of this process in ms (user + system). */
const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const preview = (value: unknown): string => {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

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
  const { config, seed, players } = options;
  const numPlayers = players.length;
  if (numPlayers < engine.players.min || numPlayers > engine.players.max) {
    throw new ArenaError(
      "BAD_PLAYERS",
      `${engine.title} takes ${engine.players.min}–${engine.players.max} players, got ${numPlayers}`,
    );
  }
  const digestEvery = Math.max(1, Math.floor(options.digestEvery ?? 100));
  const cpuClock = options.cpuClock ?? processCpuMs;
  const match: Match = engine.create(config, seed, numPlayers);
  const names = players.map((p) => p.name);
  const keepHistory = options.history === true || players.some((p) => p.controller.wantsHistory);
  const history: MatchEvent[] = [];
  const seats: Seat[] = players.map(({ name, controller }, player) => {
    const budget: Budget = {
      ...controller.defaultBudget,
      // The game's own limits apply to the bots that have limits at all (out of process).
      ...(controller.defaultBudget !== undefined ? engine.budget : undefined),
      ...options.budget,
    };
    const limited =
      budget.startMs !== undefined || budget.turnMs !== undefined || budget.totalMs !== undefined;
    const clock: Clock =
      budget.clock === "wall" || !limited
        ? "wall"
        : controller.cpuMs !== undefined
          ? "process"
          : "cpu";
    const collector = new OrderCollector<unknown>(ORDER_LIMIT);
    const output = new TurnOutput();
    return {
      player,
      name,
      controller,
      budget,
      clock,
      unlimited: !limited && budget.wallMs === undefined && controller.cpuMs === undefined,
      collector,
      ctx: {
        engine,
        match,
        player,
        config,
        seed,
        numPlayers,
        budget,
        timeLimitMs: Number.POSITIVE_INFINITY,
        wallLimitMs: Number.POSITIVE_INFINITY,
        history,
        ...(options.onMessage ? { onMessage: options.onMessage } : {}),
        // Controllers that capture output (out-of-process bots) hand it over as it comes.
        onOutput: (text: string) => {
          output.push(text);
          options.onBotOutput?.({ player, round: match.round(), kind: "stderr", text });
        },
        ...(options.signal ? { signal: options.signal } : {}),
        step: 0,
        round: 0,
        collector,
        rejected: NO_REJECTIONS,
      },
      frozen: false,
      timeMs: 0,
      cpuSeen: 0,
      closed: false,
      startLeftMs: 0,
      played: false,
      lateTurns: 0,
      callStart: 0,
      phaseMs: undefined,
      phase: "turn",
      rejectedOrders: 0,
      output,
    };
  });
  // Out-of-process seats: their stderr is recorded per turn (see `recordOutput`).
  const captured = seats.some((seat) => seat.controller.stderr !== undefined);

  let writer: ReplayWriter | undefined;
  if (options.replay !== undefined) {
    if (typeof options.replay === "string") {
      const header: ReplayHeader = {
        format: REPLAY_FORMAT,
        game: engine.name,
        engineVersion: engine.version,
        config,
        seed,
        players: names,
        digestEvery,
        initialDigest: match.digest() >>> 0,
      };
      writer = ReplayWriter.open(options.replay, header);
    } else {
      writer = options.replay;
    }
  }
  let resFile: TextFileWriter | undefined;
  try {
    if (typeof options.res === "string" && engine.res) resFile = TextFileWriter.open(options.res);
  } catch (error) {
    writer?.close();
    throw error;
  }
  const recorder = options.res && engine.res ? engine.res(match, names, resFile?.write) : undefined;

  const closeSeat = async (seat: Seat): Promise<void> => {
    if (seat.closed) return;
    seat.closed = true;
    try {
      await seat.controller.close?.();
    } catch {
      // A failing close must not hide the match result; the process tree is killed regardless.
    }
  };

  let pendingFrozen: number[] = [];
  const freeze = async (player: number, reason: string): Promise<void> => {
    const seat = seats[player]!;
    if (seat.frozen) return;
    seat.frozen = true;
    seat.fault = reason;
    seat.frozenAtRound = match.round();
    match.freeze(player);
    if (keepHistory) history.push({ kind: "freeze", player });
    pendingFrozen.push(player);
    await closeSeat(seat);
  };

  /** Prepares `seat.ctx` for a call with phase limit `phaseMs` (CPU ms, undefined: none). */
  const prepare = (seat: Seat, phaseMs: number | undefined, phase: string): void => {
    if (seat.unlimited) {
      // The fast path of trusted in-process bots: nothing to limit, only time to report.
      seat.callStart = performance.now();
      return;
    }
    const { budget } = seat;
    let limit = phaseMs ?? Number.POSITIVE_INFINITY;
    if (budget.totalMs !== undefined)
      limit = Math.min(limit, Math.max(0, budget.totalMs - seat.timeMs));
    const grace = budget.graceMs ?? DEFAULT_GRACE_MS;
    const cpuLimit = Number.isFinite(limit) ? limit + grace : limit;
    if (budget.clock === "wall") {
      // Wall-clock limits: the controller stops its bot at the limit itself.
      seat.ctx.timeLimitMs = Number.POSITIVE_INFINITY;
      seat.ctx.wallLimitMs = Math.min(cpuLimit, budget.wallMs ?? Number.POSITIVE_INFINITY);
    } else {
      seat.ctx.timeLimitMs = cpuLimit;
      seat.ctx.wallLimitMs =
        budget.wallMs ??
        (Number.isFinite(cpuLimit) ? 10 * cpuLimit + 1000 : Number.POSITIVE_INFINITY);
    }
    seat.phaseMs = phaseMs;
    seat.phase = phase;
    seat.callStart =
      seat.clock === "cpu" ? cpuClock() : seat.clock === "wall" ? performance.now() : 0;
  };

  /**
   * Charges the call that just ended; returns a fault reason or undefined. A call over a CPU limit
   * gets the runner's own reason (also when its controller stopped the bot and gave one).
   */
  const charge = (seat: Seat, fault: string | undefined): string | undefined => {
    let used: number;
    if (seat.unlimited) {
      seat.timeMs += performance.now() - seat.callStart;
      return fault;
    }
    if (seat.clock === "process") {
      const now = seat.controller.cpuMs!();
      used = Math.max(0, now - seat.cpuSeen);
      seat.cpuSeen = Math.max(seat.cpuSeen, now);
    } else if (seat.clock === "cpu") used = cpuClock() - seat.callStart;
    else used = performance.now() - seat.callStart;
    seat.timeMs += used;
    const { totalMs, graceMs = DEFAULT_GRACE_MS, clock = "cpu" } = seat.budget;
    if (seat.clock === "wall" && clock !== "wall") return fault;
    if (totalMs !== undefined && seat.timeMs > totalMs + graceMs) {
      return cpuFault("match", seat.timeMs, totalMs, graceMs, clock);
    }
    const phaseMs = seat.phaseMs;
    if (phaseMs !== undefined) {
      if (used > phaseMs + graceMs) return cpuFault(seat.phase, used, phaseMs, graceMs, clock);
      if (fault === undefined && used > phaseMs && seat.phase === "turn") {
        seat.lateTurns++;
        options.onWarning?.({
          step,
          round: match.round(),
          player: seat.player,
          message: `used ${Math.round(used)} ms of ${clock === "wall" ? "wall-clock" : "CPU"} time for its turn, over the limit of ${Math.round(phaseMs)} ms by ${Math.round(used - phaseMs)} ms (within the grace of ${graceMs} ms)`,
        });
      }
    }
    return fault;
  };

  /** Waits for an asynchronous controller call, with the wall-clock safety net and abort. */
  const settle = async (seat: Seat, result: Promise<unknown>): Promise<string | undefined> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopListening: (() => void) | undefined;
    let fault: string | undefined;
    try {
      const racers: Array<Promise<unknown>> = [result];
      const wallMs = seat.ctx.wallLimitMs ?? Number.POSITIVE_INFINITY;
      // Out-of-process controllers (with `cpuMs`) watch the wall clock themselves.
      if (Number.isFinite(wallMs) && seat.clock !== "process") {
        // Out-of-process controllers stop their bot themselves; this is the runner's own net.
        racers.push(
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new BotFault(wallFault(seat.phase, wallMs, undefined))),
              wallMs + 2000,
            );
          }),
        );
      }
      const { signal } = options;
      if (signal !== undefined) {
        racers.push(
          new Promise<never>((_, reject) => {
            const onAbort = () => reject(aborted);
            if (signal.aborted) onAbort();
            else signal.addEventListener("abort", onAbort, { once: true });
            stopListening = () => signal.removeEventListener("abort", onAbort);
          }),
        );
      }
      if (racers.length === 1) await result;
      else await Promise.race(racers);
    } catch (error) {
      // An abort while waiting for a bot is not the bot's fault: the match stops.
      if (error === aborted) throw new ArenaError("ABORTED", "the match was aborted");
      fault = describeError(error);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      stopListening?.();
    }
    return charge(seat, fault);
  };

  /**
   * Calls `call` on the seat: a fault reason or undefined, directly for a synchronous call (the
   * fast path: no await), or as a promise for an asynchronous one.
   */
  const invoke = (
    seat: Seat,
    call: (ctx: PlayContext) => Promise<void> | void,
  ): string | undefined | Promise<string | undefined> => {
    let result: Promise<void> | void;
    try {
      result = call.call(seat.controller, seat.ctx);
    } catch (error) {
      return charge(seat, describeError(error));
    }
    if (isPromise(result)) return settle(seat, result);
    return charge(seat, undefined);
  };

  /**
   * Validates the seat's orders with `Engine.parseOrder`, replacing each by its parsed value; a
   * malformed one is dropped and rejected (the rest of the turn's orders still apply). An order
   * its controller already validated (`validatedOrder`: frozen, the same value) is kept as it is.
   */
  const validate = (seat: Seat): void => {
    const { collector } = seat;
    const list = collector.orders;
    for (let k = 0; k < list.length; k++) {
      // Validated once by its controller (a C++ player's repeated order lines).
      if (isValidated(list[k])) continue;
      try {
        list[k] = engine.parseOrder(list[k]);
      } catch (error) {
        collector.drop(k, "malformed", `${preview(list[k])}: ${(error as Error).message}`);
        k--;
      }
    }
  };

  /**
   * After a step: the seat's rejected orders of that turn (the collector's and the engine's, by
   * the index the bot gave them), for its next turn message and its view.
   */
  const feedBack = (seat: Seat): void => {
    const { collector, player } = seat;
    const recorded = match.feedback?.recorded(player) ?? NO_REJECTIONS;
    let rejected: readonly Rejection[] = NO_REJECTIONS;
    if (collector.rejected.length > 0 || recorded.length > 0) {
      const list: Rejection[] = [...collector.rejected];
      for (const r of recorded) list.push({ ...r, index: collector.given[r.index] ?? r.index });
      list.sort((a, b) => a.index - b.index);
      rejected = list;
      seat.rejectedOrders += list.length;
    } else if (seat.ctx.rejected === NO_REJECTIONS) return;
    seat.ctx.rejected = rejected;
    match.feedback?.show(player, rejected);
  };

  const checkAbort = (): void => {
    if (options.signal?.aborted) throw new ArenaError("ABORTED", "the match was aborted");
  };

  let step = 0;
  let finished = false;
  try {
    for (let player = 0; player < numPlayers; player++) {
      checkAbort();
      const seat = seats[player]!;
      const { start } = seat.controller;
      if (start === undefined) continue;
      prepare(seat, seat.budget.startMs, "start");
      const before = seat.timeMs;
      let fault = invoke(seat, start as (ctx: PlayContext) => Promise<void> | void);
      if (isPromise(fault)) fault = await fault;
      const { startMs } = seat.budget;
      if (startMs !== undefined) seat.startLeftMs = Math.max(0, startMs - (seat.timeMs - before));
      if (fault !== undefined) await freeze(player, fault);
    }

    const toAfter: Seat[] = [];
    // The step being played (read by `begin` and `finish`).
    let orders: Array<readonly unknown[]> = [];
    // What each bot attached to its turn (bot annotations): allocated only when some bot did.
    let notes: Array<BotNote | null> | undefined;
    let round = 0;
    /** Before a seat's turn: its collector and context, its limits. */
    const begin = (seat: Seat): void => {
      seat.collector.reset();
      const ctx = seat.ctx;
      ctx.step = step;
      ctx.round = round;
      // The first turn may also use what the start left of its limit: without a start reply,
      // an external program's start-up (an interpreter, a JVM) happens during its first turn.
      const turnMs = seat.budget.turnMs;
      prepare(
        seat,
        seat.played || turnMs === undefined ? turnMs : turnMs + seat.startLeftMs,
        "turn",
      );
      seat.played = true;
    };
    /**
     * After a seat's turn (`fault`: the call's, charged): its orders kept, or the reason to
     * freeze it (the caller freezes it: no await on the fast path).
     */
    const finish = (seat: Seat, fault: string | undefined): string | undefined => {
      const { player } = seat;
      if (fault === undefined && seat.collector.overflow) {
        fault = `gave ${seat.collector.offered} orders in one step (more than ${seat.collector.limit})`;
      }
      if (fault === undefined && seat.collector.orders.length > 0) validate(seat);
      // As in the originals, the orders of the faulty step are discarded.
      if (fault !== undefined) return fault;
      // An empty list stays the shared EMPTY: the collector keeps its empty list for the next
      // step, and `history` (a replica's source, read later) must not see it filled then.
      if (seat.collector.orders.length > 0) orders[player] = seat.collector.orders;
      if (seat.collector.note !== undefined) {
        notes ??= new Array<BotNote | null>(numPlayers).fill(null);
        notes[player] = seat.collector.note;
        const text = seat.collector.note.text;
        if (text !== undefined) options.onBotOutput?.({ player, round, kind: "note", text });
      }
      if (seat.controller.afterStep !== undefined) toAfter.push(seat);
      return undefined;
    };
    while (!match.isOver()) {
      if (options.signal?.aborted) checkAbort();
      orders = new Array<readonly unknown[]>(numPlayers).fill(EMPTY);
      notes = undefined;
      toAfter.length = 0;
      round = match.round();
      const moved = match.toMove();
      for (let m = 0; m < moved.length; m++) {
        const seat = seats[moved[m]!];
        if (seat === undefined || seat.frozen) continue;
        const group = seat.controller.group;
        if (group !== undefined) {
          // The next seats of the call order served with it (frozen ones are not asked).
          const batch = [seat];
          let last = m;
          for (let n = m + 1; n < moved.length; n++) {
            const next = seats[moved[n]!];
            if (next === undefined || next.frozen) continue;
            if (next.controller.group !== group) break;
            batch.push(next);
            last = n;
          }
          if (batch.length > 1) {
            m = last;
            for (const member of batch) begin(member);
            let faults: Array<string | undefined>;
            try {
              const result = group.playAll(
                batch.map((member) => member.controller),
                batch.map((member) => member.ctx),
              );
              faults = isPromise(result) ? await result : result;
            } catch (error) {
              faults = batch.map(() => describeError(error));
            }
            for (let k = 0; k < batch.length; k++) {
              const member = batch[k]!;
              const fault = finish(member, charge(member, faults[k]));
              if (fault !== undefined) await freeze(member.player, fault);
            }
            continue;
          }
        }
        begin(seat);
        let fault = invoke(seat, seat.controller.play);
        if (isPromise(fault)) fault = await fault;
        fault = finish(seat, fault);
        if (fault !== undefined) await freeze(seat.player, fault);
      }
      if (captured && writer !== undefined) {
        // What each bot in its own process wrote during its turn goes beside its note. Stderr
        // and the reply come on different pipes: one turn of the event loop lets what was
        // written before the reply arrive first (what comes later goes with its next turn).
        await new Promise<void>((resolve) => setImmediate(resolve));
        for (const player of moved) {
          const turn = seats[player]?.output.take();
          if (turn === undefined) continue;
          notes ??= new Array<BotNote | null>(numPlayers).fill(null);
          notes[player] = { ...notes[player], ...turn };
        }
      }
      match.step(orders);
      for (const player of moved) {
        const seat = seats[player]!;
        if (!seat.frozen) feedBack(seat);
      }
      step++;
      if (keepHistory) history.push({ kind: "step", orders });
      recorder?.afterStep();
      const due = step % digestEvery === 0 || match.isOver();
      writer?.writeStep(orders, due ? match.digest() >>> 0 : undefined, pendingFrozen, notes);
      if (pendingFrozen.length > 0) pendingFrozen = [];
      for (const seat of toAfter) {
        const { afterStep } = seat.controller;
        if (afterStep === undefined || seat.frozen) continue;
        prepare(seat, seat.budget.turnMs, "result");
        let fault = invoke(seat, afterStep);
        if (isPromise(fault)) fault = await fault;
        if (fault !== undefined) await freeze(seat.player, fault);
      }
      options.onStep?.({
        step,
        round: match.round(),
        scores: match.scores(),
        match,
        ...(writer !== undefined ? { replay: writer } : {}),
      });
    }
    finished = true;
  } finally {
    await Promise.all(seats.map(closeSeat));
    try {
      if (writer !== undefined) {
        const aborted = options.signal?.aborted === true;
        // A runner failure leaves the replay without an end record: a readable, truncated prefix.
        if (finished || aborted) {
          // The tail of each bot's stderr, for the viewer's bot log (only when some bot wrote any).
          const stderr = seats.map((s) => s.controller.stderr?.()?.slice(-STDERR_TAIL) || null);
          writer.close({
            over: finished,
            scores: match.scores(),
            faults: seats.map((s) => s.fault ?? null),
            ...(stderr.some((text) => text !== null) ? { stderr } : {}),
          });
        } else writer.close();
      }
    } finally {
      // The .res is renamed into place only when the match is over (else left at .partial).
      resFile?.close(finished);
    }
  }

  const scores = match.scores();
  const ranks = ranking(scores);
  return {
    game: engine.name,
    seed,
    rounds: match.round(),
    steps: step,
    scores,
    ranking: ranks,
    players: seats.map((seat, p) => {
      const stderr = seat.controller.stderr?.();
      const botName = seat.controller.botName?.();
      return {
        name: seat.name,
        label: seat.controller.label,
        score: scores[p] ?? 0,
        rank: ranks[p] ?? numPlayers,
        frozen: seat.frozen,
        ...(seat.fault !== undefined ? { fault: seat.fault } : {}),
        ...(seat.frozenAtRound !== undefined ? { frozenAtRound: seat.frozenAtRound } : {}),
        timeMs: Math.round(seat.timeMs * 1000) / 1000,
        lateTurns: seat.lateTurns,
        ...(stderr ? { stderr } : {}),
        ...(botName !== undefined ? { botName } : {}),
        rejectedOrders: seat.rejectedOrders,
      };
    }),
    ...(recorder !== undefined && resFile === undefined ? { res: recorder.text() } : {}),
    durationMs: performance.now() - startedAt,
  };
}
