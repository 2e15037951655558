// @arena/queue: tournaments of the arena games across machines — a BullMQ coordinator that
// turns a run's matches into jobs on Redis, and workers that play them (Node only).

export {
  DEFAULT_QUEUE,
  jobIdOf,
  MATCH_JOB,
  type MatchJobData,
  type MatchJobResult,
} from "./match-job";
export { checkJob, playJob, type WorkerPlace, workerName } from "./play-job";
export { type QueueRunnerOptions, queueRunner } from "./queue-runner";
export {
  type QueueWorker,
  type QueueWorkerOptions,
  startWorker,
  type WorkerEvent,
} from "./queue-worker";
export { checkRedisUrl, shownUrl } from "./redis-url";
