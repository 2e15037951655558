// How the server reaches `arena worker`s: the Redis, the queue's name and how its messages are
// signed (issue 38: workers refuse unsigned jobs, the server refuses unsigned results).

/** The queue the server plays on, when it plays on workers (`--redis`). */
export interface QueueAccess {
  /** Play on `arena worker` processes through this Redis. */
  redis?: string;
  /** The BullMQ queue's name (default arena-matches). */
  queue?: string;
  /** The queue's shared secret (default: `ARENA_QUEUE_SECRET`). */
  secret?: string;
  /** No secret: only for a Redis on this machine (`--insecure-queue`). */
  insecure?: boolean;
}

/** `@arena/queue`'s `queueRunner` options for `access` (whose `redis` is set). */
export function queueRunnerOptions(access: QueueAccess & { redis: string }) {
  return {
    redis: access.redis,
    ...(access.queue !== undefined ? { queue: access.queue } : {}),
    ...(access.secret !== undefined ? { secret: access.secret } : {}),
    ...(access.insecure ? { insecure: true } : {}),
  };
}

/**
 * Checks at start that the queue's messages can be signed (`queueKey`): without a secret (and
 * not `insecure` on a Redis of this machine) every match would fail; the server does not start,
 * with one line saying what to set.
 */
export async function checkQueueAccess(access: QueueAccess): Promise<void> {
  if (access.redis === undefined) return;
  const { queueKey } = await import("@arena/queue");
  queueKey(queueRunnerOptions({ ...access, redis: access.redis }));
}
