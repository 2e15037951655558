// The orders a bot's own thread or process sent back for a turn (the bot host's and the isolated
// worker's replies have the same shape), handed to the turn's collector.
import { BotFault, type PlayContext } from "@arena/core";

/** A turn's orders as a bot host or an isolated worker sends them back. */
export interface WorkerOrders {
  /** The orders kept (at most the limit), as the bot gave them. */
  orders: unknown[];
  /** Each order's key from the bot's actions object, when it gave one. */
  keys?: Array<number | string>;
  /** Every order the bot gave, those past the limit too. */
  offered: number;
  /** Its annotations of the turn. */
  notes?: unknown[];
}

/**
 * Hands `reply`'s orders to `ctx.collector`: each parsed by the engine (a malformed one is
 * rejected alone, reported at the next turn; the others still apply), the orders past the limit
 * counted, the annotations forwarded like an in-process bot's (checked and capped by the
 * collector: garbage is a `BotFault`).
 */
export function collectWorkerOrders(ctx: PlayContext, reply: WorkerOrders): void {
  const { engine, match, collector } = ctx;
  for (let k = 0; k < reply.orders.length; k++) {
    let order: unknown;
    try {
      order = engine.parseOrder(reply.orders[k]);
    } catch (error) {
      collector.reject(
        "malformed",
        `${JSON.stringify(reply.orders[k])?.slice(0, 120)}: ${(error as Error).message}`,
        // The key its actions object gave it: taken as an in-process bot's would be.
        reply.keys?.[k],
      );
      continue;
    }
    collector.add(match.orderKey(order), order);
  }
  // Orders past the limit are only counted on the other side.
  collector.offered += reply.offered - reply.orders.length;
  for (const note of reply.notes ?? []) {
    try {
      collector.annotate(note as never);
    } catch (error) {
      throw new BotFault(`bad annotations: ${(error as Error).message}`);
    }
  }
}
