import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import summarySchema from "@arena/tournament/summary.schema.json" with { type: "json" };
import { Ajv } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-io";
import { shortMatchArgs } from "../test-short-match";

const dir = mkdtempSync(join(tmpdir(), "arena-cli-runs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const validSummary = new Ajv({ allErrors: true }).compile(summarySchema);
/**
 * 30-round Money Heist matches instead of 200 for the tests below about what the commands count,
 * decide and print (not about a whole game): Demo still wins every match against Null, and
 * Demo against itself still wins a quarter, so the figures checked are the same.
 */
const short = shortMatchArgs("moneyheist", 30, dir);

describe("arena test", () => {
  it("reads the players' time limits as play does: --start-timeout taken, a limit of 0 refused", async () => {
    // Before: tournament, test and contest parsed --budget and --turn-timeout themselves (0 taken,
    // no --start-timeout: a looping player's start allowance could not be cut).
    const zero = await runCli(
      ["test", "moneyheist", "Demo", "--vs", "Null", "--turn-timeout", "0"],
      dir,
    );
    expect(zero.code).toBe(2);
    expect(zero.err).toMatch(/option --turn-timeout needs a positive number of milliseconds/);
    const { code } = await runCli(
      [
        "test",
        "moneyheist",
        "Demo",
        "--vs",
        "Null",
        "--seeds",
        "1",
        "--start-timeout",
        "5000",
        ...short,
      ],
      dir,
    );
    expect(code).toBe(0);
  });

  it("moneyheist Demo --vs Null --seeds 1..10 says better", async () => {
    const { code, out } = await runCli(
      ["test", "moneyheist", "Demo", "--vs", "Null", "--seeds", "1..10", "--jobs", "1", ...short],
      dir,
    );
    expect(code).toBe(0);
    expect(out).toMatch(
      /^verdict: better on wins: the win rate's 95% interval is above 25\.0% \(one win in 4\)$/m,
    );
    expect(out).toMatch(
      /^score: {3}better on score: the score difference's 95% interval is above 0$/m,
    );
    expect(out).toMatch(/win rate +100\.0% +95% interval 91\.2%–100\.0%/);
  });

  it("moneyheist Demo --vs Demo says inconclusive; --json validates against the schema", async () => {
    const { code, out } = await runCli(
      [
        "test",
        "moneyheist",
        "Demo",
        "--vs",
        "Demo",
        "--seeds",
        "1..10",
        "--jobs",
        "1",
        ...short,
        "--json",
        "--out",
        "self.jsonl",
      ],
      dir,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(out);
    expect(validSummary(summary), JSON.stringify(validSummary.errors)).toBe(true);
    expect(summary).toMatchObject({
      kind: "test",
      verdict: "inconclusive",
      verdictOn: "wins",
      winRate: 0.25,
      matches: 10,
    });
  });
});

describe("arena test --sprt", () => {
  it("stops once the SPRT concludes and prints its bounds and final ratio", async () => {
    const { code, out } = await runCli(
      [
        "test",
        "moneyheist",
        "Demo",
        "--vs",
        "Null",
        "--seeds",
        "1..50",
        "--sprt",
        "--p1",
        "0.35",
        "--jobs",
        "1",
        ...short,
        "--out",
        "sprt.jsonl",
      ],
      dir,
    );
    expect(code).toBe(0);
    // Demo wins every match: each adds ln 1.4; the 9th crosses ln 19 = 2.944, within seed 3.
    expect(out).toMatch(/ 3 seeds · 12 matches/);
    expect(out).toMatch(
      /SPRT p0 0\.250 p1 0\.350 α 0\.05 β 0\.05: log-likelihood ratio 4\.038 in bounds \[-2\.944, 2\.944\] → H1 accepted: better/,
    );
    expect(out).toMatch(/^verdict: better on wins: /m);
  });
});

describe("arena tournament", () => {
  it("four Money Heist bots on 2 seeds: 8 matches, a --json summary that validates", async () => {
    const { code, out, err } = await runCli(
      [
        "tournament",
        "moneyheist",
        "Demo",
        "Null",
        "Demo2=Demo",
        "Null2=Null",
        "--seeds",
        "2",
        "--jobs",
        "1",
        ...short,
        "--json",
        "--out",
        "t.jsonl",
      ],
      dir,
    );
    expect(err).toBe("");
    expect(code).toBe(0);
    const summary = JSON.parse(out);
    expect(validSummary(summary), JSON.stringify(validSummary.errors)).toBe(true);
    expect(summary.matches).toBe(8);
    expect(
      summary.bots
        .map((bot: { bot: string }) => bot.bot)
        .slice(2)
        .sort(),
    ).toEqual(["Null", "Null2"]);
    expect(readFileSync(join(dir, "t.jsonl"), "utf8").trim().split("\n")).toHaveLength(9);
  });

  it("prints the tables", async () => {
    const { code, out } = await runCli(
      [
        "tournament",
        "moneyheist",
        "Demo",
        "Null",
        "Demo2=Demo",
        "Null2=Null",
        "--seeds",
        "1",
        "--jobs",
        "1",
        ...short,
      ],
      dir,
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^moneyheist tournament · 4 matches/);
    expect(out).toMatch(/head to head/);
    expect(out).toMatch(/per seat:/);
    expect(out).toMatch(/results: arena-tournament\.jsonl/);
  });
});

describe("a bot given more than once (issue 40)", () => {
  it("is named Demo, Demo#2, Demo#3, Demo#4, as the original's ./Game Demo Demo Demo Demo", async () => {
    const { code, out, err } = await runCli(
      [
        "tournament",
        "moneyheist",
        "Demo",
        "Demo",
        "Demo",
        "Demo",
        "--seeds",
        "1",
        "--jobs",
        "1",
        ...short,
        "--json",
      ],
      dir,
    );
    expect(code, err).toBe(0);
    const summary = JSON.parse(out);
    expect(summary.matches).toBe(4);
    expect(summary.bots.map((bot: { bot: string }) => bot.bot).sort()).toEqual([
      "Demo",
      "Demo#2",
      "Demo#3",
      "Demo#4",
    ]);
  });
});

describe("arena contest", () => {
  it("a small Money Heist field against Null: standings and a champion", async () => {
    const { code, out } = await runCli(
      [
        "contest",
        "moneyheist",
        "A=Demo",
        "B=Demo",
        "C=Demo",
        "D=Demo",
        "E=Demo",
        "--baseline",
        "Null",
        "--finalists",
        "4",
        "--final-matches",
        "1",
        "--jobs",
        "1",
        ...short,
        "--json",
      ],
      dir,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(out);
    expect(validSummary(summary), JSON.stringify(validSummary.errors)).toBe(true);
    expect(summary.rounds).toBe(1);
    expect(summary.standings).toHaveLength(5);
    expect(summary.standings[4]).toMatchObject({ reached: "elimination", eliminatedInRound: 1 });
    expect(summary.champion).toBe(summary.standings[0].player);
  });
});

describe("bad input: one clear line and exit code 2", () => {
  const cases: Array<[string, string[], RegExp]> = [
    [
      "a bad seat mode",
      ["tournament", "moneyheist", "Demo", "--seats", "some"],
      /--seats takes rotate or all/,
    ],
    [
      "too few bots",
      ["tournament", "moneyheist", "Demo", "Null"],
      /4 seats but only 2 bots.*--fill/,
    ],
    [
      "a name given twice",
      ["tournament", "moneyheist", "A=Demo", "A=Null", "Demo", "Null"],
      /'A' is given twice.*NAME=SPEC/,
    ],
    [
      "a bad seed list",
      ["tournament", "moneyheist", "Demo", "Null", "A=Demo", "B=Null", "--seeds", "1..x"],
      /--seeds: '1\.\.x' is not a seed/,
    ],
    ["a test without --vs", ["test", "moneyheist", "Demo"], /needs --vs/],
    [
      "a missing bot module",
      ["test", "moneyheist", "./nope.js", "--vs", "Demo"],
      /nope\.js: no such bot module/,
    ],
    [
      "another contest format",
      ["contest", "moneyheist", "Demo", "--format", "swiss"],
      /--format takes jutge/,
    ],
    [
      "an unknown flag",
      ["tournament", "moneyheist", "Demo", "--colour", "red"],
      /unknown option --colour for 'arena tournament'/,
    ],
  ];
  it.each(cases)("%s", async (_name, argv, message) => {
    const { code, out, err } = await runCli(argv, dir);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
    expect(err.trim().split("\n")).toHaveLength(1);
  });
});

/**
 * A Money Heist bot (an external process) that answers every turn, except when the file `armed`
 * exists and two processes of it have started before: then it writes `ready` and never answers.
 * It plays in every match: the first two matches started end, every other waits on it, so the
 * run is interrupted with exactly two matches finished, whatever the machine's speed, and the
 * matches can be short (30 rounds). Its files are how the test sees it: it runs with --trust
 * (its box would hide the folder it writes in).
 */
const stallingBot = `const fs = require("node:fs");
// This process's number among those started: the first n for which it creates start-<n>.
let n = 0;
for (;;) {
  try {
    fs.writeFileSync("start-" + n, "", { flag: "wx" });
    break;
  } catch {
    n++;
  }
}
const stall = fs.existsSync("armed") && n >= 2;
if (stall) fs.writeFileSync("ready", "");
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  if (!stall && JSON.parse(line).type === "turn") process.stdout.write('{"orders": []}\\n');
});
`;

describe("SIGINT", () => {
  const bin = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
  it.skipIf(!existsSync(bin))(
    "keeps the finished matches, prints the resume command, and the resumed run completes",
    async () => {
      const work = mkdtempSync(join(dir, "sigint-"));
      writeFileSync(join(work, "stall.cjs"), stallingBot);
      writeFileSync(join(work, "armed"), "");
      const argv = [
        "tournament",
        "moneyheist",
        "Demo",
        "Null",
        "Demo2=Demo",
        "Stall=exec:node stall.cjs",
        "--seeds",
        "1",
        "--jobs",
        "2",
        "--turn-timeout",
        "600000",
        "--trust",
        ...shortMatchArgs("moneyheist", 30, work),
        "--out",
        "int.jsonl",
      ];
      const path = join(work, "int.jsonl");
      const child = spawn(process.execPath, [bin, ...argv], {
        cwd: work,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let err = "";
      child.stderr.on("data", (chunk) => {
        err += chunk;
      });
      const lines = () =>
        existsSync(path) ? readFileSync(path, "utf8").split("\n").length - 1 : 0;
      // Wait (polling the files, not the clock) until the two matches that end are recorded and
      // the bot waits in the next one, then interrupt.
      while ((lines() < 3 || !existsSync(join(work, "ready"))) && child.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill("SIGINT");
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code, err).toBe(130);
      expect(err).toMatch(
        /interrupted: the matches in flight are lost, the others are kept; resume with:/,
      );
      expect(err).toContain(
        "arena tournament moneyheist Demo Null Demo2=Demo 'Stall=exec:node stall.cjs' --seeds 1 --jobs 2 --turn-timeout 600000 --trust --config moneyheist-30-rounds.cnf --out int.jsonl --resume",
      );
      expect(lines() - 1).toBe(2);
      rmSync(join(work, "armed"));
      const resumed = await runCli(
        [...argv.map((a, k) => (argv[k - 1] === "--jobs" ? "1" : a)), "--resume", "--json"],
        work,
      );
      expect(resumed.code, resumed.err).toBe(0);
      expect(JSON.parse(resumed.out).matches).toBe(4);
      expect(lines()).toBe(5);
    },
  );
});
