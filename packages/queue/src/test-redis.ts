// Test helper: a real Redis (Debian's redis-server) on a free loopback port, without
// persistence, stopped by pid; and workers as real processes. Not part of the package's API.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** Why Redis tests are skipped, or undefined when `redis-server` is installed. */
export function redisMissing(): string | undefined {
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  return found.status === 0
    ? undefined
    : "redis-server is not installed (apt-get install redis-server): the queue tests are skipped";
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until `child` prints `text` on stdout (rejects if it exits first or after `ms`). */
function waitForOutput(child: ChildProcess, text: string | RegExp, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no '${text}' after ${ms} ms; output: ${seen.slice(-500)}`));
    }, ms);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (typeof text === "string" ? seen.includes(text) : text.test(seen)) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`exited (${code}) before '${text}'; output: ${seen.slice(-500)}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}

/** Kills `child` with `signal` and waits for it to exit. */
export function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** The pids of the live (not zombie) processes whose parent is `pid`, read from `/proc`. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, "utf8");
      if (/^State:\s+Z/m.test(status)) continue;
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === pid) children.push(Number(name));
    } catch {
      // The process ended while being read.
    }
  }
  return children;
}

/** Whether `pid` is a live process (a zombie, ended but not yet reaped, is not). */
export function isAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

/**
 * Waits until none of `pids` is alive (polling `/proc`), or `limitMs` has passed (a hang net, not
 * a speed check: a process that ends at all ends long before it); the caller checks which.
 */
export async function waitUntilEnded(pids: readonly number[], limitMs = 60_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (pids.some(isAlive) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Kills `child` with `signal`, waits for it to exit, then for the processes it had started
 * (a worker's BullMQ children) to end on their own: no process outlives it.
 */
export async function stopProcessTree(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<number[]> {
  const children = child.pid !== undefined ? childrenOf(child.pid) : [];
  await stopProcess(child, signal);
  await waitUntilEnded(children);
  const left = children.filter(isAlive);
  if (left.length > 0) {
    for (const pid of left) process.kill(pid, "SIGKILL");
    throw new Error(`processes ${left.join(", ")} outlived their killed parent (killed now)`);
  }
  return children;
}

/** A Redis server of a test. */
export class TestRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server on a free port. */
  static async start(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort());
    await redis.restart();
    return redis;
  }

  /** Starts it again on the same port (after `stop`): empty, since nothing is persisted. */
  async restart(): Promise<void> {
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--loglevel",
        "notice",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    await waitForOutput(child, "Ready to accept connections");
  }

  /** Stops the server (SIGKILL: no goodbye, like a crash). */
  async stop(): Promise<void> {
    if (this.child !== undefined) await stopProcess(this.child, "SIGKILL");
    this.child = undefined;
  }
}

/** The queue's secret in tests (the organisers' and the workers'). */
export const TEST_SECRET = "queue-tests-secret-0123456789abcdef";

/** Options of a worker process in a test. */
export interface TestWorkerOptions {
  redis: string;
  queue: string;
  dir: string;
  concurrency?: number;
  /** The queue's secret (default `TEST_SECRET`). */
  secret?: string;
  /** `exec:` command lines the worker may run. */
  allowExec?: string[];
  /** Print `played <id>` / `failed <id>: …` for each job (the test must read its stdout). */
  events?: boolean;
}

/** A worker running in a process of its own (`__fixtures__/worker.mjs`, the built package). */
export async function startWorkerProcess(options: TestWorkerOptions): Promise<ChildProcess> {
  const script = fileURLToPath(new URL("./__fixtures__/worker.mjs", import.meta.url));
  const child = spawn(
    process.execPath,
    [script, JSON.stringify({ secret: TEST_SECRET, ...options })],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  await waitForOutput(child, "worker ready");
  return child;
}

/**
 * Closes the worker of the worker process `child` (`startWorkerProcess`) and waits for its BullMQ
 * children to end: the process stays, serving no queue, ready for `serveQueue`. Throws when a
 * child outlives it (killed then).
 */
export async function releaseWorker(child: ChildProcess): Promise<void> {
  const children = child.pid !== undefined ? childrenOf(child.pid) : [];
  const released = waitForOutput(child, "released");
  child.stdin!.write("release\n");
  await released;
  await waitUntilEnded(children);
  const left = children.filter(isAlive);
  if (left.length > 0) {
    for (const pid of left) process.kill(pid, "SIGKILL");
    throw new Error(`processes ${left.join(", ")} outlived their closed worker (killed now)`);
  }
}

/** Has the released worker process `child` start a worker on `options.queue`. */
export async function serveQueue(child: ChildProcess, options: TestWorkerOptions): Promise<void> {
  const ready = waitForOutput(child, "worker ready");
  child.stdin!.write(`serve ${JSON.stringify({ secret: TEST_SECRET, ...options })}\n`);
  await ready;
}
