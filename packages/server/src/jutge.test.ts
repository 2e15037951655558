// A jutge contest run end to end on a real server: three participants' active revisions,
// qualification against the baseline, the final; every match listed with its replay; the result.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  joinContest,
  moneyheistConfig,
  startTestServer,
  type TestServer,
  until,
} from "./__fixtures__/test-support";

const ORGANISER = "organiser-token-of-the-jutge-test-0123456789";
const player = readFileSync(new URL("./__fixtures__/players/AIValid.cc", import.meta.url), "utf8");

describe("a jutge contest", () => {
  let data: string;
  let server: TestServer;

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), "arena-serve-jutge-"));
    server = await startTestServer({ dataDir: data, jobs: 1, organiserToken: ORGANISER });
  });
  afterAll(async () => {
    await server?.stop();
    if (data !== undefined) rmSync(data, { recursive: true, force: true });
  });

  it("runs qualification and the final from the active revisions", async () => {
    const id = (
      await api(server, "POST", "/api/contests", {
        token: ORGANISER,
        body: {
          name: "Joc",
          game: "moneyheist",
          format: "jutge",
          baseline: "Null",
          config: moneyheistConfig(40),
        },
      })
    ).body.id;
    const names = ["ana", "ben", "cai"];
    const tokens = await joinContest(server, ORGANISER, id, names);
    const submissions: Array<[string, number]> = [];
    for (const [k, name] of names.entries()) {
      const token = tokens[k]!;
      const made = await api(server, "POST", `/api/contests/${id}/submissions`, {
        token,
        body: { filename: `AI${name}.cc`, source: player },
      });
      submissions.push([token, made.body.id]);
    }
    for (const [token, submission] of submissions) {
      await until("active", async () => {
        const state = await api(server, "GET", `/api/submissions/${submission}`, { token });
        return state.body.status === "active" ? true : undefined;
      });
    }
    // No ladder in a jutge contest: nothing is played before the run.
    expect(
      (await api(server, "GET", `/api/contests/${id}/matches`)).body.matches.every(
        (m: { kind: string }) => m.kind === "validation",
      ),
    ).toBe(true);
    const before = await api(server, "GET", `/api/contests/${id}/result`);
    expect(before.body).toEqual({ state: "open", standings: [] });
    const run = await api(server, "POST", `/api/contests/${id}/run`, { token: ORGANISER });
    expect(run.status).toBe(202);
    const result = await until("the contest's result", async () => {
      const answer = await api(server, "GET", `/api/contests/${id}/result`);
      return answer.body.state === "done" || answer.body.state === "failed"
        ? answer.body
        : undefined;
    });
    expect(result.state).toBe("done");
    expect(names).toContain(result.champion);
    expect(result.standings.map((s: { player: string }) => s.player).sort()).toEqual(names);
    expect(result.standings[0]).toMatchObject({
      place: 1,
      player: result.champion,
      reached: "final",
    });

    const matches = (await api(server, "GET", `/api/contests/${id}/matches?limit=1000`)).body
      .matches as Array<{
      kind: string;
      stage: string | null;
      replay: string | null;
    }>;
    const jutge = matches.filter((m) => m.kind === "jutge");
    // Each player: one match against itself and four against the baseline; then four final matches.
    expect(jutge.filter((m) => m.stage === "qualification")).toHaveLength(3 * 5);
    expect(jutge.filter((m) => m.stage === "final")).toHaveLength(4);
    for (const match of jutge)
      expect(match.replay).toMatch(/\/api\/matches\/[0-9a-f]{20}\/replay$/);
    const replay = await fetch(jutge[0]!.replay!);
    expect(replay.status).toBe(200);
    // Submissions are closed once the contest has run.
    const late = await api(server, "POST", `/api/contests/${id}/submissions`, {
      token: submissions[0]![0],
      body: { filename: "AIana.cc", source: `${player}\n// late` },
    });
    expect(late.status).toBe(403);
  });
});
