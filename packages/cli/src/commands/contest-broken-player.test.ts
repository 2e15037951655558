// A contest and a tournament with a C++ player that does not compile go on (issue 40): the player
// is disqualified (frozen from the start of each match in a tournament) with g++'s messages in the
// results and the summary. Real g++.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScaled } from "@arena/core/testing";
import summarySchema from "@arena/tournament/summary.schema.json" with { type: "json" };
import { Ajv } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-io";
import { shortMatchArgs } from "../test-short-match";

const validSummary = new Ajv({ allErrors: true }).compile(summarySchema);
const compiler = process.env.ARENA_CXX ?? "g++";
const hasCompiler = spawnSync(compiler, ["--version"], { stdio: "ignore" }).status === 0;
if (!hasCompiler) console.warn("the cli's broken C++ player tests skipped: g++ is not installed");

/** A player of the original kit with a syntax error on line 6 (a missing `;`). */
const BROKEN = `#include "Player.hh"
#define PLAYER_NAME Broken
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    int x = 3
  }
};
RegisterPlayer(PLAYER_NAME);
`;

describe.skipIf(!hasCompiler)(
  "a C++ player that does not compile",
  { timeout: loadScaled(300_000) },
  () => {
    // The compile cache the games' C++ tests share: the kit and core's AINull.cc are compiled once
    // per machine.
    process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
    const dir = mkdtempSync(join(tmpdir(), "arena-cli-broken-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "AIBroken.cc"), BROKEN);
    // A working player: gives no orders (PLAYER_NAME Null), so it ties the Null baseline and wins.
    copyFileSync(
      fileURLToPath(
        new URL("../../../bots/src/__fixtures__/cpp-players/AINull.cc", import.meta.url),
      ),
      join(dir, "AINull.cc"),
    );
    const short = shortMatchArgs("moneyheist", 20, dir);

    it("a contest goes on: the player disqualified with g++'s messages in the results, the summary and the report", async () => {
      const argv = ["contest", "moneyheist", "AIBroken.cc", "AINull.cc", "--baseline", "Idle=Null"];
      const options = ["--final-matches", "1", "--jobs", "2", ...short, "--out", "contest.jsonl"];
      const run = await runCli([...argv, ...options, "--json"], dir);
      expect(run.code, run.err).toBe(0);
      expect(run.err).toMatch(
        /^warning: Broken is disqualified: AIBroken\.cc:7: does not compile \(g\+\+ -std=c\+\+17 -O2\)$/m,
      );
      const summary = JSON.parse(run.out);
      expect(validSummary(summary), JSON.stringify(validSummary.errors)).toBe(true);
      expect(summary).toMatchObject({ qualified: 1, champion: "Null" });
      const broken = summary.standings.find((s: { player: string }) => s.player === "Broken");
      expect(broken).toMatchObject({
        place: 2,
        reached: "qualification",
        reason: "disqualified: AIBroken.cc: does not compile (g++ -std=c++17 -O2)",
      });
      expect(broken.log).toMatch(/^AIBroken\.cc:7:3: error: expected .*before .*}.* token$/m);
      // The results: the header names the fault with g++'s lines; no match of Broken's was played.
      const lines = readFileSync(join(dir, "contest.jsonl"), "utf8").trim().split("\n");
      const header = JSON.parse(lines[0]!);
      expect(header.bots.map((bot: { name: string }) => bot.name)).toEqual([
        "Broken",
        "Null",
        "Idle",
      ]);
      expect(header.bots[0].fault).toMatch(/does not compile[\s\S]*error: expected/);
      const records = lines.slice(1).map((line) => JSON.parse(line));
      expect(records.length).toBe(5 + 1);
      expect(records.some((record) => record.seats.includes("Broken"))).toBe(false);

      // The report: the standings, then g++'s own lines under the disqualified player.
      const human = await runCli([...argv, ...options, "--resume"], dir);
      expect(human.code, human.err).toBe(0);
      expect(human.out).toMatch(/ · 1 qualified · 0 elimination rounds · champion Null\n/);
      expect(human.out).toMatch(
        /\nBroken, disqualified: AIBroken\.cc:7: does not compile \(g\+\+ -std=c\+\+17 -O2\):\n(.*\n)*AIBroken\.cc:7:3: error: /,
      );
      expect(human.out).not.toContain("\\n");
    });

    it("a tournament goes on: the player frozen from the start of each of its matches, g++'s messages as the reason", async () => {
      const run = await runCli(
        [
          "tournament",
          "moneyheist",
          "AIBroken.cc",
          "AINull.cc",
          "Demo",
          "Null",
          "--seeds",
          "1",
          "--jobs",
          "2",
          ...short,
          "--out",
          "tournament.jsonl",
        ],
        dir,
      );
      expect(run.code, run.err).toBe(0);
      const records = readFileSync(join(dir, "tournament.jsonl"), "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => JSON.parse(line));
      expect(records).toHaveLength(4);
      for (const record of records) {
        const status = record.status[record.seats.indexOf("Broken")];
        expect(status).toMatchObject({ state: "frozen", round: 0 });
        expect(status.reason).toMatch(/^AIBroken\.cc: does not compile[\s\S]*error: expected/);
      }
      // The faults under the table: the first line, then g++'s lines indented.
      expect(run.out).toMatch(
        /^ {2}Broken: 4× AIBroken\.cc:7: does not compile \(g\+\+ -std=c\+\+17 -O2\):\n( {4}.*\n)* {4}AIBroken\.cc:7:3: error: /m,
      );
    });
  },
);
