#!/usr/bin/env node
// A hostile external program for the counter game (default JSON-lines protocol): it plays like
// Demo, then at round 3 attacks. Usage: node hostile-program.mjs <attack> <marker>
// Attacks: loop (endless), exit (process.exit(0)), killparent (SIGKILL to its parent: arena, or
// bubblewrap's init in the sandbox; then plays on), write (writes <marker>.written beside this
// file's temporary directory argument, then plays on), spawn (a child and a setsid grandchild,
// both sleeping 100 s with <marker> on their command line, then plays on), allocate (4 GiB of
// touched Buffers), badorder, sleep (60 s without CPU time), fine.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [attack = "fine", marker = "0", writeTo = ""] = process.argv.slice(2);
const reply = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const demo = () => ({ orders: [0, 1, 2].map((unit) => ({ unit, add: 9 })) });
let keep;

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type !== "turn") continue;
  if (message.round === 3) {
    switch (attack) {
      case "loop":
        for (;;) {
          // burn CPU
        }
      case "exit":
        process.exit(0);
        break;
      case "killparent":
        try {
          process.kill(process.ppid, "SIGKILL");
        } catch {
          // not allowed: play on
        }
        break;
      case "write":
        try {
          writeFileSync(writeTo, "pwned");
        } catch {
          // a careful attacker swallows the error
        }
        break;
      case "spawn":
        spawn("sleep", [marker], { stdio: "ignore" });
        spawn("setsid", ["-f", "sleep", marker], { stdio: "ignore", detached: true }).unref();
        break;
      case "allocate":
        keep = [];
        for (let k = 0; k < 64; k++) keep.push(Buffer.alloc(64 * 1024 * 1024, 1));
        break;
      case "badorder":
        reply({ orders: [{ unit: 0, add: 42 }] });
        continue;
      case "sleep":
        await new Promise((resolve) => setTimeout(resolve, 60_000));
        break;
      default:
        break;
    }
  }
  reply(demo());
}
void keep;
