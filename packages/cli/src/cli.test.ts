import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGames } from "./games";
import { runCli } from "./test-io";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("arena list", () => {
  it("lists every registered game with its built-in bots", async () => {
    const { code, out } = await runCli(["list"], dir);
    expect(code).toBe(0);
    const games = await loadGames();
    expect(games.map((engine) => engine.name)).toEqual(
      expect.arrayContaining(["moneyheist", "lighthouses"]),
    );
    for (const engine of games) {
      expect(out).toMatch(new RegExp(`^${engine.name} +${engine.title}`, "m"));
    }
    expect(out).toContain("Null, Demo");
    const json = await runCli(["list", "--json"], dir);
    expect((JSON.parse(json.out) as Array<{ name: string }>).map((g) => g.name)).toEqual(
      games.map((engine) => engine.name),
    );
  });
});

describe("help, version and suggestions", () => {
  it("prints the usage on stdout for --help, -h and help, and on stderr (exit 2) for nothing", async () => {
    for (const argv of [["--help"], ["-h"], ["help"]]) {
      const { code, out, err } = await runCli(argv, dir);
      expect(code).toBe(0);
      expect(err).toBe("");
      expect(out).toMatch(/^arena \d+\.\d+\.\d+: /);
      for (const command of ["list", "play", "replay", "view"]) {
        expect(out).toMatch(new RegExp(`^  arena ${command}\\b`, "m"));
      }
    }
    const none = await runCli([], dir);
    expect(none.code).toBe(2);
    expect(none.out).toBe("");
    expect(none.err).toMatch(/^arena .*\n\nUsage:\n/);
  });

  it("prints a command's help with its flags, and a game's own options once the game is named", async () => {
    const help = await runCli(["play", "--help"], dir);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: arena play <game> \[bots…\] \[options\]\n/);
    expect(help.out).toMatch(/^ {2}--seed N +the match seed/m);
    expect(help.out).toMatch(/^ {2}-h, --help +show this help/m);
    expect(await runCli(["help", "play"], dir)).toEqual(help);
    const game = await runCli(["play", "lighthouses", "-h"], dir);
    expect(game.out).toMatch(/^ {2}--rounds N/m);
    const missing = await runCli(["play"], dir);
    expect(missing.code).toBe(2);
    expect(missing.out).toBe("");
    expect(missing.err).toBe(help.out);
  });

  it("the run commands' help lists C++ players and every game's own options before a game is named (issue 40)", async () => {
    for (const command of ["tournament", "test", "contest"]) {
      const help = await runCli([command, "--help"], dir);
      expect(help.code).toBe(0);
      expect(help.out).toMatch(/^ {2}\.\/AIMine\.cc +a C\+\+ player of the original kit/m);
      expect(help.out).toMatch(/^ {2}--variant 2012\|2015 +.*\(Bola de Drac only\)$/m);
      expect(help.out).toMatch(/^ {2}--rounds N +.*\(Lighthouses only\)$/m);
      expect(help.out).toMatch(/named Demo, Demo#2, Demo#3/);
      expect(await runCli(["help", command], dir)).toEqual(help);
    }
    const named = await runCli(["contest", "dragonball", "--help"], dir);
    expect(named.out).toMatch(/^ {2}--variant 2012\|2015 +.*\(Bola de Drac\)$/m);
    expect(named.out).not.toMatch(/--rounds N/);
  });

  it("reads the version from package.json", async () => {
    const { version } = JSON.parse(
      readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8"),
    ) as { version: string };
    const { code, out } = await runCli(["--version"], dir);
    expect(code).toBe(0);
    expect(out).toBe(`${version}\n`);
  });
});

describe("bad input: one clear line and exit code 2", () => {
  const cases: Array<[string, string[], RegExp]> = [
    ["an unknown command", ["fly"], /unknown command 'fly'; the commands are list, play/],
    ["a mistyped command", ["paly"], /unknown command 'paly'; did you mean 'play'\?/],
    [
      "a mistyped game",
      ["play", "moneyhiest"],
      /unknown game 'moneyhiest'; did you mean 'moneyheist'\?/,
    ],
    [
      "a mistyped flag",
      ["play", "moneyheist", "--sede", "3"],
      /unknown option --sede for 'arena play'; did you mean --seed\?/,
    ],
    [
      "a game option of another game",
      ["play", "moneyheist", "--rounds", "3"],
      /unknown option --rounds for 'arena play'/,
    ],
    [
      "a flag before the command",
      ["--verison"],
      /unknown option '--verison' before the command; did you mean --version\?/,
    ],
    ["an unknown game", ["play", "chess"], /unknown game 'chess'; the games are: moneyheist/],
    ["an unknown bot", ["play", "moneyheist", "Demo", "Demo", "Demo", "Dmo"], /Dmo/],
    ["a wrong number of bots", ["play", "moneyheist", "Demo"], /needs 4 bots, got 1/],
    [
      "a non-integer seed",
      ["play", "moneyheist", "--seed", "abc"],
      /--seed needs an integer, got 'abc'/,
    ],
    ["an unknown flag", ["play", "moneyheist", "--colour", "red"], /unknown option --colour/],
    [
      "a missing config file",
      ["play", "moneyheist", "--config", "nope.cnf"],
      /nope\.cnf: cannot read config file: no such file/,
    ],
    ["a missing replay", ["replay", "nope.arena"], /nope\.arena/],
  ];
  it.each(cases)("%s", async (_name, argv, message) => {
    const { code, out, err } = await runCli(argv, dir);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).not.toMatch(/\n\s+at /);
  });

  it("a malformed config names the file and line", async () => {
    writeFileSync(join(dir, "bad.cnf"), "this is not a config\n");
    const { code, err } = await runCli(["play", "moneyheist", "--config", "bad.cnf"], dir);
    expect(code).toBe(2);
    expect(err).toMatch(/bad\.cnf:\d+: /);
  });
});

describe("play then replay", () => {
  it("writes a replay that arena replay re-simulates and verifies, with the same scores", async () => {
    const played = await runCli(
      [
        "play",
        "moneyheist",
        "Demo",
        "Demo",
        "Null",
        "Null",
        "--seed",
        "3",
        "--out",
        "m.arena",
        "--json",
      ],
      dir,
    );
    expect(played.err).toBe("");
    expect(played.code).toBe(0);
    const result = JSON.parse(played.out) as { scores: number[]; rounds: number };
    expect(result.rounds).toBe(200);
    const replayed = await runCli(["replay", "m.arena", "--json", "--scores"], dir);
    expect(replayed.code).toBe(0);
    const summary = JSON.parse(replayed.out) as {
      scores: number[];
      players: Array<{ name: string }>;
      verified: boolean;
      scoresByRound: number[][];
    };
    expect(summary.scores).toEqual(result.scores);
    expect(summary.players.map((player) => player.name)).toEqual(["Demo", "Demo", "Null", "Null"]);
    expect(summary.verified).toBe(true);
    expect(summary.scoresByRound.at(-1)).toEqual(result.scores);
    const text = await runCli(["replay", "m.arena"], dir);
    expect(text.out).toMatch(/verified: 200 steps re-simulated/);
  });

  it("a flipped byte or a cut file gives a clear error", async () => {
    await runCli(["play", "moneyheist", "--seed", "4", "--out", "c.arena", "--quiet"], dir);
    const bytes = readFileSync(join(dir, "c.arena"));
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(bytes.length / 2);
    flipped[middle] = flipped[middle]! ^ 0x41;
    writeFileSync(join(dir, "flipped.arena"), flipped);
    writeFileSync(join(dir, "cut.arena"), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const a = await runCli(["replay", "flipped.arena"], dir);
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/flipped\.arena.*corrupt/i);
    const b = await runCli(["replay", "cut.arena"], dir);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/cut\.arena.*truncated/i);
  });

  it("exports the original .res from a replay, equal to the one written while playing", async () => {
    await runCli(
      ["play", "moneyheist", "--seed", "5", "--out", "r.arena", "--res", "r.res", "--quiet"],
      dir,
    );
    const exported = await runCli(["replay", "r.arena", "--export", "res", "--out", "r2.res"], dir);
    expect(exported.code).toBe(0);
    expect(readFileSync(join(dir, "r2.res"), "utf8")).toBe(
      readFileSync(join(dir, "r.res"), "utf8"),
    );
  });
});

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
describe.skipIf(!existsSync(bin))("the built arena binary", () => {
  it("exits 2 with one line and no stack for bad input, and shows the stack with --debug", () => {
    const plain = spawnSync(process.execPath, [bin, "play", "chess"], { encoding: "utf8" });
    expect(plain.status).toBe(2);
    expect(plain.stderr.trim().split("\n")).toHaveLength(1);
    const debug = spawnSync(process.execPath, [bin, "play", "chess", "--debug"], {
      encoding: "utf8",
    });
    expect(debug.status).toBe(2);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});

describe("lighthouses through the cli", () => {
  it("shows the name a bot greets with when it is not its name (issue 40)", async () => {
    const bot = fileURLToPath(
      new URL("../../../examples/lighthouses-js-bot/bot.js", import.meta.url),
    );
    const run = await runCli(
      ["play", "lighthouses", `exec:node ${bot}`, "Demo", "--rounds", "5"],
      dir,
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^rank +p +name +greets as +bot +score/m);
    expect(run.out).toMatch(/^ +\d +0 +bot +JsBot +exec:node /m);
  });

  it("--transcript writes every protocol message of the external bots as JSON lines", async () => {
    const bot = fileURLToPath(
      new URL("../../../examples/lighthouses-js-bot/bot.js", import.meta.url),
    );
    const run = await runCli(
      [
        "play",
        "lighthouses",
        `exec:node ${bot}`,
        "Demo",
        "--rounds",
        "20",
        "--transcript",
        "t.jsonl",
        "--quiet",
      ],
      dir,
    );
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    const lines = readFileSync(join(dir, "t.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({
      round: -1,
      player: 0,
      dir: "to_bot",
      msg: { player_num: 0, player_count: 2 },
    });
    expect(lines[1]).toMatchObject({
      round: -1,
      player: 0,
      dir: "from_bot",
      msg: { name: expect.any(String) },
    });
    // 20 turns of the external bot: state, command and result each.
    expect(lines.filter((l) => l.round >= 0)).toHaveLength(20 * 3);
    expect(lines.at(-1)).toMatchObject({ round: 19, dir: "to_bot" });
  });
});

describe("late turns", () => {
  it("warn on stderr and count in the table when a turn is over the limit but within its grace", async () => {
    // A Lighthouses bot that passes every turn, but burns 250 ms of its own CPU time before
    // answering its third (the limit is 100 ms of CPU time per turn, frozen past 500 ms).
    writeFileSync(
      join(dir, "slow.cjs"),
      `let turns = 0;
const out = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if ("player_num" in m) return out({ name: "Slow" });
  if ("success" in m) return;
  if (++turns === 3) {
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const t0 = cpu();
    while (cpu() - t0 < 250) {}
  }
  out({ command: "pass" });
});
`,
    );
    const run = await runCli(
      ["play", "lighthouses", "exec:node slow.cjs", "Null", "--rounds", "6"],
      dir,
    );
    expect(run.code, run.err).toBe(0);
    // The slow turn warns; on a loaded machine another turn might be late too, never a fault.
    const lines = run.err.trim().split("\n");
    for (const line of lines) expect(line).toMatch(/^warning: player 0 \(slow\) used \d+ ms/);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^warning: player 0 \(slow\) used \d+ ms of CPU time for its turn, over the limit of 100 ms by \d+ ms \(within the grace of 400 ms\), round 2$/,
      ),
    );
    expect(run.out).toMatch(new RegExp(`${lines.length} late turns?\\n`));
    expect(run.out).not.toContain("OUT");
  });
});

describe("rejected orders in the results table (issue 40)", () => {
  it("the Quick start's Demo shows none; its orders for units killed earlier in the round are counted apart", async () => {
    const run = await runCli(
      ["play", "moneyheist", "Demo", "Demo", "Null", "Null", "--seed", "1"],
      dir,
    );
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(/rejected order/);
    expect(run.out).toMatch(/^ +1 +[01] +Demo .* \d+ orders of units killed before their turn$/m);
  });

  it("a bot's own bad orders are still rejected orders", async () => {
    const bot = join(dir, "bad-orders.mjs");
    writeFileSync(
      bot,
      'export default class { play(view, actions) { actions.move(999, "u"); } }\n',
    );
    const run = await runCli(
      ["play", "moneyheist", bot, "Null", "Null", "Null", "--in-process"],
      dir,
    );
    expect(run.code).toBe(0);
    // One unknown unit a round, 200 rounds.
    expect(run.out).toMatch(/ 200 rejected orders$/m);
    expect(run.out).not.toMatch(/killed before their turn/);
  });
});
