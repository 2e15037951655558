// `arena test`'s verdict says what it tested, and the score's verdict is shown too (issue 40: it
// said "inconclusive" while the score interval excluded zero, without saying it was on wins only).
import type { TestSummary } from "@arena/tournament";
import { describe, expect, it } from "vitest";
import { describeTest } from "./test";

const summary: TestSummary = {
  kind: "test",
  game: "moneyheist",
  engineVersion: "1.0.0",
  design: "baseline",
  candidate: "Mine",
  baseline: "Demo",
  matches: 80,
  seeds: 20,
  players: 4,
  bots: [],
  winRate: 0.3,
  winRateCI: [0.21, 0.41],
  nullWinRate: 0.25,
  scoreDifference: { n: 80, mean: 41.5, sd: 60, interval: [28.35, 54.65] },
  likelihoodOfSuperiority: 0.85,
  verdict: "inconclusive",
  verdictOn: "wins",
  scoreVerdict: "better",
  moreSeeds: 57,
  candidateFaults: 0,
  errors: 0,
};

describe("describeTest", () => {
  it("inconclusive on wins, better on score: both, each saying what it tested", () => {
    const lines = describeTest(summary).split("\n");
    expect(lines.slice(-2)).toEqual([
      "verdict: inconclusive on wins: the win rate's 95% interval holds 25.0% (one win in 4); about 57 more seeds would settle it",
      "score:   better on score: the score difference's 95% interval is above 0",
    ]);
  });

  it("the paired design's verdict is on placement", () => {
    const paired: TestSummary = {
      ...summary,
      design: "paired",
      placementDifference: { n: 80, mean: -0.4, sd: 1, interval: [-0.62, -0.18] },
      verdict: "worse",
      verdictOn: "placement",
      scoreVerdict: "inconclusive",
      scoreDifference: { n: 80, mean: -3, sd: 60, interval: [-16.1, 10.1] },
    };
    expect(describeTest(paired).split("\n").slice(-2)).toEqual([
      "verdict: worse on placement: the placement gain's 95% interval is below 0",
      "score:   inconclusive on score: the score difference's 95% interval holds 0",
    ]);
  });
});
