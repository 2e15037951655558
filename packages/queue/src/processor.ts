// The BullMQ sandboxed processor: each worker's child processes load this file and play the
// match jobs they are handed, one at a time, so a CPU-bound match never delays the parent's
// lock renewals. Where the bot files and engines are, and the queue's key, come from the parent
// (`startWorker`), through the environment of the child it forks, taken out of it at once.
import { ArenaError } from "@arena/core";
import type { SandboxedJob } from "bullmq";
import type { MatchJobResult } from "./match-job";
import { playJob } from "./play-job";
import { takePlace } from "./worker-place";

// The parent is gone (killed with SIGKILL): stop at once rather than play on as an orphan; the
// job's lock expires and another worker plays it. Node says 'disconnect' only when it reads the
// channel's end; after a SIGKILL the child's next message to its parent fails with EPIPE first,
// and BullMQ's own `uncaughtException` handler answers that with another message, which fails
// the same way, for ever: an orphan spinning on a core with a heap growing by gigabytes. So a
// message that cannot reach the parent ends this process (this listener runs before BullMQ's),
// and so does being handed to another parent (checked every second, for an idle child).
const orphaned = () => process.exit(1);
const parent = process.ppid;
process.on("disconnect", orphaned);
process.prependListener("uncaughtException", (error: NodeJS.ErrnoException) => {
  if (
    error?.code === "EPIPE" ||
    error?.code === "ERR_IPC_CHANNEL_CLOSED" ||
    error?.code === "ECONNRESET"
  )
    orphaned();
});
setInterval(() => {
  if (process.ppid !== parent) orphaned();
}, 1000).unref();

const place = takePlace(process.env);

/** Refusals no worker would answer otherwise: its signature, a C++ mode it does not know. */
const UNRECOVERABLE = new Set(["BAD_SIGNATURE", "BAD_JOB"]);

/**
 * Plays one match job (BullMQ calls it in this child process). A job refused for its signature
 * or its content (`UNRECOVERABLE`) fails at once, without retries (BullMQ's `UnrecoverableError`,
 * known by its name): no worker with this secret would play it.
 */
export default async function processMatch(
  job: SandboxedJob<unknown, MatchJobResult>,
  _token?: string,
  signal?: AbortSignal,
): Promise<MatchJobResult> {
  if (place === undefined) throw new Error("this process was not started by startWorker");
  try {
    return await playJob(job.data, place, job.id, signal);
  } catch (error) {
    if (error instanceof ArenaError && UNRECOVERABLE.has(error.code)) {
      const refused = new Error(error.message);
      refused.name = "UnrecoverableError";
      throw refused;
    }
    throw error;
  }
}
