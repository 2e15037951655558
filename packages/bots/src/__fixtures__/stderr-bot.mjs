#!/usr/bin/env node
// An external bot for the counter test game that logs every turn: "turn R" on stderr and a note
// "note R" in its reply (R: the round of the turn message), at round 3 also 5000 "x" on stderr
// (over the replay's per-turn cap). It gives no orders.
import { createInterface } from "node:readline";

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type === "start" || message.type === "result") continue;
  process.stderr.write(`turn ${message.round}\n`);
  if (message.round === 3) process.stderr.write("x".repeat(5000));
  process.stdout.write(`${JSON.stringify({ orders: [], annotations: { text: `note ${message.round}` } })}\n`);
}
