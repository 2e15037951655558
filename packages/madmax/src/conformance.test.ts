// Recorded original matches re-simulated through the engine; the .res must be byte-identical.
import { expectSameText, referenceData } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";

const { available, read } = referenceData(
  new URL("../../../../shared/reference/madmax/", import.meta.url),
  "Mad Max",
);

function replay(trace: string, config: string, seed: number, names: string[]): string {
  const match = engine.create(engine.parseConfig(read(config), config), seed, 4);
  const recorder = engine.res!(match, names);
  for (const orders of engine.readTrace!(read(trace), trace)) {
    match.step(orders);
    recorder.afterStep();
  }
  expect(match.isOver()).toBe(true);
  return recorder.text();
}

describe.skipIf(!available)("Mad Max against the original (final) engine", () => {
  it("re-simulates fixed1_DuDuDeDe_s21 (FIXED board, 500 rounds) byte for byte", () => {
    const want = read("traces/fixed1_DuDuDeDe_s21.res.gz");
    const got = replay("traces/fixed1_DuDuDeDe_s21.orders.jsonl.gz", "fixed1.cnf", 21, [
      "Dummy",
      "Dummy",
      "Demo",
      "Demo",
    ]);
    expectSameText(got, want);
  });

  it("another seed on the same board gives another match, so the comparison can fail", () => {
    const got = replay("traces/fixed1_DuDuDeDe_s21.orders.jsonl.gz", "fixed1.cnf", 22, [
      "Dummy",
      "Dummy",
      "Demo",
      "Demo",
    ]);
    expect(got).not.toBe(read("traces/fixed1_DuDuDeDe_s21.res.gz"));
  });

  it("parses default.cnf into the defaults", () => {
    expect(engine.parseConfig(read("default.cnf"), "default.cnf")).toEqual(engine.defaultConfig());
  });

  it("gives the recorded GENERATOR initial states of seeds 1 to 5", () => {
    const blocks = read("initial_states_final_engine_seeds1-5.txt")
      .split(/^(?=Game\n)/m)
      .filter(Boolean);
    expect(blocks).toHaveLength(5);
    blocks.forEach((block, k) => {
      const match = engine.create(engine.defaultConfig(), k + 1, 4);
      expectSameText(engine.res!(match, ["Null", "Null", "Null", "Null"]).text(), block);
    });
  });

  it.each([
    ["default_DuDuDuDu_s1", 1, ["Dummy", "Dummy", "Dummy", "Dummy"]],
    ["default_DeDuDeDu_s11", 11, ["Demo", "Dummy", "Demo", "Dummy"]],
  ] as const)(
    "re-simulates %s (GENERATOR board, 500 rounds) byte for byte",
    (name, seed, names) => {
      const got = replay(`traces/${name}.orders.jsonl.gz`, "default.cnf", seed, [...names]);
      expectSameText(got, read(`traces/${name}.res.gz`));
    },
  );
});
