// `arena play --json` and `arena replay --json` print one shape, checked against the JSON Schema
// shipped in the package (result.schema.json) with Ajv.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeReplay, verifyReplay } from "@arena/core";
import { engine as moneyheist } from "@arena/moneyheist";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameNames } from "./games";
import { runCli } from "./test-io";

const schema = JSON.parse(readFileSync(new URL("../result.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-json-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Parses `text` and checks it against the schema, failing with Ajv's errors. */
function checked(text: string): Record<string, unknown> {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (!validate(value)) expect.fail(JSON.stringify(validate.errors, null, 2));
  return value;
}

describe("the result JSON schema", () => {
  it("rejects what it should: a missing field, an unknown one, a wrong status", () => {
    const good = {
      source: "play",
      game: "g",
      engineVersion: "1",
      seed: 1,
      rounds: 1,
      steps: 1,
      scores: [0],
      ranking: [1],
      players: [{ index: 0, name: "a", score: 0, rank: 1, status: "ok" }],
    };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, scores: undefined })).toBe(false);
    expect(validate({ ...good, finalScores: [0] })).toBe(false);
    expect(validate({ ...good, players: [{ ...good.players[0], status: "OUT" }] })).toBe(false);
    expect(validate({ ...good, seed: 2 ** 40 })).toBe(false);
    expect(validate({ ...good, source: "replay", verified: true, interrupted: true })).toBe(true);
    expect(validate({ ...good, interrupted: false })).toBe(false);
  });

  // Also every registered game's claim that its match's replay re-simulates to the same scores
  // (`verified`, the scores and ranking equal), which cli.test.ts checked with a second match each.
  it.each(gameNames.map((name) => [name] as const))(
    "%s: play --json and replay --json both fit it and agree",
    async (game) => {
      const played = await runCli(
        ["play", game, "--seed", "3", "--out", `${game}.arena`, "--json"],
        dir,
      );
      expect(played.err).toBe("");
      expect(played.code).toBe(0);
      const a = checked(played.out);
      const replayed = await runCli(["replay", `${game}.arena`, "--json", "--scores"], dir);
      expect(replayed.code, replayed.err).toBe(0);
      const b = checked(replayed.out);
      expect([a.source, b.source]).toEqual(["play", "replay"]);
      for (const key of ["game", "engineVersion", "seed", "rounds", "steps", "scores", "ranking"]) {
        expect(b[key], key).toEqual(a[key]);
      }
      const strip = (players: unknown) =>
        (players as Array<Record<string, unknown>>).map(({ index, name, score, rank, status }) => ({
          index,
          name,
          score,
          rank,
          status,
        }));
      expect(strip(b.players)).toEqual(strip(a.players));
      expect(b.verified).toBe(true);
    },
  );

  it("a frozen player has status frozen and its fault, in play and in replay", async () => {
    writeFileSync(join(dir, "crash.cjs"), "process.exit(3);\n");
    const played = await runCli(
      [
        "play",
        "moneyheist",
        "Null",
        "exec:node crash.cjs",
        "Null",
        "Null",
        "--out",
        "f.arena",
        "--json",
      ],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    const a = checked(played.out) as { players: Array<Record<string, unknown>> };
    expect(a.players[1]).toMatchObject({ status: "frozen", fault: expect.any(String) });
    expect(a.players[0]).toMatchObject({ status: "ok" });
    expect(a.players[0]!.fault).toBeUndefined();
    const replayed = await runCli(["replay", "f.arena", "--json"], dir);
    const b = checked(replayed.out) as { players: Array<Record<string, unknown>> };
    expect(b.players[1]).toMatchObject({
      status: "frozen",
      fault: a.players[1]!.fault,
      frozenAtRound: a.players[1]!.frozenAtRound,
    });
  });
});

describe("replay --json --events", () => {
  // A replay written by the build before events existed (replays never store them): the events
  // come from the re-simulation.
  const fixture = new URL("./__fixtures__/moneyheist-before-events.arena", import.meta.url);

  it("lists every event the rules reported, with its step and round, as the engine gives them", async () => {
    writeFileSync(join(dir, "old.arena"), readFileSync(fixture));
    const run = await runCli(["replay", "old.arena", "--json", "--events"], dir);
    expect(run.code, run.err).toBe(0);
    const result = checked(run.out) as { events: Array<Record<string, unknown>>; rounds: number };
    const expected: Array<Record<string, unknown>> = [];
    const replay = decodeReplay(new Uint8Array(readFileSync(fixture)), "old.arena");
    verifyReplay(moneyheist, replay, {
      onStep: ({ step, round, match }) => {
        for (const event of match.events?.() ?? []) expected.push({ round, step, ...event });
      },
    });
    expect(result.events).toEqual(expected);
    const kills = result.events.filter((e) => e.type === "kill") as Array<{
      killer: { player: number };
      victim: { player: number };
      round: number;
    }>;
    expect(kills.length).toBeGreaterThan(10);
    for (const kill of kills) {
      expect(kill.killer.player).not.toBe(kill.victim.player);
      expect(kill.round).toBeGreaterThanOrEqual(1);
      expect(kill.round).toBeLessThanOrEqual(result.rounds);
    }
    const deaths = result.events.filter((e) => e.type === "death");
    expect(deaths.length).toBe(kills.length);
    expect(new Set(deaths.map((e) => e.cause))).toEqual(new Set(["poison"]));
    // Without --events, no events; --events alone is a usage error.
    const plain = checked((await runCli(["replay", "old.arena", "--json"], dir)).out);
    expect(plain.events).toBeUndefined();
    const alone = await runCli(["replay", "old.arena", "--events"], dir);
    expect(alone.code).toBe(2);
    expect(alone.err).toMatch(/--events goes with --json/);
  });

  it("the schema rejects an event without its round or type", () => {
    const good = {
      source: "replay",
      game: "g",
      engineVersion: "1",
      seed: 1,
      rounds: 1,
      steps: 1,
      scores: [0],
      ranking: [1],
      players: [{ index: 0, name: "a", score: 0, rank: 1, status: "ok" }],
    };
    const kill = {
      round: 1,
      step: 1,
      type: "kill",
      killer: { player: 0, unit: 4 },
      victim: { player: 1, unit: 24 },
    };
    expect(validate({ ...good, events: [kill] })).toBe(true);
    expect(validate({ ...good, events: [{ ...kill, round: undefined }] })).toBe(false);
    expect(validate({ ...good, events: [{ ...kill, type: "" }] })).toBe(false);
    expect(validate({ ...good, events: [{ ...kill, killer: { player: 0 } }] })).toBe(false);
  });
});
