// @arena/queue: tournaments of the arena games across machines — a BullMQ coordinator that
// turns a run's matches into signed jobs on Redis that carry no code, and workers that play them
// with their own engines and the bots they may play (Node only).

export {
  botKeyOf,
  DEFAULT_QUEUE,
  type JobBot,
  jobIdOf,
  MATCH_JOB,
  MAX_BOT_BYTES,
  type MatchJobData,
  type MatchJobResult,
  type SignedJob,
} from "./match-job";
export { playJob, workerName } from "./play-job";
export { type QueueRunnerOptions, queueRunner } from "./queue-runner";
export {
  checkJob,
  checkResultSignature,
  MIN_SECRET_CHARS,
  type QueueSecretOptions,
  queueKey,
  SECRET_VARIABLE,
  signJob,
  signResult,
} from "./queue-secret";
export {
  type QueueWorker,
  type QueueWorkerOptions,
  startWorker,
  type WorkerEvent,
} from "./queue-worker";
export { checkRedisUrl, shownUrl } from "./redis-url";
export { checkResult } from "./result-check";
export type { WorkerPlace } from "./worker-place";
