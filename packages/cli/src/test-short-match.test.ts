import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engine as dragonball } from "@arena/dragonball";
import { engine as madmax } from "@arena/madmax";
import { engine as moneyheist } from "@arena/moneyheist";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./test-io";
import { shortMatchArgs } from "./test-short-match";

const dir = mkdtempSync(join(tmpdir(), "arena-short-match-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("shortMatchArgs (a test helper)", () => {
  it.each([
    ["moneyheist", moneyheist, { numRounds: 7 }],
    ["madmax", madmax, { params: { ...madmax.defaultConfig().params, nb_rounds: 7 } }],
    ["dragonball", dragonball, { params: { ...dragonball.defaultConfig().params, nb_rounds: 7 } }],
  ] as const)(
    "writes %s's default config with only the round count changed",
    (game, engine, change) => {
      const args = shortMatchArgs(game, 7, dir);
      expect(args[0]).toBe("--config");
      const text = readFileSync(join(dir, args[1]!), "utf8");
      expect(engine.parseConfig(text, args[1]!)).toEqual({ ...engine.defaultConfig(), ...change });
    },
  );

  it.each(["moneyheist", "madmax", "lighthouses", "dragonball"])(
    "a %s match with them plays 7 rounds",
    async (game) => {
      const played = await runCli(["play", game, "--json", ...shortMatchArgs(game, 7, dir)], dir);
      expect(played.code, played.err).toBe(0);
      expect(JSON.parse(played.out).rounds).toBe(7);
    },
  );

  it("an even round count for Bola de Drac plays one more (the original wants it odd)", async () => {
    const played = await runCli(
      ["play", "dragonball", "--json", ...shortMatchArgs("dragonball", 20, dir)],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    expect(JSON.parse(played.out).rounds).toBe(21);
  });
});
