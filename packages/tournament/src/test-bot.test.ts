import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import { adderEngine } from "./__fixtures__/bots";
import type { MatchRecord } from "./record";
import summarySchema from "./summary.schema.json";
import { testBot } from "./test-bot";

const dir = mkdtempSync(join(tmpdir(), "arena-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const validSummary = new Ajv({ allErrors: true }).compile(summarySchema);

async function drain(iterable: AsyncIterable<MatchRecord>): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

// The game's built-in adders (in-process): the design and the statistics are the claim here, not
// a bot's process (bot files are tested in run.test.ts).
const base = { engine: adderEngine, players: 4, cwd: dir } as const;

describe("testBot, default design (the candidate in each seat against copies of the baseline)", () => {
  it("a stronger candidate: better, win rate 1 with Wilson low n/(n + z²)", async () => {
    const test = testBot({
      ...base,
      candidate: { spec: "add3" },
      baseline: { spec: "add2" },
      seeds: [1, 2, 3, 4, 5],
      // The statistics are the claim: no pool (the default design with --jobs 2: --sprt below).
      jobs: 1,
    });
    const records = await drain(test);
    expect(records).toHaveLength(20);
    const report = test.report();
    expect(validSummary(report), JSON.stringify(validSummary.errors)).toBe(true);
    expect(report).toMatchObject({
      verdict: "better",
      verdictOn: "wins",
      scoreVerdict: "better",
      winRate: 1,
      matches: 20,
      seeds: 5,
      nullWinRate: 0.25,
    });
    expect(report.winRateCI[0]).toBeCloseTo(20 / (20 + 1.959963984540054 ** 2), 6);
    // 30 more per round-unit·round… the candidate adds 1 more per unit per round: +30, bonuses aside.
    expect(report.scoreDifference.mean).toBeGreaterThan(25);
    expect(report.scoreDifference.mean).toBeLessThan(35);
    expect(report.bots.map((bot) => bot.bot)).toEqual(["add3", "add2"]);
  });

  it("a weaker candidate: worse", async () => {
    const test = testBot({
      ...base,
      candidate: { spec: "add2" },
      baseline: { spec: "add3" },
      seeds: [1, 2, 3, 4, 5],
      jobs: 1,
    });
    await drain(test);
    expect(test.report()).toMatchObject({ verdict: "worse", scoreVerdict: "worse", winRate: 0 });
  });

  it("the same bot against itself: one match per seed serves every seat, inconclusive", async () => {
    const test = testBot({
      ...base,
      candidate: { spec: "add2" },
      baseline: { spec: "add2" },
      seeds: [1, 2, 3],
      jobs: 1,
    });
    expect(test.planned).toBe(3);
    const records = await drain(test);
    expect(records).toHaveLength(3);
    const report = test.report();
    expect(report.winRate).toBe(0.25);
    expect(report.verdict).toBe("inconclusive");
    // The same matches from every seat: the score difference is 0 on average, its interval holds 0.
    expect(report.scoreVerdict).toBe("inconclusive");
    expect(report.moreSeeds).toBeNull();
  });

  it("--sprt stops at the same seed whatever --jobs, with bounds ±ln 19", async () => {
    const run = async (jobs: number) => {
      const test = testBot({
        ...base,
        candidate: { spec: "add3" },
        baseline: { spec: "add2" },
        seeds: Array.from({ length: 30 }, (_, i) => i + 1),
        sprt: { p1: 0.35 },
        jobs,
      });
      await drain(test);
      return test.report();
    };
    const one = await run(1);
    const two = await run(2);
    // Every match is a win: ln 1.4 per win; 9 wins reach ln 19 = 2.944, i.e. after 3 seeds of 4.
    expect(one.sprt).toMatchObject({ result: "H1", trials: 12 });
    expect(one.sprt!.upper).toBeCloseTo(Math.log(19), 9);
    expect(one.sprt!.llr).toBeCloseTo(12 * Math.log(1.4), 9);
    expect(one.seeds).toBe(3);
    expect(two.sprt).toEqual(one.sprt);
    expect(two.seeds).toBe(3);
  });
});

describe("testBot, paired design", () => {
  it("the candidate and the baseline each play the same seat and seed against the same opponents", async () => {
    const test = testBot({
      ...base,
      candidate: { spec: "add4" },
      baseline: { spec: "add2" },
      opponents: [{ spec: "add3" }],
      seeds: [1, 2, 3],
      jobs: 2,
    });
    const records = await drain(test);
    expect(records).toHaveLength(3 * 4 * 2);
    const report = test.report();
    expect(validSummary(report), JSON.stringify(validSummary.errors)).toBe(true);
    expect(report.design).toBe("paired");
    // add4 beats the three add3: 1st; add2 in its place is 4th: a gain of 3 places every time.
    expect(report.placementDifference).toMatchObject({ n: 12, mean: 3, sd: 0 });
    expect(report).toMatchObject({
      verdict: "better",
      verdictOn: "placement",
      scoreVerdict: "better",
    });
    expect(report.likelihoodOfSuperiority).toBeGreaterThan(0.999);
    // add4 − add2 in the same seat: 60 points, ± the bonus draws.
    expect(report.scoreDifference.mean).toBeGreaterThan(50);
    for (const record of records) {
      expect(record.seats.filter((name) => name === "add3")).toHaveLength(3);
    }
  });

  it("refuses --sprt with opponents", () => {
    expect(() =>
      testBot({
        ...base,
        candidate: { spec: "add4" },
        baseline: { spec: "add2" },
        opponents: [{ spec: "add3" }],
        seeds: [1],
        sprt: true,
      }),
    ).toThrow(/--sprt works on the default design/);
  });
});
