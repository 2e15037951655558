import type { MatchRunnerFactory } from "@arena/tournament";
import type { CliIo } from "../io";
import { loadQueue } from "../queue-package";

/**
 * The runner of `tournament`/`test`/`contest --redis URL`: the matches become jobs on Redis for
 * `arena worker`s to play. `@arena/queue` (BullMQ, ioredis) is loaded only when it is used
 * (`loadQueue`: an optional dependency).
 */
export function redisRunner(url: string, io: CliIo, queue?: string): MatchRunnerFactory {
  return async (setup) => {
    const { queueRunner } = await loadQueue();
    return queueRunner({
      redis: url,
      ...(queue !== undefined ? { queue } : {}),
      onNotice: (message) => io.err(`\nnote: ${message}\n`),
    })(setup);
  };
}
