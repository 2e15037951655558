// Replay size with each bot's own output per round (issue 39): every bot's stderr of each turn,
// its annotations and its rejected orders recorded with the turn, under their caps (2 048
// characters of stderr a turn and 256 Ki a match; 16 KiB of notes a turn and 1 MiB a match; 100
// rejected orders a turn and 10 000 a match, per bot). Plays each match with `arena play … --out`
// and prints the replay's bytes (and its plaintext's, the records before compression):
// Money Heist with 4 × Demo; with a chatty C++ player (a line of cerr, a text and a mark every
// round, and about 8 rejected orders a round); with a flooding one (22 KB of cerr, 1 500 marks and
// 900 rejected orders every round, 600 of them for units that do not exist); and the flooding
// one over the 10 001 rounds of Bola de Drac's `maze.cnf` (cerr and marks: its kit keeps one
// order a round), where only the match caps bound it. `--before other/bin.js` plays the same
// matches with another build of the cli (e.g. main's, which kept a C++ player's stderr only at
// the end and no rejected orders) for a before/after table; the players compile with either kit
// (`__has_include("arena-notes.hh")`). Needs `pnpm build` and g++.
//   node bench/replay-logs.mjs [--before other/bin.js]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { before: { type: "string" } } });
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = `${root}packages/cli/dist/bin.js`;
const before = values.before === undefined ? undefined : resolve(values.before);
// biome-ignore lint/suspicious/noUndeclaredEnvVars: the compiler arena uses (bots README), read by no turbo task
if (spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"]).status !== 0) {
  console.log("bench/replay-logs.mjs needs g++ (its chatty players are C++)");
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "arena-bench-logs-"));
const require = createRequire(import.meta.url);

const notes = (body) => `#if __has_include("arena-notes.hh")\n${body}\n#endif`;
const players = {
  "AIChatty.cc": `#include "Player.hh"
#define PLAYER_NAME Chatty
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    cerr << "round " << round() << ": " << soldiers(me()).size() << " soldiers" << endl;
${notes(`    arena::log("plan of round " + to_string(round()));
    arena::annotate(Pos(1, 1), "round " + to_string(round()));`)}
    for (int id : soldiers(me())) move(id, Dir(random(0, 3)));
    vector<int> theirs = soldiers((me() + 1) % 4);
    if (not theirs.empty()) move(theirs[0], Up);
  }
};
RegisterPlayer(PLAYER_NAME);
`,
  "AIFlood.cc": `#include "Player.hh"
#define PLAYER_NAME Flood
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    for (int k = 0; k < 400; ++k) cerr << "round " << round() << " line " << k << " of a player that writes far too much\\n";
${notes(`    for (int k = 0; k < 1500; ++k) arena::annotate(k % 60, k / 60, "mark " + to_string(k));
    arena::log(string(3000, 'x'));`)}
    for (int pl = 0; pl < 4; ++pl)
      if (pl != me()) for (int id : soldiers(pl)) move(id, Up);
    for (int id : soldiers(me())) move(id, Dir(random(0, 3)));
    for (int id = 1000; id < 1600; ++id) move(id, Up);
  }
};
RegisterPlayer(PLAYER_NAME);
`,
  "AIFloodDb.cc": `#include "Player.hh"
#define PLAYER_NAME FloodDb
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    for (int k = 0; k < 400; ++k) cerr << "round " << round() << " line " << k << " of a player that writes far too much\\n";
${notes(`    for (int k = 0; k < 1500; ++k) arena::annotate(k % 40, k / 40, "mark " + to_string(k));
    arena::log(string(3000, 'x'));`)}
  }
};
RegisterPlayer(PLAYER_NAME);
`,
};
for (const [name, text] of Object.entries(players)) writeFileSync(join(dir, name), text);
const maze = `${root}../shared/reference/dragonball/maze.cnf`;

const cases = [
  ["Money Heist, 4 × Demo", ["moneyheist", "Demo", "Demo", "Demo", "Demo"]],
  ["Money Heist, chatty C++ + 3 × Demo", ["moneyheist", "./AIChatty.cc", "Demo", "Demo", "Demo"]],
  ["Money Heist, flooding C++ + 3 × Demo", ["moneyheist", "./AIFlood.cc", "Demo", "Demo", "Demo"]],
  ...(existsSync(maze)
    ? [
        [
          "Bola de Drac maze.cnf (10 001 rounds), flooding C++ + 3 × Demo",
          ["dragonball", "./AIFloodDb.cc", "Demo", "Demo", "Demo", "--config", maze],
        ],
      ]
    : []),
];

/** Plays `args` with the cli at `cli`: the replay's bytes and its plaintext's. */
function play(cli, args, tag) {
  const out = join(dir, `${tag}.arena`);
  const env = { ...process.env, ARENA_CACHE_DIR: join(dir, `cache-${tag.split("-")[0]}`) };
  const run = spawnSync(process.execPath, [cli, "play", ...args, "--seed", "1", "--out", out], {
    cwd: dir,
    env,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`${args.join(" ")}: ${run.stderr}`);
  const core =
    cli === bin
      ? `${root}packages/core/dist/index.cjs`
      : resolve(cli, "../../../core/dist/index.cjs");
  const { decodeReplay } = require(core);
  const replay = decodeReplay(readFileSync(out), out);
  const records =
    JSON.stringify(replay.notes ?? []).length + JSON.stringify(replay.rejected ?? []).length;
  return { bytes: statSync(out).size, records };
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
console.log(
  `| match | ${before ? "before | " : ""}this build | notes + rejected records (plaintext) |`,
);
console.log(`|---|${before ? "--:|" : ""}--:|--:|`);
try {
  cases.forEach(([label, args], k) => {
    const now = play(bin, args, `now-${k}`);
    const then = before ? play(before, args, `before-${k}`) : undefined;
    console.log(
      `| ${label} | ${then ? `${kB(then.bytes)} | ` : ""}${kB(now.bytes)} | ${kB(now.records)} |`,
    );
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
