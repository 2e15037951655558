#!/usr/bin/env node
// An external bot for the counter test game (default JSON-lines protocol).
// Usage: node counter-bot.mjs <mode> [pidfile] [faultRound]
// Modes: good, (also answers the custom protocol of the tests: init → {name}, state → {command})
// crash, exit, hang (sleeps), spin (endless loop), junk, flood, lines, slowstart, badorder, many, stderr, noorders, twolines,
// lateboot (plays well after a 400 ms start-up), slowstart (sleeps 300 s first), setsid (plays well; at the fault round starts a
// grandchild in a new session through `setsid -f`, which appends its pid to the pidfile).
// With a pidfile it first spawns a long-sleeping child (`sleep`: a process in the bot's group that
// would outlive the match, which costs no Node start) and writes "<own pid> <child pid>" there.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [mode = "good", pidfile, faultAt = "3"] = process.argv.slice(2);
const faultRound = Number(faultAt);

if (pidfile && pidfile !== "-") {
  // 7777 s: no other test's pattern of sleepers ("sleep 100", "sleep 8xxxx", "sleep 9xxxx") matches it.
  const child = spawn("sleep", ["7777"], { stdio: "ignore" });
  writeFileSync(pidfile, `${process.pid} ${child.pid}\n`);
}

const reply = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const demo = () => ({ orders: [0, 1, 2].map((unit) => ({ unit, add: 9 })) });

async function main() {
  if (mode === "slowstart") await new Promise((resolve) => setTimeout(resolve, 300_000));
  if (mode === "lateboot") await new Promise((resolve) => setTimeout(resolve, 400));
  if (mode === "stderr") process.stderr.write("x".repeat(100 * 1024));
  const input = createInterface({ input: process.stdin });
  for await (const line of input) {
    const message = JSON.parse(line);
    if (message.type === "start" || message.type === "result") continue;
    // The custom protocol of the tests (like Lighthouses): a named start reply, "command" replies.
    if (message.type === "init") {
      reply({ name: "CounterBot" });
      continue;
    }
    const custom = message.type === "state";
    const round = message.round;
    if (mode === "setsid" && round === faultRound) {
      const source = `require("fs").appendFileSync(${JSON.stringify(pidfile)}, " " + process.pid); setInterval(() => {}, 1000);`;
      spawn("setsid", ["-f", process.execPath, "-e", source], { stdio: "ignore", detached: true }).unref();
      // Go on once the grandchild is running (its pid is in the file).
      for (let k = 0; k < 400; k++) {
        if (readFileSync(pidfile, "utf8").trim().split(/\s+/).length > 2) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    if (round === faultRound) {
      switch (mode) {
        case "crash":
          process.exit(3);
          break;
        case "hang":
          setInterval(() => {}, 1000);
          return;
        case "spin":
          for (;;) {
            // an endless loop: over any CPU limit
          }
        case "junk":
          process.stdout.write("hello, world\n");
          continue;
        case "flood":
          process.stdout.write("x".repeat(2 * 1024 * 1024));
          continue;
        case "lines":
          // The reply and 200 more lines in one write (written line by line, a descheduled bot's
          // extra lines could arrive one per turn and pass for replies).
          process.stdout.write(`${JSON.stringify(demo())}\n`.repeat(201));
          continue;
        case "twolines":
          reply(demo());
          reply(demo());
          continue;
        case "badorder":
          // A malformed order (0), a good one (1), a duplicate (2), an unknown unit (3), a good one (4).
          reply({
            orders: [
              { unit: 0, add: 99 },
              { unit: 1, add: 9 },
              { unit: 1, add: 5 },
              { unit: 7, add: 9 },
              { unit: 2, add: 9 },
            ],
          });
          continue;
        case "noorders":
          reply({ moves: [] });
          continue;
        case "many":
          reply({ orders: Array.from({ length: 1001 }, (_, unit) => ({ unit, add: 1 })) });
          continue;
        case "exit":
          reply(demo());
          process.exit(0);
          break;
        default:
          break;
      }
    }
    reply(custom ? { command: demo().orders } : demo());
  }
}

main();
