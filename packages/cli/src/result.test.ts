// `arena play --json` and `arena replay --json` print one shape, checked against the JSON Schema
// shipped in the package (result.schema.json) with Ajv.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
