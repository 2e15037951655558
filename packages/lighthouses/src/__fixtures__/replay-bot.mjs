#!/usr/bin/env node
// A test bot that replays the recorded replies of one player of a golden transcript:
//   node replay-bot.mjs TRANSCRIPT.jsonl PLAYER [RECEIVED]
// It answers each line it reads on stdin with the player's next recorded `from_bot` message, and
// appends every line it reads, exactly as received, to the file RECEIVED when given.
import { appendFileSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [file, playerText, received] = process.argv.slice(2);
const player = Number(playerText);
const replies = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line))
  .filter((entry) => entry.player === player && entry.dir === "from_bot")
  .map((entry) => entry.msg);

let next = 0;
let expectReply = true;
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (received) appendFileSync(received, `${line}\n`);
  const msg = JSON.parse(line);
  // Results ({"success": …}) need no answer; start and turn messages do.
  expectReply = !("success" in msg);
  if (!expectReply) return;
  const reply = replies[next++] ?? { command: "pass" };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
});
lines.on("close", () => process.exit(0));
