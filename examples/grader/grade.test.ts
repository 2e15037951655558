import { fileURLToPath } from "node:url";
import { findGame } from "@arena/cli";
import { describe, expect, it } from "vitest";
// grade.mjs is plain JavaScript with JSDoc types, runnable with node as it is.
import { formatGrade, grade, main, WEIGHTS } from "./grade.mjs";

const examples = fileURLToPath(new URL("..", import.meta.url));

interface Match {
  baseline: "Null" | "Demo";
  seed: number;
  seat: number;
  scores: number[];
  won: boolean;
  fault: string | null;
}

/** The mark recomputed from the matches, as the README states it. */
function expectedMark(matches: Match[]): number {
  let mark = 0;
  for (const baseline of ["Null", "Demo"] as const) {
    const games = matches.filter((m) => m.baseline === baseline);
    mark += (WEIGHTS[baseline] * games.filter((m) => m.won).length) / games.length;
  }
  return Math.round(mark * 10) / 10;
}

describe("grader", () => {
  it("a bot that does nothing gets 0: it never beats anyone", async () => {
    const report = await grade({ game: "moneyheist", student: "Null", seeds: [1, 2] });
    expect(report.matches).toHaveLength(4);
    expect(report.matches.map((m: Match) => m.won)).toEqual([false, false, false, false]);
    expect(report.mark).toBe(0);
  });

  it("a student's external bot is played in every seat against both baselines and marked", async () => {
    const student = `exec:node ${examples}lighthouses-js-bot/bot.js`;
    // Limits far above what a busy machine needs: the outcome must not depend on its speed.
    const budget = { startMs: 30_000, turnMs: 30_000 };
    // 200-round matches instead of the default 1200: the claim is the seats, the baselines and
    // the mark, not a whole game (the example bot still captures, Null still never scores).
    const config = { ...findGame("lighthouses").defaultConfig(), rounds: 200 };
    const report = await grade({ game: "lighthouses", student, seeds: [1, 2], budget, config });
    const matches = report.matches as Match[];
    expect(matches.map((m) => [m.baseline, m.seed, m.seat])).toEqual([
      ["Null", 1, 1],
      ["Null", 2, 0],
      ["Demo", 1, 1],
      ["Demo", 2, 0],
    ]);
    for (const m of matches) {
      expect(m.fault).toBeNull();
      const others = m.scores.filter((_, p) => p !== m.seat);
      expect(m.won).toBe(others.every((score) => m.scores[m.seat]! > score));
    }
    // Null never scores on Lighthouses without capturing; the example bot does.
    expect(matches.filter((m) => m.baseline === "Null").every((m) => m.won)).toBe(true);
    expect(report.mark).toBeGreaterThanOrEqual(WEIGHTS.Null);
    expect(report.mark).toBe(expectedMark(matches));
    const text = formatGrade(report).split("\n");
    expect(text.at(-1)).toBe(`mark: ${report.mark.toFixed(1)} / 10`);
    expect(text[1]).toMatch(/^vs Null seed +1 seat 1: won +scores \d+ \d+$/);
  });

  it("a crashing bot is frozen in every match and gets 0, its fault listed", async () => {
    let out = "";
    const io = { out: (t: string) => (out += t), err: () => {} };
    const args = [
      "moneyheist",
      "exec:node -e process.exit(3)",
      "--seeds",
      "4",
      "--timeout",
      "30000",
    ];
    const code = await main(args, io);
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^vs Null seed +4 seat 0: lost .*\(fault: .*code 3/);
    expect(lines[2]).toMatch(/^vs Demo seed +4 seat 0: lost .*\(fault: .*code 3/);
    expect(lines[3]).toBe("mark: 0.0 / 10");
  });

  it("bad arguments are one line and exit code 2", async () => {
    for (const args of [
      ["moneyheist"],
      ["chess", "Demo"],
      ["moneyheist", "Demo", "--seeds", "x"],
      ["moneyheist", "Demo", "--timeout", "soon"],
    ]) {
      let err = "";
      const io = { out: () => {}, err: (t: string) => (err += t) };
      expect(await main(args, io)).toBe(2);
      expect(err.trim().split("\n")).toHaveLength(1);
      expect(err).toMatch(/^grade: /);
    }
  });
});
