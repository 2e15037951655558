import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main as arena } from "@arena/cli";
import { afterAll, describe, expect, it } from "vitest";
// chart.mjs is plain JavaScript with JSDoc types, runnable with node as it is.
import { main, scoresOf, svgChart, textChart } from "./chart.mjs";

const dir = mkdtempSync(join(tmpdir(), "replay-chart-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Plays a match with the `arena` command, writing a replay; returns its path and final scores. */
async function played(args: string[], name: string) {
  const file = join(dir, name);
  let out = "";
  const io = { out: (t: string) => (out += t), err: () => {}, interactive: false };
  expect(await arena(["play", ...args, "--out", file, "--json"], io)).toBe(0);
  return { file, scores: (JSON.parse(out) as { scores: number[] }).scores };
}

describe("replay chart", () => {
  it("reads a replay's scores round by round, ending at the match's final scores", async () => {
    const { file, scores } = await played(
      ["moneyheist", "Demo", "Demo", "Null", "Null", "--seed", "1"],
      "mh.arena",
    );
    const data = scoresOf(file);
    expect(data.players).toEqual(["Demo", "Demo", "Null", "Null"]);
    expect(data.scores).toHaveLength(201);
    expect(data.scores[0]).toEqual([0, 0, 0, 0]);
    expect(data.scores.at(-1)).toEqual(scores);
    const text = textChart(data, 40).split("\n");
    expect(text[0]).toBe("Money Heist · seed 1 · 200 rounds");
    expect(text).toHaveLength(5);
    for (let p = 0; p < 4; p++) {
      const [name, final, spark] = text[p + 1]!.trim().split(/ +/);
      expect([name, Number(final)]).toEqual([data.players[p], scores[p]]);
      expect(spark).toHaveLength(40);
      // Money Heist scores never drop, so neither do the bars.
      const heights = [...spark!].map((c) => "▁▂▃▄▅▆▇█".indexOf(c));
      expect(heights.every((h, k) => h >= 0 && (k === 0 || h >= heights[k - 1]!))).toBe(true);
    }
    const best = scores.indexOf(Math.max(...scores));
    expect(text[best + 1]!.endsWith("█")).toBe(true);
    expect(text[3]!.endsWith("▁")).toBe(true);
  });

  it("draws one polyline per player, a point per round, the best final score at the top", async () => {
    const { file, scores } = await played(
      ["lighthouses", "Demo", "Null", "--rounds", "50"],
      "lh.arena",
    );
    const data = scoresOf(file);
    const svg = svgChart(data, { width: 300, height: 200, margin: 20 });
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    const lines = [...svg.matchAll(/<polyline [^>]*points="([^"]*)"/g)].map((m) =>
      m[1]!.split(" ").map((point) => point.split(",").map(Number)),
    );
    expect(lines).toHaveLength(2);
    for (const points of lines) {
      expect(points).toHaveLength(51);
      expect(points[0]).toEqual([20, 180]); // round 0, score 0: bottom left
      expect(points.at(-1)![0]).toBe(280); // the last round at the right edge
    }
    // Lighthouses scores never drop either: the leader ends at the top, Null (0) at the bottom.
    expect(scores[0]).toBeGreaterThan(0);
    expect(lines[0]!.at(-1)![1]).toBe(20);
    expect(lines[1]!.at(-1)![1]).toBe(180);
    expect(svg).toContain(`>Demo: ${scores[0]}</text>`);
  });

  it("the command prints the text chart and writes the SVG; a bad file is one line, exit 2", async () => {
    const { file } = await played(["madmax", "--seed", "2"], "mm.arena");
    const svgFile = join(dir, "mm.svg");
    let out = "";
    let err = "";
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t) };
    expect(await main([file, "--svg", svgFile, "--width", "20"], io)).toBe(0);
    expect(out.split("\n")[0]).toBe("Mad Max · seed 2 · 500 rounds");
    expect(readFileSync(svgFile, "utf8")).toContain("<polyline");
    const junk = join(dir, "junk.arena");
    writeFileSync(junk, "not a replay");
    for (const args of [[junk], [join(dir, "missing.arena")], [file, "--width", "1"], []]) {
      err = "";
      expect(await main(args, io)).toBe(2);
      expect(err.trim().split("\n")).toHaveLength(1);
      if (args.length === 1) expect(err).toContain(args[0]);
    }
    expect(err).toMatch(/^chart: usage/);
  });
});
