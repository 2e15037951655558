import { main as arena } from "@arena/cli";
import { describe, expect, it } from "vitest";
// sweep.mjs is plain JavaScript with JSDoc types, runnable with node as it is.
import { formatSweep, main, parseSeeds, sweep } from "./sweep.mjs";

/** Final scores of one match played by the `arena` command, for comparison. */
async function arenaScores(args: string[]): Promise<number[]> {
  let out = "";
  const code = await arena([...args, "--json"], {
    out: (text) => (out += text),
    err: () => {},
    interactive: false,
  });
  expect(code).toBe(0);
  return (JSON.parse(out) as { scores: number[] }).scores;
}

describe("seed sweep", () => {
  it("plays every seed, with the scores `arena play` gets, and sums them up per seat", async () => {
    const bots = ["Demo", "Null", "Demo", "Null"];
    const result = await sweep({ game: "moneyheist", bots, seeds: [1, 2, 3] });
    expect(result.matches.map((m: { seed: number }) => m.seed)).toEqual([1, 2, 3]);
    for (const seed of [1, 3]) {
      const match = result.matches.find((m: { seed: number }) => m.seed === seed);
      expect(match.scores).toEqual(
        await arenaScores(["play", "moneyheist", ...bots, "--seed", String(seed)]),
      );
    }
    const demo = result.matches.map((m: { scores: number[] }) => m.scores[0]);
    expect(result.seats[0]).toMatchObject({
      seat: 0,
      bot: "Demo",
      mean: (demo[0] + demo[1] + demo[2]) / 3,
      median: [...demo].sort((a, b) => a - b)[1],
      min: Math.min(...demo),
      max: Math.max(...demo),
    });
    // Each seed has at least one first; the Null seats never score.
    const firsts = result.seats.reduce((sum: number, s: { firsts: number }) => sum + s.firsts, 0);
    expect(firsts).toBeGreaterThanOrEqual(3);
    expect(result.seats[1]).toMatchObject({ firsts: 0, mean: 0, max: 0 });
    const table = formatSweep(result).split("\n");
    expect(table[0]).toBe("moneyheist · 3 seeds (ties for first count for each)");
    expect(table[2]).toMatch(/^0 +Demo +\d+ +\d+\.\d +\d+ +\d+ +\d+$/);
  });

  it("is deterministic: the same seeds give the same results", async () => {
    const options = { game: "lighthouses", bots: ["Demo", "Null"], seeds: [1, 2] };
    expect(await sweep(options)).toEqual(await sweep(options));
  });

  it("the command prints the table; bad arguments are one line and exit code 2", async () => {
    let out = "";
    let err = "";
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t) };
    expect(await main(["dragonball", "--seeds", "1-2"], io)).toBe(0);
    expect(out.split("\n")[0]).toBe("dragonball · 2 seeds (ties for first count for each)");
    expect(out).toMatch(/\n0 +Demo /);
    expect(out).toMatch(/\n3 +Null /);
    for (const args of [
      ["moneyheist", "--seeds", "5-1"],
      ["chess"],
      ["moneyheist", "--sed", "1"],
    ]) {
      err = "";
      expect(await main(args, io)).toBe(2);
      expect(err.trim().split("\n")).toHaveLength(1);
    }
    expect(parseSeeds("1-3,7")).toEqual([1, 2, 3, 7]);
  });
});
