// A worker process for the queue's tests: the built package, the moneyheist engine, small
// lock and stall times so a killed worker's job is recovered within seconds.
import { startWorker } from "../../dist/index.js";

const options = JSON.parse(process.argv[2]);
const worker = await startWorker({
  redis: options.redis,
  queue: options.queue,
  dir: options.dir,
  concurrency: options.concurrency ?? 1,
  engines: { moneyheist: import.meta.resolve("@arena/moneyheist") },
  lockDurationMs: 2000,
  stalledIntervalMs: 1000,
});
process.once("SIGTERM", () => {
  worker.close().then(() => process.exit(0));
});
console.log("worker ready");
