// Smoke test: start the bot, send a start and a turn message, expect a greeting and a command.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const bot = spawn(process.execPath, [new URL("./bot.js", import.meta.url).pathname], {
  stdio: ["pipe", "pipe", "inherit"],
});
const replies = [];
createInterface({ input: bot.stdout }).on("line", (line) => replies.push(JSON.parse(line)));
const map = [
  [0, 0, 0, 0, 0],
  [0, 1, 1, 1, 0],
  [0, 1, 1, 0, 0],
  [0, 1, 1, 0, 0],
  [0, 0, 0, 0, 0],
];
bot.stdin.write(
  `${JSON.stringify({
    player_num: 0,
    player_count: 2,
    position: [1, 2],
    map,
    lighthouses: [
      [1, 1],
      [3, 1],
      [2, 3],
      [1, 3],
    ],
  })}\n`,
);
const view = Array.from({ length: 7 }, () => Array(7).fill(0));
const lighthouse = (position) => ({
  position,
  owner: -1,
  energy: 0,
  connections: [],
  have_key: false,
});
bot.stdin.write(
  `${JSON.stringify({
    position: [1, 2],
    score: 0,
    energy: 10,
    view,
    lighthouses: [
      [1, 1],
      [3, 1],
      [2, 3],
      [1, 3],
    ].map(lighthouse),
  })}\n`,
);
bot.stdin.end();
bot.on("exit", (code) => {
  assert.equal(code, 0);
  assert.deepEqual(replies[0], { name: "JsBot" });
  assert.equal(replies[1].command, "move");
  console.log("lighthouses-js-bot: ok", replies[1]);
});
