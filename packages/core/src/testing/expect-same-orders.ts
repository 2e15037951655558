// Test helper (`@arena/core/testing`): a bot rewritten for speed must give its reference's orders.
import { expect } from "vitest";
import { type AnyEngine, type Bot, type BotFactory, OrderCollector } from "../engine/engine";

/** A seat's bot in `expectSameOrders`: the rewritten one and the reference it must equal. */
export interface BotPair {
  rewritten: BotFactory;
  reference: BotFactory;
}

/**
 * Plays the same match (`config`, `seed`) twice in lockstep, once with the rewritten bots and once
 * with the reference ones, and expects (vitest) every player to give exactly the same orders at
 * every round, and the same final scores. `seats` has a letter a player, a key of `bots` (e.g.
 * `"DNDN"` with `{ D: demo, N: null }`). Returns the number of orders compared and the scores.
 */
export function expectSameOrders(
  engine: AnyEngine,
  config: unknown,
  seed: number,
  seats: string,
  bots: Readonly<Record<string, BotPair>>,
): { compared: number; scores: readonly number[] } {
  const n = seats.length;
  const fast = engine.create(config, seed, n);
  const slow = engine.create(config, seed, n);
  const make = (reference: boolean) =>
    [...seats].map((seat): Bot => {
      const pair = bots[seat];
      if (pair === undefined) throw new Error(`no bot for seat '${seat}' in ${seats}`);
      return reference ? pair.reference() : pair.rewritten();
    });
  const fastBots = make(false);
  const slowBots = make(true);
  const orders = (match: typeof fast, players: Bot[]) =>
    players.map((bot, p) => {
      const collector = new OrderCollector<never>();
      bot.play(match.view(p), match.actions(p, collector));
      return collector.orders;
    });
  let compared = 0;
  while (!fast.isOver()) {
    const got = orders(fast, fastBots);
    const want = orders(slow, slowBots);
    expect(got, `round ${fast.round()}`).toEqual(want);
    compared += got.reduce((sum, list) => sum + list.length, 0);
    fast.step(got);
    slow.step(want);
  }
  expect(fast.scores()).toEqual(slow.scores());
  return { compared, scores: fast.scores() };
}
