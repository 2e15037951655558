// Re-simulates every recorded original match (traces/README.md lists them) to a byte-identical .res.
import { expectSameText, referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/madmax-revisited/", import.meta.url),
  "Mad Max Revisited",
);

function recorded(): Array<{
  res: string;
  trace: string;
  config: string;
  names: string[];
  seed: number;
}> {
  if (!available) return [];
  const out = [];
  for (const line of read("traces/README.md").split("\n")) {
    const cols = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.replace(/`/g, "").trim());
    if (cols.length < 5 || !cols[0]!.endsWith(".res.gz")) continue;
    out.push({
      res: cols[0]!,
      trace: cols[1]!,
      config: cols[2]!,
      names: cols[3]!.split(/\s+/),
      seed: Number(cols[4]),
    });
  }
  return out;
}

describe.skipIf(!available)("Mad Max Revisited against the original engine", () => {
  const matches = recorded();

  it("finds the recorded matches", () => {
    expect(matches.length).toBe(8);
  });

  it.each(matches.map((m) => [m.res, m] as const))("re-simulates %s byte for byte", (_name, m) => {
    const want = read(`traces/${m.res}`);
    const match = engine.create(engine.parseConfig(read(m.config), m.config), m.seed, 4);
    const recorder = engine.res!(match, m.names);
    for (const orders of engine.readTrace!(read(`traces/${m.trace}`), m.trace)) {
      match.step(orders);
      recorder.afterStep();
    }
    expect(match.isOver()).toBe(true);
    expectSameText(recorder.text(), want);
  });

  it.each([
    "default.cnf",
    "maze2.cnf",
    "maze3.cnf",
    "maze4.cnf",
    "maze5.cnf",
    "maze6.cnf",
    "maze4_2021.cnf",
  ])("loads %s and plays it with Demo bots", (file) => {
    const config = engine.parseConfig(read(file), file);
    const match = engine.create(config, 3, 4);
    expect(match.round()).toBe(0);
    expect(config.map).toHaveLength(config.params.nb_rows);
    const demo = engine.bots.Demo!();
    for (let r = 0; r < 30; r++) {
      const orders = [0, 1, 2, 3].map((p) => {
        const list: unknown[] = [];
        demo.play(
          match.view(p),
          match.actions(p, { add: (_k: number, o: unknown) => list.push(o) > 0 } as never),
        );
        return list as never[];
      });
      match.step(orders);
    }
    expect(match.round()).toBe(30);
  });

  it("a different seed gives a different match, so the comparison can fail", () => {
    const m = matches[2]!;
    const match = engine.create(engine.parseConfig(read(m.config), m.config), m.seed + 100, 4);
    const recorder = engine.res!(match, m.names);
    for (const orders of engine.readTrace!(read(`traces/${m.trace}`), m.trace)) {
      match.step(orders);
      recorder.afterStep();
    }
    expect(recorder.text()).not.toBe(read(`traces/${m.res}`));
  });
});
