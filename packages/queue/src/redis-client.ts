import { ArenaError } from "@arena/core";
import { Redis } from "ioredis";
import { shownUrl } from "./redis-url";

/**
 * A client that answers at once or fails at once (no offline queue, no retries per command) and
 * reconnects in the background: the coordinator's probe of whether Redis is reachable.
 */
export function probeClient(url: string): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  });
  // Connection errors are noticed by the probe's pings; an 'error' event without a listener
  // would end the process.
  client.on("error", () => {});
  return client;
}

/**
 * Connects `client` and pings Redis, or throws `ArenaError` `REDIS_UNREACHABLE` naming the URL
 * after `timeoutMs`.
 */
export async function connectOrThrow(client: Redis, url: string, timeoutMs = 5000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = true;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([
      (async () => {
        while (waiting) {
          try {
            if (client.status === "wait") await client.connect();
            await client.ping();
            return;
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      })(),
      deadline,
    ]);
  } catch (error) {
    waiting = false;
    client.disconnect();
    throw new ArenaError(
      "REDIS_UNREACHABLE",
      `cannot reach Redis at ${shownUrl(url)} (${(error as Error).message}); start it (see the @arena/queue README) or fix --redis`,
    );
  } finally {
    waiting = false;
    clearTimeout(timer);
  }
}

/** Pings with `client`; true when Redis answered within `timeoutMs`. */
export async function ping(client: Redis, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      client.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
