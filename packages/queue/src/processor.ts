// The BullMQ sandboxed processor: each worker's child processes load this file and play the
// match jobs they are handed, one at a time, so a CPU-bound match never delays the parent's
// lock renewals. Where the bot files and engines are comes from the parent (`startWorker`),
// through the environment of the child it forks.
import type { SandboxedJob } from "bullmq";
import type { MatchJobData, MatchJobResult } from "./match-job";
import { playJob } from "./play-job";
import { placeFromEnvironment } from "./worker-place";

// The parent is gone (killed with SIGKILL): stop at once rather than play on as an orphan; the
// job's lock expires and another worker plays it.
process.on("disconnect", () => process.exit(1));

const place = placeFromEnvironment(process.env);

/** Plays one match job (BullMQ calls it in this child process). */
export default async function processMatch(
  job: SandboxedJob<MatchJobData, MatchJobResult>,
  _token?: string,
  signal?: AbortSignal,
): Promise<MatchJobResult> {
  return playJob(job.data, place, signal);
}
