// A coordinator process for the queue's tests (killed mid-run with SIGKILL): a moneyheist
// tournament over the queue, printing each record's id as it is written.
import { engine } from "@arena/moneyheist";
import { parseBotArgument, runTournament } from "@arena/tournament";
import { queueRunner } from "../../dist/index.js";

const options = JSON.parse(process.argv[2]);
const run = runTournament({
  engine,
  ...(options.config !== undefined ? { config: options.config } : {}),
  bots: options.bots.map(parseBotArgument),
  seeds: options.seeds,
  cwd: options.dir,
  out: options.out,
  runner: queueRunner({
    redis: options.redis,
    queue: options.queue,
    sweepMs: 200,
    secret: options.secret,
  }),
});
for await (const record of run) console.log(`record ${record.id}`);
console.log("done");
