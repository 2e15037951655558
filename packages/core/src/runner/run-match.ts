import type { BotNote } from "../bot-notes";
import { type AnyEngine, type Json, type Match, OrderCollector } from "../engine";
import { ArenaError } from "../errors";
import { ranking } from "../ranking";
import { REPLAY_FORMAT, type ReplayHeader } from "../replay/replay";
import { ReplayWriter } from "../replay/replay-file";
import {
  BotFault,
  type Budget,
  type Controller,
  type MatchEvent,
  type MessageEvent,
  type PlayContext,
  type StartContext,
} from "./controller";

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
  /** Time limits for every player (override each controller's `defaultBudget`). */
  budget?: Budget;
  /** A replay file path (written step by step while playing) or an open writer (closed at the end). */
  replay?: string | ReplayWriter;
  /** A digest is recorded every this many steps (default 10) and after the last one. */
  digestEvery?: number;
  /** Record the original `.res` through `engine.res` (in `MatchResult.res`). */
  res?: boolean;
  /** Called after every step. */
  onStep?(info: { step: number; round: number; scores: number[]; match: Match }): void;
  /** Every protocol message to and from external bots. */
  onMessage?(event: MessageEvent): void;
  /**
   * A turn that took longer than the turn limit but less than the limit plus `graceMs`: not a
   * fault, a warning (the original Lighthouses printed "Bot 'NAME' over soft timeout").
   */
  onWarning?(event: WarningEvent): void;
  /** Aborts the match (throws `ArenaError("ABORTED")`; the replay is closed as not over). */
  signal?: AbortSignal;
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
  /** Time the bot used (start and every turn), in milliseconds. */
  timeMs: number;
  /** Turns over the turn limit but within its grace (each one a `WarningEvent`). */
  lateTurns: number;
  /** What an external bot wrote on stderr, or an isolated bot printed (capped). */
  stderr?: string;
  /** The name the bot gave itself (protocols with a start reply, e.g. Lighthouses). */
  botName?: string;
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
  /** The original `.res` text, when asked with `res` and the game has one. */
  res?: string;
  /** Wall time of the whole match, in milliseconds. */
  durationMs: number;
}

interface Seat {
  readonly name: string;
  readonly controller: Controller;
  readonly budget: Budget;
  frozen: boolean;
  fault?: string;
  frozenAtRound?: number;
  timeMs: number;
  closed: boolean;
  /** Unused start time, added to the first turn (an external program starting up). */
  startLeftMs: number;
  played: boolean;
  /** Duration of the last controller call. */
  lastMs: number;
  lateTurns: number;
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

/**
 * Plays a match to its end: at each step asks the unfrozen players of `match.toMove()` for
 * orders (one fresh `OrderCollector` each), applies the originals' limits, freezes a player whose
 * bot fails (throws, times out, exceeds its budget, gives more than 1000 orders or a bad order)
 * and goes on. Writes the replay step by step and closes every controller at the end, also when
 * the runner itself fails.
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
  const digestEvery = Math.max(1, Math.floor(options.digestEvery ?? 10));
  const match: Match = engine.create(config, seed, numPlayers);
  const names = players.map((p) => p.name);
  const recorder = options.res && engine.res ? engine.res(match, names) : undefined;
  const history: MatchEvent[] = [];
  const seats: Seat[] = players.map(({ name, controller }) => ({
    name,
    controller,
    // The game's own limits apply to the bots that have limits at all (external and isolated).
    budget: {
      ...controller.defaultBudget,
      ...(controller.defaultBudget !== undefined ? engine.budget : undefined),
      ...options.budget,
    },
    frozen: false,
    timeMs: 0,
    closed: false,
    startLeftMs: 0,
    played: false,
    lastMs: 0,
    lateTurns: 0,
  }));

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
    history.push({ kind: "freeze", player });
    pendingFrozen.push(player);
    await closeSeat(seat);
  };

  /** Milliseconds `player` may use for a call with phase limit `phaseMs`. */
  const limitFor = (seat: Seat, phaseMs: number | undefined): number => {
    let limit = phaseMs ?? Number.POSITIVE_INFINITY;
    if (seat.budget.totalMs !== undefined)
      limit = Math.min(limit, Math.max(0, seat.budget.totalMs - seat.timeMs));
    return limit + (seat.budget.graceMs ?? 0);
  };

  /** Runs one controller call, timing it; returns a fault reason or undefined. */
  const timed = async (
    seat: Seat,
    limitMs: number,
    what: string,
    call: () => Promise<void> | void,
  ): Promise<string | undefined> => {
    const t0 = performance.now();
    let fault: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopListening: (() => void) | undefined;
    try {
      const result = call();
      if (isPromise(result)) {
        const racers: Array<Promise<unknown>> = [result];
        if (Number.isFinite(limitMs)) {
          // A safety net: asynchronous controllers enforce `timeLimitMs` themselves.
          racers.push(
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () =>
                  reject(
                    new BotFault(`did not answer its ${what} within ${Math.round(limitMs)} ms`),
                  ),
                limitMs + 2000,
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
        await Promise.race(racers);
      }
    } catch (error) {
      // An abort while waiting for a bot is not the bot's fault: the match stops.
      if (error === aborted) throw new ArenaError("ABORTED", "the match was aborted");
      fault = describeError(error);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      stopListening?.();
    }
    const elapsed = performance.now() - t0;
    seat.timeMs += elapsed;
    seat.lastMs = elapsed;
    const { totalMs, graceMs = 0 } = seat.budget;
    if (fault === undefined && totalMs !== undefined && seat.timeMs > totalMs + graceMs) {
      fault = `exceeded its total time budget of ${totalMs} ms (used ${Math.round(seat.timeMs)} ms)`;
    }
    if (fault === undefined && elapsed > limitMs) {
      fault = `took ${Math.round(elapsed)} ms for its ${what}, over the limit of ${Math.round(limitMs)} ms`;
    }
    return fault;
  };

  const baseContext = (player: number, limitMs: number): StartContext => {
    const seat = seats[player]!;
    return {
      engine,
      match,
      player,
      config,
      seed,
      numPlayers,
      budget: seat.budget,
      timeLimitMs: limitMs,
      history,
      ...(options.onMessage ? { onMessage: options.onMessage } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
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
      const limitMs = limitFor(seat, seat.budget.startMs);
      const ctx = baseContext(player, limitMs);
      const before = seat.timeMs;
      const fault = await timed(seat, limitMs, "start", () => start.call(seat.controller, ctx));
      const { startMs } = seat.budget;
      if (startMs !== undefined) seat.startLeftMs = Math.max(0, startMs - (seat.timeMs - before));
      if (fault !== undefined) await freeze(player, fault);
    }

    while (!match.isOver()) {
      checkAbort();
      const orders: unknown[][] = Array.from({ length: numPlayers }, () => []);
      const notes: Array<BotNote | null> = Array.from({ length: numPlayers }, () => null);
      const played: Array<{ seat: Seat; ctx: PlayContext }> = [];
      for (const player of match.toMove()) {
        const seat = seats[player];
        if (seat === undefined || seat.frozen) continue;
        const collector = new OrderCollector<unknown>(ORDER_LIMIT);
        // The first turn may also use what the start left of its limit: without a start reply,
        // an external program's start-up (an interpreter, a JVM) happens during its first turn.
        const turnMs = seat.budget.turnMs;
        const limitMs = limitFor(
          seat,
          seat.played || turnMs === undefined ? turnMs : turnMs + seat.startLeftMs,
        );
        seat.played = true;
        const ctx: PlayContext = {
          ...baseContext(player, limitMs),
          step,
          round: match.round(),
          collector,
        };
        let fault = await timed(seat, limitMs, "turn", () => seat.controller.play(ctx));
        if (fault === undefined && collector.overflow) {
          fault = `gave ${collector.offered} orders in one step (more than ${collector.limit})`;
        }
        if (fault !== undefined) {
          // As in the originals, the orders of the faulty step are discarded.
          await freeze(player, fault);
          continue;
        }
        const graceMs = seat.budget.graceMs ?? 0;
        if (graceMs > 0 && seat.lastMs > limitMs - graceMs) {
          seat.lateTurns++;
          options.onWarning?.({
            step,
            round: match.round(),
            player,
            message: `took ${Math.round(seat.lastMs)} ms for its turn, over the limit of ${Math.round(limitMs - graceMs)} ms (within the grace of ${graceMs} ms)`,
          });
        }
        orders[player] = collector.orders;
        notes[player] = collector.note ?? null;
        played.push({ seat, ctx });
      }
      match.step(orders);
      step++;
      history.push({ kind: "step", orders });
      recorder?.afterStep();
      const due = step % digestEvery === 0 || match.isOver();
      writer?.writeStep(orders, due ? match.digest() >>> 0 : undefined, pendingFrozen, notes);
      pendingFrozen = [];
      for (const { seat, ctx } of played) {
        const { afterStep } = seat.controller;
        if (afterStep === undefined || seat.frozen) continue;
        const fault = await timed(seat, ctx.timeLimitMs, "result", () =>
          afterStep.call(seat.controller, ctx),
        );
        if (fault !== undefined) await freeze(ctx.player, fault);
      }
      options.onStep?.({ step, round: match.round(), scores: match.scores(), match });
    }
    finished = true;
  } finally {
    await Promise.all(seats.map(closeSeat));
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
      };
    }),
    ...(recorder !== undefined ? { res: recorder.text() } : {}),
    durationMs: performance.now() - startedAt,
  };
}
