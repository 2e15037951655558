/**
 * The engine contract: what every game package exports so that core (the runner, the replay
 * codec, the bot adapters) and the cli can drive it without knowing the game.
 *
 * Conventions:
 * - Players are numbered 0..numPlayers−1.
 * - An order is plain JSON data (numbers, strings, arrays, plain objects): it goes as is into
 *   replays and over the external-bot protocol.
 * - The engine mutates its match state in place for speed; `snapshot()` returns a deep copy.
 * - A match advances in *steps*. For the simultaneous-move games a step is a round and every
 *   player gives orders; for turn-based games (Lighthouses) a step is one player's turn.
 *   `toMove()` says who gives orders at the current step.
 */

import type { CppKit } from "../cpp-kit/kit";
import { type BotNote, checkNote, mergeNotes } from "../notes/bot-notes";
import type { GameEvent } from "./events";
import type { OrderFeedback, Rejection, RejectionReason } from "./rejection";

/** Any JSON value. Orders, snapshots, views sent to external bots and configs in replays are JSON. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The orders of one player for one step, in the order given. */
export type OrderList<Order> = readonly Order[];

/** A bot that runs in this process: an object whose fields persist between rounds. */
export interface Bot<View = unknown, Actions = unknown> {
  /** Called once before the first round, with the player's view. Optional. */
  setup?(view: View): void;
  /** Called at each step where this player moves: read `view`, give orders through `actions`. */
  play(view: View, actions: Actions): void;
}

/** Makes a fresh bot for one player of one match. */
export type BotFactory<View = unknown, Actions = unknown> = () => Bot<View, Actions>;

/**
 * Collects a player's orders for one step. Game `Actions` objects (with methods such as
 * `move(id, dir)`) push into one of these.
 *
 * Rules of the originals: the first order for a given key (a unit id) wins and later ones for
 * the same key are dropped; more than `limit` orders in one step is a fault.
 */
export class OrderCollector<Order> {
  /** The accepted orders, first-per-key, in the order given (a new array after `reset`). */
  orders: Order[] = [];
  /** How many orders were offered in total (accepted or not). */
  offered = 0;
  /** For each accepted order, its index (0-based) among the orders offered (a new array after `reset`). */
  given: number[] = [];
  /** The orders rejected before reaching the engine (`duplicate`, `malformed`), by offered index. */
  rejected: Rejection[] = [];
  /** Each key given, with the offered index of its first order. */
  private readonly keys = new Map<number | string, number>();

  /** @param limit orders per step above which the player is at fault (1000 in the originals). */
  constructor(readonly limit = 1000) {}

  /** Offers an order for `key`; returns false if one for that key was already given. */
  add(key: number | string, order: Order): boolean {
    const index = this.offered++;
    const first = this.keys.get(key);
    if (first !== undefined) {
      this.rejected.push({
        index,
        reason: "duplicate",
        message: `order ${first} came first with the same key (${JSON.stringify(key)}: a unit, or the turn in one-order games): the first one wins`,
      });
      return false;
    }
    this.keys.set(key, index);
    this.orders.push(order);
    this.given.push(index);
    return true;
  }

  /**
   * Counts an order that is not accepted (e.g. `malformed`), recording why. With `key` (known when
   * a game's actions object made the order) it still takes its key, as an order given in process
   * does: a later order for that key is a duplicate (and it is one itself if the key was taken).
   */
  reject(reason: RejectionReason, message: string, key?: number | string): void {
    if (key !== undefined && this.add(key, undefined as Order)) {
      this.orders.pop();
      this.given.pop();
      this.rejected.push({ index: this.offered - 1, reason, message });
    } else if (key === undefined) this.rejected.push({ index: this.offered++, reason, message });
  }

  /**
   * Drops accepted order `k` (e.g. one that fails `Engine.parseOrder`), recording why under its
   * offered index.
   */
  drop(k: number, reason: RejectionReason, message: string): void {
    const index = this.given[k]!;
    this.orders.splice(k, 1);
    this.given.splice(k, 1);
    this.rejected.push({ index, reason, message });
  }

  /**
   * Empties the collector for the next step (the runner reuses one per seat). The previous
   * `orders`, `given` and `rejected` arrays are left as they were: new ones are started when
   * they were not empty.
   */
  reset(): void {
    if (this.orders.length > 0) {
      this.orders = [];
      this.given = [];
    }
    if (this.rejected.length > 0) this.rejected = [];
    if (this.keys.size > 0) this.keys.clear();
    this.offered = 0;
    this.note = undefined;
  }

  /** True when more than `limit` orders were offered this step. */
  get overflow(): boolean {
    return this.offered > this.limit;
  }

  /** What the bot attached to this step (bot annotations), when it did. Never read by engines. */
  note: BotNote | undefined;

  /**
   * Attaches debug drawings and text to this step (recorded in the replay beside the orders,
   * shown by the viewer). Several calls add up; the whole is capped at `NOTE_LIMIT` bytes.
   * Throws an `Error` naming the bad field of a malformed note.
   */
  annotate(note: BotNote): void {
    this.note = mergeNotes(this.note, checkNote(note));
  }
}

/**
 * A match in progress. Created by `Engine.create`; mutated by `step`. `Event` is the union of the
 * game's events (`events`).
 */
export interface Match<
  Order = unknown,
  View = unknown,
  Actions = unknown,
  Event extends GameEvent = GameEvent,
> {
  /** Number of players. */
  readonly numPlayers: number;
  /** The current round number as the original shows it (0 before the first round is played). */
  round(): number;
  /** True when the match has ended: no more steps. */
  isOver(): boolean;
  /** The players who give orders at the current step (ascending). */
  toMove(): readonly number[];
  /**
   * The view of `player`: the object handed to its bot's `play`. The same object each step (it
   * reads the live state), so it may also hold the player's own random generator.
   */
  view(player: number): View;
  /** A fresh actions object for `player` that records orders into `collector`. */
  actions(player: number, collector: OrderCollector<Order>): Actions;
  /** The key under which first-order-wins applies (a unit id; a constant for single-actor games). */
  orderKey(order: Order): number | string;
  /**
   * Resolves the current step. `orders[p]` holds player p's orders (empty for a player who is not
   * to move or is frozen). Orders must already be validated (`Engine.parseOrder`).
   */
  step(orders: ReadonlyArray<OrderList<Order>>): void;
  /**
   * Where the engine records the orders its rules ignore (unknown unit, not yours, illegal move…)
   * while it resolves a step, and where the runner puts what each player's view shows as its
   * rejected orders (see `OrderFeedback`). Optional: a game without it reports only `malformed`
   * and `duplicate`.
   */
  readonly feedback?: OrderFeedback;
  /**
   * What the rules did in the last step, in the order they did it: kills, deaths with their
   * cause, respawns, pickups, captures… as typed JSON events (each game exports its union and
   * lists them in its README), recorded where each rule is applied, never guessed from states.
   * The array of a step is not changed by later steps. Not part of `snapshot` or `digest`: a
   * replay re-simulated yields them again. Empty before the first step and after a `restore`.
   */
  events?(): readonly Event[];
  /** Marks `player` frozen (its bot failed). The engine records it where the original shows it. */
  freeze(player: number): void;
  /** The current score of every player. */
  scores(): number[];
  /** The whole state as plain JSON data, including every random generator's state. */
  snapshot(): Json;
  /** A 32-bit digest of the whole state; equal states give equal digests. */
  digest(): number;
  /** The view of `player` as JSON, sent each step to an external bot. */
  viewJson(player: number): Json;
}

/** An extra command-line option a game accepts (e.g. `--variant 2012`, `--rounds 100`). */
export interface EngineOption<Config> {
  /** Flag name without dashes, e.g. `variant`. */
  readonly name: string;
  /** Placeholder for the value in help text, e.g. `2012|2015`. */
  readonly value: string;
  /** One-line description. */
  readonly description: string;
  /** Returns the config with the option applied; throws `ArenaError` for a bad value. */
  apply(config: Config, value: string): Config;
}

/**
 * Receives the original `.res` text of a match piece by piece, in order, as it is played (e.g.
 * `TextFileWriter.write`), so a long match's text is never held whole.
 */
export type ResSink = (text: string) => void;

/** Records the original `.res` replay text of a match as it is played. */
export interface ResRecorder {
  /** Called after every step (the initial state is recorded when the recorder is created). */
  afterStep(): void;
  /** The whole `.res` text so far; empty when the recorder streams to a `ResSink`. */
  text(): string;
}

/**
 * How an external bot (any executable speaking one JSON object per line on stdin/stdout) talks
 * with the engine. Core has a default (documented in core's README); a game whose original has
 * its own protocol (Lighthouses) provides this to speak exactly that protocol.
 */
export interface ExternalProtocol<Order = unknown> {
  /** The first message sent to `player`. */
  start(match: Match<Order>, player: number, settings: Json): Json;
  /** Whether the bot must answer the start message (within the start timeout) before turn 1. */
  readonly startReply: boolean;
  /** Checks the start reply; returns a name the bot gave itself, if any. Throws `ArenaError`. */
  acceptStart?(reply: unknown): string | undefined;
  /** The message sent to `player` when it is to move. */
  turn(match: Match<Order>, player: number): Json;
  /** The raw orders in the bot's reply to a turn message (each is then `Engine.parseOrder`ed). Throws `ArenaError`. */
  orders(reply: unknown): unknown[];
  /** A message sent to `player` after its orders were applied (e.g. a command's result), if any. */
  result?(match: Match<Order>, player: number): Json | undefined;
}

/**
 * A game engine: everything core and the cli need to run, replay and export matches of a game.
 * `Config` and `Order` must be JSON-safe data (they are stored in replays); `Event` is the union
 * of the game's events (`Match.events`).
 */
export interface Engine<
  Config = Json,
  Order = Json,
  View = unknown,
  Actions = unknown,
  Event extends GameEvent = GameEvent,
> {
  /** Package-style short name, e.g. `moneyheist`. */
  readonly name: string;
  /** Human title, e.g. `Money Heist`. */
  readonly title: string;
  /** Engine version, written in replays; bump it whenever the same orders could give another result. */
  readonly version: string;
  /** Module specifier that exports this engine as `engine` (e.g. `@arena/moneyheist`): used by worker bots. */
  readonly module: string;
  /** Allowed player counts. */
  readonly players: { readonly min: number; readonly max: number; readonly default: number };
  /** The default config (equal to the original's default `.cnf`). */
  defaultConfig(): Config;
  /** Parses the original config/map format. Throws `ArenaError` naming `source`, line and field. */
  parseConfig(text: string, source: string): Config;
  /** Extra cli options of this game. */
  readonly options?: ReadonlyArray<EngineOption<Config>>;
  /** Starts a match. `seed` is any integer. */
  create(config: Config, seed: number, numPlayers: number): Match<Order, View, Actions, Event>;
  /** Rebuilds a match from `Match.snapshot()`. */
  restore(snapshot: Json): Match<Order, View, Actions, Event>;
  /** Validates one order received as JSON (replay, trace, external bot). Throws `ArenaError`. */
  parseOrder(value: unknown): Order;
  /** The settings message sent to an external bot at start (besides the player id). */
  settingsJson(match: Match<Order, View, Actions>): Json;
  /**
   * Default limits (ms) for this game's out-of-process bots, e.g. the original's protocol
   * timeouts (core's `Budget`: CPU time unless `clock` is `wall`); the match's own budget
   * overrides them. In-process bots get none.
   */
  readonly budget?: {
    startMs?: number;
    turnMs?: number;
    totalMs?: number;
    graceMs?: number;
    wallMs?: number;
    clock?: "cpu" | "wall";
  };
  /** The external-bot protocol, when the game has its own (default: core's JSON-lines protocol). */
  readonly protocol?: ExternalProtocol<Order>;
  /** Compatibility headers and adapter for students' own C++ players (`AI<Name>.cc`), if any. */
  readonly cpp?: CppKit;
  /** Built-in bots by name; always at least `Null` and `Demo`. */
  readonly bots: Readonly<Record<string, BotFactory<View, Actions>>>;
  /**
   * Starts recording the original `.res` of `match` (players named `names`), if the game has one:
   * into `sink` as it goes when one is given, else kept for `ResRecorder.text()`.
   */
  res?(match: Match<Order, View, Actions>, names: readonly string[], sink?: ResSink): ResRecorder;
  /**
   * Reads a recorded trace of orders (the format of `shared/reference/<game>/traces/`):
   * `steps[s][p]` = player p's orders at step s.
   */
  readTrace?(text: string, source: string): Order[][][];
}

/** Any engine, with its type parameters erased, as registries and the cli hold them. */
// biome-ignore lint/suspicious/noExplicitAny: erasure point for heterogeneous engines.
export type AnyEngine = Engine<any, any, any, any, any>;
