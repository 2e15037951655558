// The C++ kit compiled ahead of the first submission (real server processes, real g++, the
// server's own fresh cache): when the organiser creates a contest and when a server starts with
// one, without any submission; the server answering while it compiles; a submission arriving
// during it waiting for that compile rather than compiling the kit a second time; a warm-up that
// fails is one line of the log, not a crashed server.
import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  api,
  joinContest,
  moneyheistConfig,
  startTestServer,
  type TestServer,
  until,
} from "./__fixtures__/test-support";

const ORGANISER = "organiser-token-of-the-warm-up-test-0123456789";
const PLAYER = readFileSync(new URL("./__fixtures__/players/AIValid.cc", import.meta.url), "utf8");
/** The server's own cache (`DATA/cache`): fresh, not the tests' shared one. */
const OWN_CACHE = { ARENA_CACHE_DIR: "" };

/** The kits' entries (not their build folders) of the cache in `data`, and which hold Player.hh.gch. */
function kitEntries(data: string): { kits: string[]; withHeader: string[] } {
  const cpp = join(data, "cache", "cpp");
  const kits = existsSync(cpp)
    ? readdirSync(cpp).filter((name) => name.startsWith("kit-") && !name.includes("-build-"))
    : [];
  return { kits, withHeader: kits.filter((kit) => existsSync(join(cpp, kit, "Player.hh.gch"))) };
}

/** Watches the cache's C++ folder: each compile of a kit's adapter or header makes a build folder
 * `kit-<key>-build-*` of its own; their names. */
function watchKitBuilds(data: string): { builds: Set<string>; watcher: FSWatcher } {
  const cpp = join(data, "cache", "cpp");
  mkdirSync(cpp, { recursive: true });
  const builds = new Set<string>();
  const watcher = watch(cpp, (_event, name) => {
    if (name !== null && /^kit-[0-9a-f]+-build-/.test(name)) builds.add(name);
  });
  return { builds, watcher };
}

describe("the C++ kit compiled ahead of the first submission", { timeout: 900_000 }, () => {
  const data = mkdtempSync(join(tmpdir(), "arena-serve-warm-"));
  let server: TestServer | undefined;
  let watcher: FSWatcher | undefined;
  afterAll(async () => {
    watcher?.close();
    await server?.stop();
    rmSync(data, { recursive: true, force: true });
  });
  const start = async () => {
    await server?.stop();
    server = await startTestServer(
      { dataDir: data, jobs: 1, organiserToken: ORGANISER },
      OWN_CACHE,
    );
    return server;
  };

  it("compiles it once when a contest is made and a submission arrives during it", async () => {
    const watched = watchKitBuilds(data);
    watcher = watched.watcher;
    const server = await start();
    const made = await api(server, "POST", "/api/contests", {
      token: ORGANISER,
      body: { name: "Course", game: "moneyheist", format: "jutge", config: moneyheistConfig(20) },
    });
    expect(made.status).toBe(200);
    const contest = made.body.id as number;
    const [token] = await joinContest(server, ORGANISER, contest, ["ada"]);
    // The kit's compile started without a submission...
    await until("the kit's compile started", async () =>
      watched.builds.size > 0 ? true : undefined,
    );
    // ... and a submission made now waits for it instead of compiling the kit again.
    const submitted = await api(server, "POST", `/api/contests/${contest}/submissions`, {
      token,
      body: { filename: "AIValid.cc", source: PLAYER },
    });
    expect(submitted.status).toBe(200);
    const settled = await until("the submission settled", async () => {
      const answer = await api(server, "GET", `/api/submissions/${submitted.body.id}`, { token });
      return ["active", "compile-error", "invalid"].includes(answer.body.status)
        ? answer.body
        : undefined;
    });
    expect(settled.status).toBe("active");
    expect(kitEntries(data).kits).toHaveLength(1);
    expect(kitEntries(data).withHeader).toHaveLength(1);
    // One adapter compile and one header compile (with a second compile of the kit: 3 or 4).
    expect([...watched.builds]).toHaveLength(2);
    // Logged once the compile's folder is removed, just after the entry is published.
    await until("the warm-up's line", async () =>
      /Money Heist's C\+\+ kit compiled ahead of the first submission/.test(server.output())
        ? true
        : undefined,
    );
    watcher.close();
  });

  it("compiles it at a start with a C++ contest, after listening, without a submission", async () => {
    rmSync(join(data, "cache"), { recursive: true, force: true });
    const server = await start();
    const openapi = await api(server, "GET", "/api/openapi.json");
    // Answered before the kit was compiled: listening does not wait for the warm-up (which
    // takes seconds of g++; an answer, milliseconds).
    const compiledWhenAnswered = kitEntries(data).withHeader.length;
    expect(openapi.status).toBe(200);
    expect(compiledWhenAnswered).toBe(0);
    await until("the kit's entry with its precompiled header", async () =>
      kitEntries(data).withHeader.length > 0 ? true : undefined,
    );
    expect(kitEntries(data).kits).toHaveLength(1);
    // Logged once the compile's folder is removed, just after the entry is published.
    await until("the warm-up's line", async () =>
      /Money Heist's C\+\+ kit compiled ahead of the first submission/.test(server.output())
        ? true
        : undefined,
    );
  });

  it("logs a warm-up that fails in one line and goes on answering", async () => {
    // The cache's C++ folder a file: nothing can be compiled into it.
    await server?.stop();
    rmSync(join(data, "cache"), { recursive: true, force: true });
    mkdirSync(join(data, "cache"));
    writeFileSync(join(data, "cache", "cpp"), "not a folder");
    const failing = await start();
    const line = await until("the warm-up's failure logged", async () => {
      if (failing.child.exitCode !== null || failing.child.signalCode !== null) {
        throw new Error(`the server ended: ${failing.output()}`);
      }
      return /^\[server\] .*C\+\+ kit could not be compiled ahead.*$/m.exec(failing.output())?.[0];
    });
    expect(line).toMatch(
      /moneyheist's C\+\+ kit could not be compiled ahead of the submissions: \S/,
    );
    expect(failing.output().match(/could not be compiled ahead/g)).toHaveLength(1);
    const contests = await api(failing, "GET", "/api/contests", { token: ORGANISER });
    expect(contests.status).toBe(200);
    expect(contests.body.contests).toHaveLength(1);
    expect(failing.child.exitCode).toBeNull();
  });
});
