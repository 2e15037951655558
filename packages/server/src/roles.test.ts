// The HTTP API as an attacker tries it: every route that needs a role, with no token, a
// participant's token on the organiser's routes, another participant's token on a submission;
// bad requests; a filename as a path; a compile that reads another player's source.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandboxSupport } from "@arena/bots";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  moneyheistConfig,
  startTestServer,
  type TestServer,
  until,
} from "./__fixtures__/test-support";

const ORGANISER = "organiser-token-of-the-roles-test-0123456789ab";

describe("the API's role checks", () => {
  let data: string;
  let server: TestServer;
  let contest: number;
  let other: number;
  const tokens: Record<string, string> = {};
  let aliceSubmission: number;
  const secret = "int the_secret_of_alice = 4242;";
  const aliceSource = `// ${secret}\nconst char* alice = "the_secret_of_alice";\n`;

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), "arena-serve-roles-"));
    server = await startTestServer({ dataDir: data, jobs: 1, organiserToken: ORGANISER });
    const make = async (name: string) =>
      (
        await api(server, "POST", "/api/contests", {
          token: ORGANISER,
          body: { name, game: "moneyheist", format: "ladder", config: moneyheistConfig(10) },
        })
      ).body.id as number;
    contest = await make("A");
    other = await make("B");
    const codes = (
      await api(server, "POST", `/api/contests/${contest}/invites`, {
        token: ORGANISER,
        body: { count: 2 },
      })
    ).body.codes;
    const otherCodes = (
      await api(server, "POST", `/api/contests/${other}/invites`, {
        token: ORGANISER,
        body: { count: 1 },
      })
    ).body.codes;
    for (const [name, code] of [
      ["alice", codes[0]],
      ["mallory", codes[1]],
      ["trent", otherCodes[0]],
    ]) {
      tokens[name!] = (await api(server, "POST", "/api/join", { body: { code, name } })).body.token;
    }
    aliceSubmission = (
      await api(server, "POST", `/api/contests/${contest}/submissions`, {
        token: tokens.alice,
        body: { filename: "AIAlice.cc", source: aliceSource },
      })
    ).body.id;
  });
  afterAll(async () => {
    await server?.stop();
    if (data !== undefined) rmSync(data, { recursive: true, force: true });
  });

  /** Every route of the OpenAPI document with its role, with the path filled in. */
  async function routes(): Promise<Array<{ method: string; path: string; role: string }>> {
    const document = (await api(server, "GET", "/api/openapi.json")).body;
    const all: Array<{ method: string; path: string; role: string }> = [];
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, { "x-role": string }>>,
    )) {
      for (const [method, operation] of Object.entries(methods)) {
        const filled = path.replace(
          "{id}",
          path.startsWith("/api/queue")
            ? "0123456789abcdef0123"
            : path.startsWith("/api/submissions")
              ? String(aliceSubmission)
              : String(contest),
        );
        all.push({ method: method.toUpperCase(), path: filled, role: operation["x-role"] });
      }
    }
    return all;
  }

  it("refuses every route that needs a role without a token (401), and an unknown token", async () => {
    const needing = (await routes()).filter((route) => route.role !== "anyone");
    expect(needing.length).toBeGreaterThanOrEqual(9);
    for (const route of needing) {
      const answer = await api(
        server,
        route.method,
        route.path,
        route.method === "POST" ? { body: {} } : {},
      );
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      expect(answer.body).toEqual({ error: expect.stringMatching(/token/), code: "UNAUTHORIZED" });
      const forged = await api(server, route.method, route.path, {
        token: "not-a-token",
        ...(route.method === "POST" ? { body: {} } : {}),
      });
      expect(forged.status, `${route.method} ${route.path} with a forged token`).toBe(401);
    }
  });

  it("refuses a participant's token on the organiser's routes (403)", async () => {
    const organiser = (await routes()).filter((route) => route.role === "organiser");
    expect(organiser.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/api/contests",
        `/api/contests/${contest}/invites`,
        `/api/contests/${contest}/run`,
      ]),
    );
    for (const route of organiser) {
      const answer = await api(server, route.method, route.path, {
        token: tokens.alice,
        ...(route.method === "POST"
          ? { body: { name: "x", game: "moneyheist", format: "ladder", count: 1 } }
          : {}),
      });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(answer.body.code).toBe("FORBIDDEN");
    }
  });

  it("never shows a participant another's submission, source or log, nor lets it act on it", async () => {
    for (const [method, path] of [
      ["GET", `/api/submissions/${aliceSubmission}`],
      ["GET", `/api/submissions/${aliceSubmission}/source`],
      ["POST", `/api/submissions/${aliceSubmission}/activate`],
    ] as const) {
      for (const token of [tokens.mallory, tokens.trent]) {
        const answer = await api(server, method, path, { token });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(JSON.stringify(answer.body)).not.toContain("the_secret_of_alice");
      }
    }
    // Its owner and the organiser may.
    const own = await api(server, "GET", `/api/submissions/${aliceSubmission}/source`, {
      token: tokens.alice,
    });
    expect(own.body.source).toContain(secret);
    const organiser = await api(server, "GET", `/api/submissions/${aliceSubmission}`, {
      token: ORGANISER,
    });
    expect(organiser.status).toBe(200);
    // A participant of another contest cannot submit to this one.
    const foreign = await api(server, "POST", `/api/contests/${contest}/submissions`, {
      token: tokens.trent,
      body: { filename: "AITrent.cc", source: "int x;" },
    });
    expect(foreign.status).toBe(403);
  });

  it("answers bad requests with a 4xx and one clear message, never a stack", async () => {
    const cases = [
      await fetch(`${server.url}/api/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      }),
      await fetch(`${server.url}/api/contests/abc/standings`),
      await fetch(`${server.url}/api/contests`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${ORGANISER}` },
        body: JSON.stringify({ name: "x", game: "chess", format: "ladder" }),
      }),
      await fetch(`${server.url}/api/contests`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${ORGANISER}` },
        body: JSON.stringify({
          name: "x",
          game: "moneyheist",
          format: "ladder",
          config: "garbage",
        }),
      }),
      await fetch(`${server.url}/api/contests/${contest}/submissions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.alice}` },
        body: JSON.stringify({ filename: "AIBig.cc", source: "x".repeat(2_000_000) }),
      }),
      await fetch(`${server.url}/api/nowhere`),
    ];
    for (const response of cases) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const body = (await response.json()) as { error: string };
      expect(Object.keys(body).sort()).toEqual(["code", "error"]);
      expect(body.error).not.toMatch(/\n\s+at /);
    }
  });

  it("stores a source by its content hash: no filename reaches the file system", async () => {
    const answer = await api(server, "POST", `/api/contests/${contest}/submissions`, {
      token: tokens.mallory,
      body: { filename: "../../../../../tmp/arena-evil-AIx.cc", source: "int evil;" },
    });
    expect(answer.status).toBe(200);
    expect(existsSync("/tmp/arena-evil-AIx.cc")).toBe(false);
    for (const name of readdirSync(join(data, "sources")))
      expect(name).toMatch(/^[0-9a-f]{64}\.(cc|mjs|cjs|ts|py)$/);
    const refused = await api(server, "POST", `/api/contests/${contest}/submissions`, {
      token: tokens.mallory,
      body: { filename: "evil.sh", source: "rm -rf /" },
    });
    expect(refused.status).toBe(400);
  });

  it.skipIf(!sandboxSupport().available)(
    "compiles in a box where other players' sources and the database are not there",
    async () => {
      const stolen = `${createHash("sha256").update(aliceSource).digest("hex")}.cc`;
      expect(existsSync(join(data, "sources", stolen))).toBe(true);
      const answer = await api(server, "POST", `/api/contests/${contest}/submissions`, {
        token: tokens.mallory,
        body: {
          filename: "AIThief.cc",
          source: `#include "${join(data, "sources", stolen)}"\n`,
        },
      });
      const log = await until("the thief's compile", async () => {
        const state = await api(server, "GET", `/api/submissions/${answer.body.id}`, {
          token: tokens.mallory,
        });
        return state.body.status === "compile-error" ? (state.body.log as string) : undefined;
      });
      expect(log).toContain(`${stolen}: No such file or directory`);
      expect(log).not.toContain("the_secret_of_alice");
    },
  );

  // The same theft at run time: a player that compiles, then opens another player's source in
  // the data folder while it plays. Read, it crashes (invalid); not there, it plays on (valid).
  // Seen failing with the matches' box off (botRunOptions' sandbox false): the player read it, and
  // its validation's reason showed the secret to the thief.
  it.skipIf(!sandboxSupport().available)(
    "plays in a box where other players' sources are not there",
    async () => {
      const stolen = join(
        data,
        "sources",
        `${createHash("sha256").update(aliceSource).digest("hex")}.cc`,
      );
      const thief = `#include "Player.hh"
#include <fstream>
#define PLAYER_NAME Reader
struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }
  virtual void play() {
    std::ifstream file(${JSON.stringify(stolen)});
    if (file.good()) { std::string line; std::getline(file, line); cerr << "stole " << line << endl; abort(); }
  }
};
RegisterPlayer(PLAYER_NAME);
`;
      const answer = await api(server, "POST", `/api/contests/${contest}/submissions`, {
        token: tokens.mallory,
        body: { filename: "AIReader.cc", source: thief },
      });
      const state = await until("the reader's validation", async () => {
        const now = await api(server, "GET", `/api/submissions/${answer.body.id}`, {
          token: tokens.mallory,
        });
        const done = ["ready", "active", "invalid", "compile-error"].includes(now.body.status);
        return done ? now.body : undefined;
      });
      expect(JSON.stringify(state)).not.toContain("the_secret_of_alice");
      expect(state.status).toMatch(/^(ready|active)$/);
    },
  );

  it("limits how fast invite codes can be tried (429)", async () => {
    let last = 0;
    for (let k = 0; k < 32; k++) {
      last = (
        await api(server, "POST", "/api/join", { body: { code: `guess-${k}`, name: "guess" } })
      ).status;
    }
    expect(last).toBe(429);
  });
});
