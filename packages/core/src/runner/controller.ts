import type { AnyEngine, Json, Match, OrderCollector } from "../engine";

/**
 * Time limits of a player, in milliseconds. All optional: a missing limit is no limit, except that
 * external bots default to `startMs` 10000 and `turnMs` 10000 and isolated bots to `startMs` 10000.
 */
export interface Budget {
  /** Time to start (an external process's start reply; a bot's `setup`). */
  startMs?: number;
  /** Time per step. */
  turnMs?: number;
  /** Total time over the whole match (Jutge style), start included. */
  totalMs?: number;
  /** Tolerance added to every limit before a bot is at fault (timer and scheduling noise). Default 0. */
  graceMs?: number;
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
   * Milliseconds this call may take (the start or turn limit, capped by what is left of the total
   * budget, plus grace); `Infinity` when unlimited. Asynchronous controllers enforce it themselves.
   */
  readonly timeLimitMs: number;
  /** Everything applied to the match so far (freezes and steps), in order. */
  readonly history: readonly MatchEvent[];
  /** Receives protocol messages (external bots). */
  readonly onMessage?: (event: MessageEvent) => void;
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
