import type { Json, Match, OrderCollector, OrderList } from "./engine";
import { ArenaError } from "./errors";
import { OrderFeedback } from "./rejection";

/**
 * The plumbing every simultaneous-move game's match shares: every player moves every round, the
 * match is over after `lastRound` rounds, each player's view is made once and reads the live
 * state. A game extends it with its rules (`playRound`), views, orders, scores and snapshots.
 */
export abstract class RoundMatch<State extends { round: number }, Order, View, Actions>
  implements Match<Order, View, Actions>
{
  readonly numPlayers: number;
  /** Every player, in order: all of them move every round. */
  protected readonly everyone: readonly number[];
  private readonly views: View[] = [];
  /** The rejections of each step's orders (the game's `playRound` records them) and what views show. */
  readonly feedback = new OrderFeedback();

  constructor(
    /** @internal The game's state, mutated in place by `playRound`. */
    readonly state: State,
    numPlayers: number,
    /** The round after which the match is over. */
    readonly lastRound: number,
  ) {
    this.numPlayers = numPlayers;
    this.everyone = Array.from({ length: numPlayers }, (_, p) => p);
  }

  /** Makes player `player`'s view (called once per player). */
  protected abstract createView(player: number): View;
  /** Resolves one round with validated orders. */
  protected abstract playRound(orders: ReadonlyArray<OrderList<Order>>): void;

  round(): number {
    return this.state.round;
  }
  isOver(): boolean {
    return this.state.round >= this.lastRound;
  }
  toMove(): readonly number[] {
    return this.everyone;
  }
  view(player: number): View {
    let view = this.views[player];
    if (view === undefined) {
      view = this.createView(player);
      this.views[player] = view;
    }
    return view;
  }
  step(orders: ReadonlyArray<OrderList<Order>>): void {
    if (this.isOver()) throw new ArenaError("MATCH_OVER", "the match is over: no more rounds");
    this.feedback.begin();
    this.playRound(orders);
  }

  abstract actions(player: number, collector: OrderCollector<Order>): Actions;
  abstract orderKey(order: Order): number | string;
  abstract freeze(player: number): void;
  abstract scores(): number[];
  abstract snapshot(): Json;
  abstract digest(): number;
  abstract viewJson(player: number): Json;
}

/** Copies the numeric arrays `keys` of `source` into `into` as JSON arrays (for `snapshot`). */
export function arraysToJson<K extends string>(
  source: Record<K, ArrayLike<number>>,
  keys: readonly K[],
  into: Record<string, Json>,
): Record<string, Json> {
  for (const key of keys) into[key] = Array.from(source[key]);
  return into;
}

/** Sets the typed arrays `keys` of `target` from a snapshot's JSON arrays (for `restore`). */
export function arraysFromJson<K extends string>(
  target: Record<K, { set(values: ArrayLike<number>): void }>,
  keys: readonly K[],
  data: Record<string, unknown>,
): void {
  for (const key of keys) {
    const values = data[key];
    if (!Array.isArray(values))
      throw new ArenaError("BAD_SNAPSHOT", `the snapshot has no array '${key}'`);
    target[key].set(values as number[]);
  }
}

/** The fields of a snapshot: a JSON object with a `config` object, or `BAD_SNAPSHOT` naming `game`. */
export function snapshotFields(snapshot: Json, game: string): Record<string, unknown> {
  const data = snapshot as Record<string, unknown>;
  if (
    typeof data !== "object" ||
    data === null ||
    Array.isArray(data) ||
    typeof data.config !== "object"
  )
    throw new ArenaError("BAD_SNAPSHOT", `not a ${game} snapshot`);
  return data;
}

/**
 * `match` as the game's own match class, for an engine's functions that take a `Match` (its
 * `res`, `settingsJson`): `BAD_MATCH` when it comes from another game.
 */
export function ownMatch<T>(
  match: unknown,
  kind: abstract new (...args: never[]) => T,
  game: string,
): T {
  if (!(match instanceof kind)) throw new ArenaError("BAD_MATCH", `not a ${game} match`);
  return match;
}
