// `arena play`: the seats' bots resolved side by side (C++ players compiled in parallel).
import { availableParallelism } from "node:os";
import { type ResolveBotOptions, resolveBot } from "@arena/bots";
import type { AnyEngine, Controller } from "@arena/core";
import type { PrepareEvent } from "@arena/tournament";

/**
 * Each spec's controller, in order. The first seat of each distinct spec is resolved side by side
 * with the others' first seats, as many at a time as the machine has cores (a C++ player's first
 * compile takes a minute or more at -O2); a spec's later seats after it (from the compile cache).
 * `onPrepare` hears each first seat start and end (`done` or `failed`). On a failure every controller made is closed
 * and the first failing seat's error is thrown.
 */
export async function resolveSeats(
  engine: AnyEngine,
  specs: readonly string[],
  options: ResolveBotOptions,
  onPrepare?: (event: PrepareEvent) => void,
): Promise<Controller[]> {
  const controllers: Array<Controller | undefined> = specs.map(() => undefined);
  const errors: unknown[] = [];
  const resolveSeat = async (seat: number): Promise<void> => {
    try {
      controllers[seat] = await resolveBot(engine, specs[seat]!, options);
    } catch (error) {
      errors[seat] = error;
    }
  };
  const firsts = specs.flatMap((spec, seat) => (specs.indexOf(spec) === seat ? [seat] : []));
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let seat = firsts[next++]; seat !== undefined; seat = firsts[next++]) {
      const spec = specs[seat]!;
      const started = performance.now();
      onPrepare?.({ bot: spec, spec, state: "start" });
      await resolveSeat(seat);
      const ms = performance.now() - started;
      onPrepare?.({ bot: spec, spec, state: errors[seat] === undefined ? "done" : "failed", ms });
    }
  };
  const width = Math.min(firsts.length, Math.max(1, availableParallelism()));
  await Promise.all(Array.from({ length: width }, worker));
  for (let seat = 0; seat < specs.length && errors.length === 0; seat++) {
    if (controllers[seat] === undefined) await resolveSeat(seat);
  }
  const failed = errors.findIndex((error) => error !== undefined);
  if (failed >= 0) {
    await Promise.all(controllers.map((controller) => controller?.close?.()));
    throw errors[failed];
  }
  return controllers as Controller[];
}
