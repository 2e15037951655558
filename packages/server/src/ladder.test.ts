// The whole path for three participants, on a real server process and a real database (SQLite,
// then PostgreSQL): a valid C++ player, one that does not compile (its log shown), one that crashes
// in validation (the round and reason shown); standings; a match's replay that verifies.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandboxSupport } from "@arena/bots";
import { decodeReplay, verifyReplay } from "@arena/core";
import { engine as moneyheist } from "@arena/moneyheist";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  joinContest,
  moneyheistConfig,
  postgresMissing,
  startTestServer,
  TestPostgres,
  type TestServer,
  until,
} from "./__fixtures__/test-support";

/**
 * A fixture player's source. Where compiles run in the box (bubblewrap: /etc not there), the
 * valid player refuses to compile outside it: a match that compiled it again, outside the box,
 * instead of taking the player compiled in it, would fail.
 */
const player = (name: string) => {
  const source = readFileSync(new URL(`./__fixtures__/players/${name}`, import.meta.url), "utf8");
  const outside = '#if __has_include("/etc/hostname")\n#error compiled outside the box\n#endif\n';
  return name === "AIValid.cc" && sandboxSupport().available ? `${outside}${source}` : source;
};
const ORGANISER = "organiser-token-of-the-ladder-test-0123456789";

/** The path for three participants, on a server whose database is `db` (undefined: SQLite). */
async function threeParticipants(server: TestServer) {
  const contest = await api(server, "POST", "/api/contests", {
    token: ORGANISER,
    body: { name: "Course", game: "moneyheist", format: "ladder", config: moneyheistConfig(20) },
  });
  expect(contest.status).toBe(200);
  const id = contest.body.id as number;
  const names = ["alice", "bob", "carol"];
  const joined = await joinContest(server, ORGANISER, id, names);
  const tokens: Record<string, string> = {};
  for (const [k, name] of names.entries()) tokens[name] = joined[k]!;
  const submit = async (name: string, file: string) => {
    const answer = await api(server, "POST", `/api/contests/${id}/submissions`, {
      token: tokens[name],
      body: { filename: file, source: player(file) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("queued");
    return answer.body.id as number;
  };
  const valid = await submit("alice", "AIValid.cc");
  const broken = await submit("bob", "AIBroken.cc");
  const crash = await submit("carol", "AICrash.cc");
  const settled = (submission: number, token: string) =>
    until(`submission ${submission} settled`, async () => {
      const answer = await api(server, "GET", `/api/submissions/${submission}`, { token });
      return ["active", "compile-error", "invalid", "ready"].includes(answer.body.status)
        ? answer.body
        : undefined;
    });

  const alice = await settled(valid, tokens.alice!);
  expect(alice.status).toBe("active");
  expect(alice.validation).toMatchObject({ valid: true });
  expect(alice.log).toMatch(/compiled/);

  const bob = await settled(broken, tokens.bob!);
  expect(bob.status).toBe("compile-error");
  // The compiler's own messages, naming the file as uploaded and the line.
  expect(bob.log).toMatch(
    /AIBroken\.cc:11:5: error: expected ‘,’ or ‘;’ before ‘move_everyone_north’/,
  );
  expect(bob.log).toMatch(/AIBroken\.cc: does not compile \(g\+\+ -std=c\+\+17 -O2\)/);
  expect(bob.log).not.toMatch(/build-|sources\/|\/tmp\//);

  const carol = await settled(crash, tokens.carol!);
  expect(carol.status).toBe("invalid");
  expect(carol.validation.valid).toBe(false);
  expect(carol.validation.round).toBe(3);
  expect(carol.validation.reason).toMatch(/SIGSEGV/);

  // The ladder plays alice (the only active one) against the baseline.
  const standings = await until("two rated matches", async () => {
    const answer = await api(server, "GET", `/api/contests/${id}/standings`);
    const first = answer.body.players?.[0];
    return first?.matches >= 2 ? answer.body : undefined;
  });
  expect(standings.players[0]).toMatchObject({ name: "alice" });
  expect(standings.players[0].rating.sigma).toBeLessThan(25 / 3);
  expect(standings.players.map((p: { name: string }) => p.name).sort()).toEqual([
    "alice",
    "bob",
    "carol",
  ]);

  const matches = await api(server, "GET", `/api/contests/${id}/matches`);
  const ladder = matches.body.matches.find((m: { kind: string }) => m.kind === "ladder");
  expect(ladder.players).toContain("alice");
  expect(ladder.error).toBeNull();
  expect(ladder.scores).toHaveLength(4);
  expect(ladder.status.every((seat: { state: string }) => seat.state === "ok")).toBe(true);
  const replay = await fetch(ladder.replay);
  expect(replay.status).toBe(200);
  const decoded = decodeReplay(new Uint8Array(await replay.arrayBuffer()), "replay");
  expect(decoded.header.players).toEqual(ladder.players);
  expect(decoded.header.seed).toBe(ladder.seed);
  // What `arena replay` does: re-simulate it and check every digest and the final scores.
  expect(verifyReplay(moneyheist, decoded).finalScores).toEqual(ladder.scores);
  return { id, tokens, valid, broken, crash };
}

describe.each([
  ["SQLite", false],
  ["PostgreSQL", true],
] as const)("a ladder on %s", (_name, postgres) => {
  let data: string;
  let server: TestServer | undefined;
  let pg: TestPostgres | undefined;
  const skip = postgres ? postgresMissing() : undefined;

  beforeAll(async () => {
    if (skip !== undefined) return;
    data = mkdtempSync(join(tmpdir(), "arena-serve-"));
    let db: string | undefined;
    if (postgres) {
      pg = await TestPostgres.start();
      db = await pg.database("ladder");
    }
    // On SQLite, no C++ cache given: the server's own (`DATA/cache`), fresh, so that a match
    // compiling a player again elsewhere than where the box compiled it would be seen.
    server = await startTestServer(
      { dataDir: data, jobs: 1, organiserToken: ORGANISER, ...(db ? { db } : {}) },
      postgres ? {} : { ARENA_CACHE_DIR: "" },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    if (data !== undefined) rmSync(data, { recursive: true, force: true });
  });

  it.skipIf(skip !== undefined)("takes three participants from invite to standings", async () => {
    const { id, tokens } = await threeParticipants(server!);
    if (!postgres) await compiledOnce(server!, data, id, tokens.alice!);
  });
});

/**
 * In the server's own cache (`DATA/cache`): the kit compiled once, with its precompiled
 * Player.hh, and each player once — by its compile in the box, which the validation and ladder
 * matches then take from the cache — and a revision of the same source compiles nothing. (The
 * launcher script's own path was in the cache key: every submission compiled the kit and the
 * player again, and every match compiled them a second time.)
 */
async function compiledOnce(server: TestServer, data: string, contest: number, token: string) {
  const cache = join(data, "cache", "cpp");
  const entries = () => readdirSync(cache).filter((name) => !name.includes("-build-"));
  const kits = entries().filter((name) => name.startsWith("kit-"));
  expect(kits).toHaveLength(1);
  expect(existsSync(join(cache, kits[0]!, "Player.hh.gch"))).toBe(true);
  // AIValid.cc and AICrash.cc (AIBroken.cc does not compile).
  const players = entries().filter((name) => !name.startsWith("kit-"));
  expect(players).toHaveLength(2);

  const again = await api(server, "POST", `/api/contests/${contest}/submissions`, {
    token,
    body: { filename: "AIValid.cc", source: player("AIValid.cc") },
  });
  expect(again.status).toBe(200);
  const revision = await until(`submission ${again.body.id} settled`, async () => {
    const answer = await api(server, "GET", `/api/submissions/${again.body.id}`, { token });
    return ["active", "compile-error", "invalid"].includes(answer.body.status)
      ? answer.body
      : undefined;
  });
  expect(revision.status).toBe("active");
  expect(revision.log).toMatch(/compiled before: taken from the cache/);
  expect(entries().sort()).toEqual([...kits, ...players].sort());
}
