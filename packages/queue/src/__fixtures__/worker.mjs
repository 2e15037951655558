// A worker process for the queue's tests: the built package, the moneyheist engine, small
// lock and stall times so a killed worker's job is recovered within seconds.
//
// The tests keep a worker process from one test to the next (starting one costs ≈ 1 s of CPU:
// BullMQ and the tournament's modules): on stdin, `release` closes the worker (its BullMQ
// children killed) and answers `released`; `serve <options>` starts a worker on another queue
// and answers `worker ready`, as at the start. stdin closed (the test run is gone): it exits.
import { createInterface } from "node:readline";
import { startWorker } from "../../dist/index.js";

const serve = (options) =>
  startWorker({
    redis: options.redis,
    queue: options.queue,
    dir: options.dir,
    concurrency: options.concurrency ?? 1,
    engines: { moneyheist: import.meta.resolve("@arena/moneyheist") },
    lockDurationMs: 2000,
    stalledIntervalMs: 1000,
    ...(options.secret !== undefined ? { secret: options.secret } : {}),
    ...(options.insecure ? { insecure: true } : {}),
    ...(options.allowExec !== undefined ? { allowExec: options.allowExec } : {}),
    // With `events`: each match played (`played <id>`) or refused (`failed <id>: <reason>`), for
    // the tests that count how often a match was played (and read this process's stdout).
    onEvent: (event) => {
      if (!options.events) return;
      if (event.type === "completed") console.log(`played ${event.id}`);
      else if (event.type === "failed") console.log(`failed ${event.id}: ${event.message}`);
    },
  });

let worker = await serve(JSON.parse(process.argv[2]));
process.once("SIGTERM", () => {
  (worker?.close() ?? Promise.resolve()).then(() => process.exit(0));
});
console.log("worker ready");
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "release") {
    await worker?.close(true);
    worker = undefined;
    console.log("released");
  } else if (line.startsWith("serve ")) {
    await worker?.close(true);
    worker = await serve(JSON.parse(line.slice("serve ".length)));
    console.log("worker ready");
  }
}
await worker?.close(true);
process.exit(0);
