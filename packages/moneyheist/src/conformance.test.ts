// Re-simulates the matches recorded from the original engine and compares the .res byte for byte.
import { OrderCollector } from "@arena/core";
import { expectSameText, referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/moneyheist/", import.meta.url),
  "Money Heist",
);

/** The preamble and first state of a `.res` (everything up to the first `commands` line). */
function firstState(res: string): string {
  const end = res.indexOf("\ncommands\n");
  return end < 0 ? res : res.slice(0, end + 1);
}

const namesOf = (res: string) => /^names +(.*)$/m.exec(res)![1]!.split(" ");
const seedOf = (res: string) => Number(/^Seed (-?\d+)$/m.exec(res)![1]);

function initialRes(seed: number, names: string[]): string {
  const match = engine.create(engine.defaultConfig(), seed, 4);
  return engine.res!(match, names).text();
}

describe.skipIf(!available)("Money Heist against the original engine", () => {
  const traces = [
    { name: "default_DuDuDuDu_s1", seed: 1 },
    { name: "default_DeDuDeDu_s11", seed: 11 },
  ];

  it("parses the original default.cnf into the defaults", () => {
    expect(engine.parseConfig(read("default.cnf"), "default.cnf")).toEqual(engine.defaultConfig());
  });

  it.each(traces)("re-simulates the trace $name to a byte-identical .res", ({ name, seed }) => {
    const want = read(`traces/${name}.res.gz`);
    expect(seedOf(want)).toBe(seed);
    const steps = engine.readTrace!(read(`traces/${name}.orders.jsonl.gz`), name);
    expect(steps).toHaveLength(200);
    const match = engine.create(engine.parseConfig(read("default.cnf"), "default.cnf"), seed, 4);
    const recorder = engine.res!(match, namesOf(want));
    for (const orders of steps) {
      match.step(orders);
      recorder.afterStep();
    }
    expect(match.isOver()).toBe(true);
    expectSameText(recorder.text(), want);
  });

  it("gives the recorded initial states of seeds 1 to 5", () => {
    const blocks = read("initial_states_seeds1-5.txt")
      .split(/^(?=Game\n)/m)
      .filter(Boolean);
    expect(blocks).toHaveLength(5);
    blocks.forEach((block, k) => {
      expect(seedOf(block)).toBe(k + 1);
      expectSameText(initialRes(k + 1, namesOf(block)), block);
    });
  });

  it.each(["official_sample_seed34.res.gz", "engine_demo4_seed1.res.gz"])(
    "gives round 0 of %s",
    (file) => {
      const want = firstState(read(file));
      expectSameText(initialRes(seedOf(want), namesOf(want)), want);
    },
  );

  it("another seed gives another board, so these comparisons can fail", () => {
    const want = firstState(read("traces/default_DuDuDuDu_s1.res.gz"));
    expect(initialRes(2, namesOf(want))).not.toBe(want);
  });
});

describe("a whole match through the engine API", () => {
  it("plays 200 rounds of Demo against Null, and snapshots restore to identical continuations", () => {
    const match = engine.create(engine.defaultConfig(), 7, 4);
    const bots = ["Demo", "Null", "Demo", "Null"].map((name) => engine.bots[name]!());
    const play = (m: typeof match) =>
      [0, 1, 2, 3].map((p) => {
        const collector = new OrderCollector<never>();
        bots[p]!.play(m.view(p), m.actions(p, collector));
        return collector.orders;
      });
    let restored: typeof match | undefined;
    while (!match.isOver()) {
      const orders = play(match);
      match.step(orders);
      if (restored) {
        restored.step(orders);
        expect(restored.digest()).toBe(match.digest());
      }
      if (match.round() === 60) {
        restored = engine.restore(JSON.parse(JSON.stringify(match.snapshot())));
        expect(restored.digest()).toBe(match.digest());
      }
    }
    expect(restored!.scores()).toEqual(match.scores());
    const [demo0, null1, demo2, null3] = match.scores();
    expect(Math.min(demo0!, demo2!)).toBeGreaterThan(Math.max(null1!, null3!));
  });
});
