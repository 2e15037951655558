// @arena/queue (BullMQ, ioredis, msgpackr: some 170 packages) is an optional peer dependency of
// the cli: a student's `npm install @arena/cli` leaves it out, and only `--redis` and
// `arena worker` load it.
import { ArenaError } from "@arena/core";

/** The queue package's module (what `--redis` and `arena worker` use of it). */
export type QueueModule = typeof import("@arena/queue");

/**
 * Loads @arena/queue (`specifier`: tests name one that is absent). Throws `NO_QUEUE`, one line
 * saying how to install it, when it is not installed.
 */
export async function loadQueue(specifier = "@arena/queue"): Promise<QueueModule> {
  try {
    return (await import(specifier)) as QueueModule;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing =
      (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
      (error as Error).message.includes(`'${specifier}'`);
    if (!missing) throw error;
    throw new ArenaError(
      "NO_QUEUE",
      `--redis and 'arena worker' need ${specifier} (the job queue on Redis, with BullMQ), which @arena/cli leaves out: install it beside the cli (npm install ${specifier})`,
    );
  }
}
