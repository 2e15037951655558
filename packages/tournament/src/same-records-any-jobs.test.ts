// The results file of a run is the same, byte for byte, whatever --jobs (but each record's
// `durationMs` and the order of the lines, which is completion order): with one job every match
// is played in this thread; with more, this thread plays beside match processes (built-in bots)
// that import the engine by its URL. Money Heist's own Demo, the runs students make most.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engine } from "@arena/moneyheist";
import { afterAll, describe, expect, it } from "vitest";
import { testBot } from "./test-bot";
import { runTournament } from "./tournament";

const dir = mkdtempSync(join(tmpdir(), "arena-same-records-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engine's built module, which the match processes import. */
const engineUrl = new URL("../../moneyheist/dist/index.js", import.meta.url).href;

/** The header line and the match lines (`durationMs` cut out, sorted) of a results file. */
function linesOf(file: string): { header: string; matches: string[] } {
  const [header, ...matches] = readFileSync(join(dir, file), "utf8").trimEnd().split("\n");
  const cut = matches.map((line) => {
    expect(line).toMatch(/,"durationMs":[0-9.]+/);
    return line.replace(/,"durationMs":[0-9.]+/, "");
  });
  return { header: header!, matches: cut.sort() };
}

async function drain(run: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of run);
}

describe("the same results file whatever --jobs", { timeout: 120_000 }, () => {
  it("a tournament of four Demo copies: --jobs 1, 2 and 3", async () => {
    const bots = [
      { spec: "Demo" },
      { spec: "Demo", name: "Demo2" },
      { spec: "Demo", name: "Demo3" },
      { spec: "Demo", name: "Demo4" },
    ];
    for (const jobs of [1, 2, 3]) {
      const out = `tournament-${jobs}.jsonl`;
      await drain(runTournament({ engine, engineUrl, bots, seeds: [1, 2], jobs, cwd: dir, out }));
    }
    const one = linesOf("tournament-1.jsonl");
    expect(one.matches).toHaveLength(8);
    // Real outcomes, not a constant: the two seeds' matches end with other scores.
    expect(new Set(one.matches.map((line) => /"scores":\[[^\]]*\]/.exec(line)![0])).size).toBe(2);
    expect(linesOf("tournament-2.jsonl")).toEqual(one);
    expect(linesOf("tournament-3.jsonl")).toEqual(one);
  });

  it("arena test's matches: --jobs 1 and 2", async () => {
    for (const jobs of [1, 2]) {
      await drain(
        testBot({
          engine,
          engineUrl,
          candidate: { spec: "Demo", name: "Mine" },
          baseline: { spec: "Demo" },
          seeds: [3, 4],
          jobs,
          cwd: dir,
          out: `test-${jobs}.jsonl`,
        }),
      );
    }
    const one = linesOf("test-1.jsonl");
    expect(one.matches).toHaveLength(8);
    expect(linesOf("test-2.jsonl")).toEqual(one);
  });
});
