#!/usr/bin/env node
// A test bot that misbehaves on purpose: node faulty-bot.mjs MODE PIDFILE
// Modes: crash, hang, junk, structure, slow-start, no-name, slow-turn, good.
// It writes its pid to PIDFILE, greets, passes, and misbehaves at its 3rd turn. The slow modes
// answer 30 s late (start) and 10 s late (turn): ten times over the limits the tests set, while
// every other answer is immediate (no work), so no outcome depends on the machine's speed.
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
      setTimeout(() => send({ name: "Slow" }), 30_000);
      return;
    }
    send(mode === "no-name" ? { nombre: "x" } : { name: `Faulty ${mode}` });
    return;
  }
  if ("success" in msg) return;
  turn++;
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
      setTimeout(() => send({ command: "pass" }), 10_000);
      break;
    default:
      send({ command: "pass" });
  }
});
lines.on("close", () => process.exit(0));
