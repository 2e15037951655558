// Native C++ players start without address-space randomisation (arena-io.hh's `fixed_layout`, the
// `personality` flag `setarch -R` sets) and with the same environment every run: a player whose
// moves depend on addresses plays the same match every time. With the randomisation kept
// (`randomLayout`, tests only) it does not: the test shows the difference is the layout.
import { type Controller, runMatch } from "@arena/core";
import { describe, expect, inject, it } from "vitest";
import { engine } from "../__fixtures__/cpp-counter-kit";
import { fixture, hasCompiler } from "../__fixtures__/helpers";
import { cppBot } from "./cpp-bot";

describe.skipIf(!hasCompiler)("native players' memory layout", { timeout: 300_000 }, () => {
  const cacheDir = inject("cppCacheDir");
  const behaviours = fixture("cpp-players/AIBehaviours.cc");
  const address = (randomLayout: boolean, behaviour: string) =>
    cppBot(engine, behaviours, {
      cacheDir,
      randomLayout,
      wrap: (argv) => ["env", `ARENA_BEHAVIOUR=${behaviour}`, ...argv],
    });
  /** The orders and scores of a match of two address-dependent players. */
  const outcome = async (randomLayout: boolean, behaviour = "address") => {
    const players: Array<{ name: string; controller: Controller }> = [];
    for (let p = 0; p < 2; p++)
      players.push({ name: `p${p}`, controller: await address(randomLayout, behaviour) });
    const steps: unknown[] = [];
    const result = await runMatch(engine, {
      config: { rounds: 20, turnBased: false },
      seed: 3,
      players,
      history: true,
      onStep: ({ match }) => steps.push(match.scores()),
    });
    expect(result.players.map((p) => p.fault)).toEqual([undefined, undefined]);
    return JSON.stringify(steps);
  };

  it("an address-dependent player plays the same match on ten runs", async () => {
    const seen = new Set<string>();
    for (let run = 0; run < 10; run++) seen.add(await outcome(false));
    expect(seen.size).toBe(1);
  });

  // The CPU time a reply carries is written in a fixed width: its digits are timing, and a reply
  // one digit longer once made one more allocation, so that the heap (and the player's moves)
  // followed how fast the machine was (seen at load 20: 2 matches in 10 runs).
  it("an address-dependent player whose CPU time varies from run to run plays the same match on ten runs", async () => {
    const seen = new Set<string>();
    for (let run = 0; run < 10; run++) seen.add(await outcome(false, "address-timing"));
    expect(seen.size).toBe(1);
  });

  it("with the randomisation kept, the same player plays different matches (what the fix removes)", async () => {
    const seen = new Set<string>();
    for (let run = 0; run < 3; run++) seen.add(await outcome(true));
    expect(seen.size).toBeGreaterThan(1);
  });
});
