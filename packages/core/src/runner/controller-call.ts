import { ArenaError } from "../engine/errors";
import { BotFault, type PlayContext, wallFault } from "./controller";
import type { Seat } from "./seat";

/** The fault reason of an error a controller threw (`BotFault`s' messages as they are). */
export const describeError = (error: unknown): string => {
  if (error instanceof BotFault) return error.message;
  if (error instanceof Error) return `threw ${error.name}: ${error.message}`;
  return `threw ${String(error)}`;
};

export const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";

/** Marks an abort while a controller call was pending. */
const aborted = new Error("aborted");

/**
 * Calls `call` (the controller's `start`, `play` or `afterStep`) on the seat's context and
 * charges it: a fault reason or undefined, directly for a synchronous call (the fast path: no
 * await), or as a promise for an asynchronous one. The seat's limits were set by `beginCall`.
 */
export function callController(
  seat: Seat,
  call: (ctx: PlayContext) => Promise<void> | void,
  signal: AbortSignal | undefined,
): string | undefined | Promise<string | undefined> {
  let result: Promise<void> | void;
  try {
    result = call.call(seat.controller, seat.ctx);
  } catch (error) {
    return seat.charge(describeError(error));
  }
  if (isPromise(result)) return settle(seat, result, signal);
  return seat.charge(undefined);
}

/**
 * Waits for an asynchronous controller call, with the runner's own wall-clock safety net and
 * the abort signal, then charges it. An abort while waiting is not the bot's fault: it throws
 * `ArenaError("ABORTED")` and the match stops.
 */
async function settle(
  seat: Seat,
  result: Promise<unknown>,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopListening: (() => void) | undefined;
  let fault: string | undefined;
  try {
    const racers: Array<Promise<unknown>> = [result];
    const wallMs = seat.ctx.wallLimitMs ?? Number.POSITIVE_INFINITY;
    // Out-of-process controllers (with `cpuMs`) stop their bot themselves; this is the runner's
    // own net for the others.
    if (Number.isFinite(wallMs) && seat.clock !== "process") {
      racers.push(
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new BotFault(wallFault(seat.phase, wallMs, undefined))),
            wallMs + 2000,
          );
        }),
      );
    }
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
    if (error === aborted) throw new ArenaError("ABORTED", "the match was aborted");
    fault = describeError(error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    stopListening?.();
  }
  return seat.charge(fault);
}
