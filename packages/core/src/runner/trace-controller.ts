import type { Controller } from "./controller";

/**
 * Replays recorded orders: at step s it gives `steps[s][player]` (already parsed orders, e.g. from
 * `Engine.readTrace`), first order per key winning as usual; no orders once the trace is over.
 */
export function traceController(
  steps: ReadonlyArray<ReadonlyArray<ReadonlyArray<unknown>>>,
  player: number,
  label = "trace",
): Controller {
  return {
    label,
    play(ctx) {
      const orders = steps[ctx.step]?.[player];
      if (orders === undefined) return;
      for (const order of orders) ctx.collector.add(ctx.match.orderKey(order), order);
    },
  };
}
