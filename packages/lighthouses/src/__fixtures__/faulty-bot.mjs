#!/usr/bin/env node
// A test bot that misbehaves on purpose: node faulty-bot.mjs MODE PIDFILE
// Modes: crash, hang, junk, structure, slow-start, no-name, slow-turn, spin, late, sleepy, good.
// It writes its pid to PIDFILE, greets, passes, and misbehaves at its 3rd turn. The slow modes
// sleep (no CPU time) 60 s before answering the start or the turn: ten times over the wall-clock
// safety net the tests set; spin loops forever (over any CPU limit); late burns 250 ms of its own
// CPU time (measured by itself) before passing: over the 100 ms turn limit, far under the 500 ms
// of the limit and its grace; sleepy sleeps 0.5 s (no CPU time) before each turn's answer (half
// the default wall-clock safety net: twice the 500 ms of the limit and its grace). Every
// other answer is immediate (no work), so no outcome depends on the machine's speed.
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [mode, pidFile] = process.argv.slice(2);
writeFileSync(pidFile, String(process.pid));
let turn = 0;
const send = (value) => process.stdout.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const msg = JSON.parse(line);
  if ("player_num" in msg) {
    if (mode === "slow-start") {
      setTimeout(() => send({ name: "Slow" }), 60_000);
      return;
    }
    send(mode === "no-name" ? { nombre: "x" } : { name: `Faulty ${mode}` });
    return;
  }
  if ("success" in msg) return;
  turn++;
  if (mode === "sleepy") {
    setTimeout(() => send({ command: "pass" }), 500);
    return;
  }
  if (turn < 3) return send({ command: "pass" });
  switch (mode) {
    case "crash":
      process.exit(3);
      break;
    case "hang":
      setInterval(() => {}, 1000);
      break;
    case "junk":
      send("this is not JSON");
      break;
    case "structure":
      send(["pass"]);
      break;
    case "slow-turn":
      setTimeout(() => send({ command: "pass" }), 60_000);
      break;
    case "spin":
      for (;;) {
        // an endless loop: over any CPU limit
      }
    case "late": {
      const cpu = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
      const start = cpu();
      while (cpu() - start < 250) {
        // burn CPU time
      }
      send({ command: "pass" });
      break;
    }
    default:
      send({ command: "pass" });
  }
});
lines.on("close", () => process.exit(0));
