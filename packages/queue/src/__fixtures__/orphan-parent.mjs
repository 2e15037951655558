// A worker's part in the orphan test: forks BullMQ's own sandbox child (`main.js`, what a
// worker forks) with the processor given as argument, and hands it one job. The test kills this
// process with SIGKILL once the job has started, and checks that the child ends by itself.
import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const main = join(dirname(createRequire(import.meta.url).resolve("bullmq")), "classes/main.js");
const child = fork(main, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
// BullMQ's commands: to the child Init = 0, Start = 1; from it InitCompleted = 4.
child.on("message", (message) => {
  if (message.cmd === 4) {
    child.send({ cmd: 1, job: { id: "1", name: "match", data: "{}", opts: {} }, token: "t" });
  }
});
child.send({ cmd: 0, value: process.argv[2] });
