import type { MatchRunnerFactory } from "@arena/tournament";
import type { CliIo } from "../io";

/**
 * The runner of `tournament`/`test`/`contest --redis URL`: the matches become jobs on Redis for
 * `arena worker`s to play. `@arena/queue` (BullMQ, ioredis) is imported only when it is used.
 */
export function redisRunner(url: string, io: CliIo, queue?: string): MatchRunnerFactory {
  return async (setup) => {
    const { queueRunner } = await import("@arena/queue");
    return queueRunner({
      redis: url,
      ...(queue !== undefined ? { queue } : {}),
      onNotice: (message) => io.err(`\nnote: ${message}\n`),
    })(setup);
  };
}
