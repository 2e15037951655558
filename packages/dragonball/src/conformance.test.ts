// Every recorded 2012 match re-simulates to a byte-identical .res; every original map loads.
import { readdirSync } from "node:fs";
import { expectSameText, referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";

const {
  directory: reference,
  available,
  read,
} = referenceData(
  new URL("../../../../shared/reference/dragonball/", import.meta.url),
  "Bola de Drac",
);

function recorded(): Array<{ res: string; map: string; seed: number; names: string[] }> {
  if (!available) return [];
  const out = [];
  for (const line of read("traces/README.md").split("\n")) {
    const cols = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.replace(/`/g, "").trim());
    if (cols.length < 4 || !cols[0]!.endsWith(".res.gz")) continue;
    out.push({
      res: cols[0]!,
      map: cols[1]!.split(/\s+/)[0]!,
      seed: Number(cols[2]),
      names: cols[3]!.split(/\s+/),
    });
  }
  return out;
}

describe.skipIf(!available)("Bola de Drac against the original 2012 engine", () => {
  const matches = recorded();

  it("finds the 4 recorded matches", () => {
    expect(matches).toHaveLength(4);
  });

  it.each(matches.map((m) => [m.res, m] as const))(
    "re-simulates %s byte for byte (variant 2012)",
    (_name, m) => {
      const want = read(`traces/${m.res}`);
      const config = { ...engine.parseConfig(read(m.map), m.map), variant: "2012" as const };
      const match = engine.create(config, m.seed, 4);
      const recorder = engine.res!(match, m.names);
      const steps = engine.readTrace!(want, m.res);
      expect(steps).toHaveLength(config.params.nb_rounds - 1);
      for (const orders of steps) {
        match.step(orders);
        recorder.afterStep();
      }
      expect(match.isOver()).toBe(true);
      expectSameText(recorder.text(), want);
    },
  );

  it("every map of the reference folder loads", () => {
    const maps = readdirSync(reference).filter((f) => f.endsWith(".cnf"));
    expect(maps.length).toBeGreaterThanOrEqual(13);
    for (const map of maps)
      expect(engine.parseConfig(read(map), map).map.length).toBeGreaterThan(0);
  });

  it("another seed gives another match, so the comparison can fail", () => {
    const m = matches[0]!;
    const want = read(`traces/${m.res}`);
    const config = { ...engine.parseConfig(read(m.map), m.map), variant: "2012" as const };
    const match = engine.create(config, m.seed + 7, 4);
    const recorder = engine.res!(match, m.names);
    for (const orders of engine.readTrace!(want, m.res)) {
      match.step(orders);
      recorder.afterStep();
    }
    expect(recorder.text()).not.toBe(want);
  });
});
