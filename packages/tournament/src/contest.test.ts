import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adderEngine } from "./__fixtures__/bots";
import { placePoints, runContest } from "./contest";
import type { MatchRecord } from "./record";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-contest-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(iterable: AsyncIterable<MatchRecord>): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

// On the counter game a bot adding `a` scores 30·a plus at most 10: addN always beats addM < N.
// The players are the game's built-in adders (in this process and one pool thread): the contest's
// stages are the claim here; bot files in processes of their own are tested in run.test.ts.
const base = { engine: adderEngine, seatsPerMatch: 4, jobs: 2 } as const;

describe("placePoints", () => {
  it("4/3/2/1 by rank; tied seats share their places' points", () => {
    expect(placePoints([1, 2, 3, 4])).toEqual([4, 3, 2, 1]);
    expect(placePoints([3, 1, 4, 2])).toEqual([2, 4, 1, 3]);
    expect(placePoints([1, 1, 3, 4])).toEqual([3.5, 3.5, 2, 1]);
    expect(placePoints([1, 1, 1, 1])).toEqual([2.5, 2.5, 2.5, 2.5]);
  });
});

describe("the Joc d'EDA contest on a small field (hand-checked)", () => {
  it("qualification, one elimination round, then the final", async () => {
    const players = ["crash", "add1", "add3", "add4", "add5", "add6", "add7"];
    const contest = runContest({
      ...base,
      players: players.map((spec) => ({ spec })),
      baseline: { spec: "add2" },
      finalists: 4,
      cwd: dir,
      seed: 7,
    });
    const records = await collect(contest);
    const summary = contest.summary();

    // Qualification: 7 players × (1 against itself + 4 against add2) = 35 matches.
    const qualification = records.filter((record) => record.stage === "qualification");
    expect(qualification).toHaveLength(35);
    const crash = summary.standings.find((s) => s.player === "crash")!;
    expect(crash.reached).toBe("qualification");
    expect(crash.reason).toMatch(
      /frozen in its match against itself at round 3: .*boom at round 3/,
    );
    const weak = summary.standings.find((s) => s.player === "add1")!;
    expect(weak.reached).toBe("qualification");
    expect(weak.reason).toMatch(/did not win its match in seat 0 against add2 \(placed 4/);

    // Elimination round 1 of 5 qualified: groups as even as can be, 3 + 2, padded with one and
    // two add2 (issue 40: it was 4 + 1, the lone player meeting only add2).
    const pass = records.filter((record) => record.stage === "elimination 1.1");
    expect(pass).toHaveLength(2);
    const playing = (record: MatchRecord) => record.seats.filter((s) => s !== "add2");
    expect(pass.map((record) => playing(record).length).sort()).toEqual([2, 3]);
    // In the group of three the top two beat two of their three rivals (add2 included): saved;
    // the weakest beats only add2. In the pair each beats both add2: saved. The weakest of the
    // three is the only player left unsaved: out, without a last match.
    const strength = (name: string) => Number(name.slice(3));
    const three = playing(pass.find((record) => playing(record).length === 3)!);
    const weakest = [...three].sort((a, b) => strength(a) - strength(b))[0]!;
    expect(records.filter((record) => record.stage === "elimination 1.last")).toHaveLength(0);
    const out = summary.standings.find((s) => s.reached === "elimination")!;
    expect(out).toMatchObject({
      player: weakest,
      eliminatedInRound: 1,
      reason: "the only player left unsaved",
    });
    expect(summary.eliminationRounds).toBe(1);
    expect(summary.rounds).toBe(1);

    // The final: the other four, 4 matches with seats rotated, 4/3/2/1 each: 16, 12, 8, 4.
    const final = records.filter((record) => record.stage === "final");
    expect(final).toHaveLength(4);
    const finalists = summary.standings.filter((s) => s.reached === "final");
    const expected = ["add3", "add4", "add5", "add6", "add7"]
      .filter((name) => name !== weakest)
      .sort((a, b) => strength(b) - strength(a));
    expect(finalists.map((s) => s.player)).toEqual(expected);
    expect(finalists.map((s) => s.points)).toEqual([16, 12, 8, 4]);
    expect(summary.champion).toBe("add7");
    // The two who did not qualify share the last place.
    expect(summary.standings.map((s) => s.place)).toEqual([1, 2, 3, 4, 5, 6, 6]);
    expect(summary.standings.slice(5).map((s) => s.player)).toEqual(["crash", "add1"]);
    expect(summary.qualified).toBe(5);
    expect(summary.matches).toBe(35 + 2 + 4);

    // Seeded: the same contest seed gives the same matches.
    const again = runContest({
      ...base,
      players: players.map((spec) => ({ spec })),
      baseline: { spec: "add2" },
      finalists: 4,
      cwd: dir,
      seed: 7,
      jobs: 1,
    });
    const ids = (await collect(again)).map((record) => record.id).sort();
    expect(ids).toEqual(records.map((record) => record.id).sort());
    expect(again.summary().standings).toEqual(summary.standings);
  });

  it("semifinals: groups of four, the top two of each reach the final", async () => {
    const players = [2, 3, 4, 5, 6, 7, 8, 9].map((amount) => ({ spec: `add${amount}` }));
    const contest = runContest({
      ...base,
      players,
      baseline: { spec: "add1" },
      finalists: 8,
      cwd: dir,
      seed: 3,
      // The stages are the claim: no pool (the contest above is played with --jobs 2 and 1).
      jobs: 1,
    });
    const records = await collect(contest);
    const summary = contest.summary();
    expect(summary.eliminationRounds).toBe(0);
    const strength = (name: string) => Number(name.slice(3));
    const semifinals = ["semifinal 1", "semifinal 2"].map((stage) =>
      records.filter((record) => record.stage === stage),
    );
    const expectedFinal: string[] = [];
    for (const matches of semifinals) {
      expect(matches).toHaveLength(4);
      const members = [...matches[0]!.seats].sort((a, b) => strength(b) - strength(a));
      // Each member sits in every seat once over the 4 rotated matches.
      for (const name of members) {
        expect(new Set(matches.map((record) => record.seats.indexOf(name))).size).toBe(4);
      }
      expectedFinal.push(...members.slice(0, 2));
    }
    const finalists = summary.standings.filter((s) => s.reached === "final");
    expect(finalists.map((s) => s.player).sort()).toEqual(expectedFinal.sort());
    expect(summary.champion).toBe("add9");
    const semifinalists = summary.standings.filter((s) => s.reached === "semifinal");
    expect(semifinalists.map((s) => s.points)).toEqual([8, 8, 4, 4]);
    // Out at the same stage: they share fifth place.
    expect(semifinalists.map((s) => s.place)).toEqual([5, 5, 5, 5]);
    expect(summary.matches).toBe(8 * 5 + 8 + 4);
  });
});

describe("even groups for 5, 6 and 7 qualifiers (issue 40)", () => {
  const strength = (name: string) => Number(name.slice(3));
  const playersOf = (record: MatchRecord) => record.seats.filter((seat) => seat !== "add2");
  /** Plays a contest of `count` adders (add3…) against add2, the default 16 finalists. */
  async function contestOf(count: number) {
    const players = Array.from({ length: count }, (_, i) => ({ spec: `add${i + 3}` }));
    const contest = runContest({
      ...base,
      players,
      baseline: { spec: "add2" },
      cwd: dir,
      seed: 11,
      jobs: 1,
    });
    const records = await collect(contest);
    const stage = (prefix: string) =>
      records.filter((record) => record.stage?.startsWith(prefix) === true);
    return { records, summary: contest.summary(), stage };
  }

  it("5: no semifinal sends a pair to the final for nothing; one elimination round (3 + 2), then the final of 4", async () => {
    const { summary, stage } = await contestOf(5);
    expect(summary.qualified).toBe(5);
    const pass = stage("elimination 1.1");
    expect(pass.map((record) => playersOf(record).length).sort()).toEqual([2, 3]);
    expect(stage("semifinal")).toHaveLength(0);
    expect(summary.eliminationRounds).toBe(1);
    const final = stage("final");
    expect(final).toHaveLength(4);
    expect(playersOf(final[0]!)).toHaveLength(4);
    expect(summary.champion).toBe("add7");
    expect(summary.standings.map((s) => s.place)).toEqual([1, 2, 3, 4, 5]);
  });

  it("6: two semifinal groups of 3 (each padded with one add2), the top two of each to the final", async () => {
    const { summary, stage } = await contestOf(6);
    expect(summary.eliminationRounds).toBe(0);
    const groups = ["semifinal 1", "semifinal 2"].map((name) => stage(name));
    for (const matches of groups) {
      expect(matches).toHaveLength(4);
      expect(playersOf(matches[0]!)).toHaveLength(3);
    }
    const finalists = summary.standings.filter((s) => s.reached === "final");
    const expected = groups.flatMap((matches) =>
      [...playersOf(matches[0]!)].sort((a, b) => strength(b) - strength(a)).slice(0, 2),
    );
    expect(finalists.map((s) => s.player).sort()).toEqual(expected.sort());
    expect(summary.standings.map((s) => s.place)).toEqual([1, 2, 3, 4, 5, 5]);
    expect(summary.champion).toBe("add8");
  });

  it("7: semifinal groups of 4 and 3, two of each to the final", async () => {
    const { summary, stage } = await contestOf(7);
    expect(summary.eliminationRounds).toBe(0);
    const sizes = ["semifinal 1", "semifinal 2"].map((name) => playersOf(stage(name)[0]!).length);
    expect(sizes).toEqual([4, 3]);
    expect(summary.standings.filter((s) => s.reached === "final")).toHaveLength(4);
    expect(summary.standings.map((s) => s.place)).toEqual([1, 2, 3, 4, 5, 5, 5]);
    expect(summary.champion).toBe("add9");
  });

  it("nobody qualifies: no final, no champion, all share a place", async () => {
    const contest = runContest({
      ...base,
      players: [{ spec: "add1" }, { spec: "add2" }],
      baseline: { spec: "add3" },
      cwd: dir,
      jobs: 1,
    });
    const records = await collect(contest);
    const summary = contest.summary();
    expect(records.every((record) => record.stage === "qualification")).toBe(true);
    expect(summary.qualified).toBe(0);
    expect(summary.champion).toBeUndefined();
    expect(summary.standings.map((s) => [s.place, s.reached])).toEqual([
      [1, "qualification"],
      [1, "qualification"],
    ]);
  });
});
