import type { MatchRunnerFactory } from "@arena/tournament";
import type { CliIo } from "../io";
import { loadQueue } from "../queue-package";

/** How `tournament`/`test`/`contest` reach the workers (`--redis`, `--queue`, `--insecure-queue`). */
export interface RedisFlags {
  url: string;
  queue?: string;
  insecure?: boolean;
}

/**
 * The runner of `tournament`/`test`/`contest --redis URL`: the matches become signed jobs on Redis
 * for `arena worker`s to play. `@arena/queue` (BullMQ, ioredis) is loaded only when it is used
 * (`loadQueue`: an optional dependency), before the run starts: a missing secret
 * (`ARENA_QUEUE_SECRET`) or a bad URL is one line before any file is written.
 */
export async function redisRunner(flags: RedisFlags, io: CliIo): Promise<MatchRunnerFactory> {
  const { queueRunner } = await loadQueue();
  return queueRunner({
    redis: flags.url,
    ...(flags.queue !== undefined ? { queue: flags.queue } : {}),
    ...(flags.insecure ? { insecure: true } : {}),
    onNotice: (message) => io.err(`\nnote: ${message}\n`),
  });
}
