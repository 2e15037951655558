// Test helper (`@arena/core/testing`): a bot gives only orders the rules accept.
import {
  type AnyEngine,
  type Bot,
  type BotFactory,
  type Match,
  OrderCollector,
} from "../engine/engine";
import type { Rejection } from "../engine/rejection";

/** A rejection `checkOrdersAccepted` found, with where. */
export interface FoundRejection extends Rejection {
  round: number;
  player: number;
  /** The rejected order as the bot gave it. */
  order: unknown;
}

/** What `checkOrdersAccepted` found. */
export interface OrdersCheck {
  /** Orders given over the match. */
  orders: number;
  /**
   * Orders the rules rejected on the state the bot saw: each player's orders of a turn applied
   * alone (no other player's order before them) to a copy of the match. The bot's own mistakes.
   */
  own: FoundRejection[];
  /**
   * Every rejection of the match as played, the others' orders included: also orders overtaken
   * by an earlier order of the round (a unit killed before its turn), which no bot can foresee.
   */
  inMatch: FoundRejection[];
}

/** Player `player`'s rejections recorded by `match`'s last step, with their orders. */
function recorded(
  match: Match,
  round: number,
  player: number,
  orders: readonly unknown[],
): FoundRejection[] {
  return (match.feedback?.recorded(player) ?? []).map((rejection) => ({
    ...rejection,
    round,
    player,
    order: orders[rejection.index],
  }));
}

/**
 * Plays a match of `bots` (one factory a seat; each plays when `Match.toMove` names it) on
 * `config` and `seed` and sorts out the orders the rules reject (the engine's `Match.feedback`):
 * those rejected on the state the bot saw (its orders of the turn alone, applied to a copy
 * restored from the match's snapshot, the others giving none) and those of the match as played.
 * A bot that reads its view right gives none of the first kind, in a game where giving no order
 * changes nothing (in Mad Max Revisited a car without an instruction still drives on, so there
 * the others' cars are not where they would be).
 */
export function checkOrdersAccepted(
  engine: AnyEngine,
  config: unknown,
  seed: number,
  bots: readonly BotFactory[],
): OrdersCheck {
  const n = bots.length;
  const match = engine.create(config, seed, n);
  const players: Bot[] = bots.map((factory) => factory());
  for (const [p, bot] of players.entries()) bot.setup?.(match.view(p));
  const check: OrdersCheck = { orders: 0, own: [], inMatch: [] };
  while (!match.isOver()) {
    const moving = match.toMove();
    const orders = players.map((bot, p): readonly unknown[] => {
      if (!moving.includes(p)) return [];
      const collector = new OrderCollector<never>();
      bot.play(match.view(p), match.actions(p, collector));
      return collector.orders;
    });
    const round = match.round();
    const before = match.snapshot();
    for (let p = 0; p < n; p++) {
      check.orders += orders[p]!.length;
      if (orders[p]!.length === 0) continue;
      const alone = engine.restore(before);
      alone.step(orders.map((list, q) => (q === p ? list : [])));
      check.own.push(...recorded(alone, round, p, orders[p]!));
    }
    match.step(orders);
    for (let p = 0; p < n; p++) check.inMatch.push(...recorded(match, round, p, orders[p]!));
  }
  return check;
}
