import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { wasmToolchain } from "@arena/bots";
import { type ArenaError, decodeReplay } from "@arena/core";
import { engine } from "@arena/moneyheist";
import { botIdentity, playTask } from "@arena/tournament";
import { afterAll, describe, expect, it } from "vitest";
import { sha256 } from "./bot-store";
import { jobIdOf, type MatchJobData, type MatchJobResult } from "./match-job";
import { playJob } from "./play-job";
import { checkJob, signJob, signResult } from "./queue-secret";
import { checkResult } from "./result-check";
import type { WorkerPlace } from "./worker-place";

const dir = mkdtempSync(join(tmpdir(), "arena-play-job-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const idleText = "export default class { play() {} }\n";
writeFileSync(join(dir, "idle.mjs"), idleText);
writeFileSync(join(dir, "idle.sh"), "#!/bin/sh\nwhile read line; do echo '[]'; done\n");

const KEY = "play-job-tests-0123456789";
const place: WorkerPlace = {
  dir,
  engines: {
    moneyheist: pathToFileURL(createRequire(import.meta.url).resolve("@arena/moneyheist")).href,
  },
  key: KEY,
  redis: "redis://127.0.0.1:1",
  queue: "unused",
  cache: join(dir, "cache"),
};
const config = { ...engine.defaultConfig(), numRounds: 20 };
const job = (seats: MatchJobData["seats"], more: Partial<MatchJobData> = {}): MatchJobData => ({
  id: "0123456789abcdef0123",
  game: engine.name,
  engineVersion: engine.version,
  config,
  seed: 1,
  seats,
  ...more,
});
const demo = (name = "Demo"): MatchJobData["seats"][number] => ({ name, bot: { builtin: "Demo" } });
const four = [demo("D0"), demo("D1"), demo("D2"), demo("D3")];
const failure = async (run: () => Promise<unknown>): Promise<ArenaError> => {
  try {
    await run();
  } catch (thrown) {
    return thrown as ArenaError;
  }
  throw new Error("no error");
};

describe("checkJob: only jobs signed with the queue's key", () => {
  it("accepts a signed job and gives back its data", () => {
    const data = job(four);
    expect(checkJob(signJob(data, KEY), KEY, "match-0123456789abcdef0123")).toEqual(data);
  });

  it("refuses an unsigned job, one signed with another key, one changed after it was signed", () => {
    const signed = signJob(job(four), KEY);
    const { mac: _, ...unsigned } = signed;
    expect(() => checkJob(unsigned, KEY, "match-x")).toThrow(
      /job match-x refused: it is not signed/,
    );
    expect(() => checkJob(signJob(job(four), "another-key-0123456789"), KEY, "j")).toThrow(
      /signature does not match/,
    );
    const changed = {
      ...signed,
      seats: [...four.slice(0, 3), { name: "p", bot: { exec: "0".repeat(64) } }],
    };
    expect(() => checkJob(changed, KEY, "j")).toThrow(/signature does not match/);
  });
});

describe("playJob: the worker's own engines and the bots it may play", () => {
  it("plays the match as the local pool does; the organiser's check accepts the signed result", async () => {
    const data = job(four);
    const result = await playJob(signJob(data, KEY), place);
    const local = await playTask(engine, {
      engineUrl: "",
      config,
      seed: 1,
      seats: four.map(({ name }) => ({ name, spec: "Demo" })),
      cwd: dir,
    });
    expect(result.scores).toEqual(local.scores);
    expect(result.worker).toMatch(/:\d+$/);
    const checked = checkResult(engine, data, result, KEY);
    expect("outcome" in checked && checked.outcome.scores).toEqual(local.scores);
  });

  it("the organiser refuses a result with other scores, re-signed or not", async () => {
    const data = job(four);
    const result = await playJob(signJob(data, KEY), place);
    const forged: MatchJobResult = { ...result, scores: [99_999, 0, 0, 0] };
    expect(checkResult(engine, data, forged, KEY)).toEqual({
      reason: expect.stringMatching(/signature does not match/),
    });
    const { mac: _, ...body } = forged;
    expect(checkResult(engine, data, signResult(data.id, body, KEY), KEY)).toEqual({
      reason: expect.stringMatching(/claims scores \[99999,0,0,0\]; its replay re-simulates to/),
    });
    // A worker's genuine result of another match given for this one (the same id: a forger's).
    const otherSeed = await playJob(signJob(job(four, { seed: 2 }), KEY), place);
    expect(checkResult(engine, data, otherSeed, KEY)).toEqual({
      reason: "its replay is of seed 2, not 1",
    });
  });

  it("a game it does not have is refused by name; a module path is never looked at", async () => {
    const refused = await failure(() =>
      playJob(
        signJob(
          { ...job(four), game: "../../evil", engineModule: "/tmp/x.mjs" } as MatchJobData,
          KEY,
        ),
        place,
      ),
    );
    expect(refused.code).toBe("WRONG_ENGINE");
    expect(refused.message).toMatch(
      /has no engine for game '\.\.\/\.\.\/evil' \(not a game name\)/,
    );
    const other = await failure(() =>
      playJob(signJob(job(four, { engineVersion: "0.0.0-other" }), KEY), place),
    );
    expect(other.code).toBe("WRONG_ENGINE");
    expect(other.message).toContain(`${engine.version}, the coordinator 0.0.0-other`);
  });

  it("a bot file by hash from its own folder; a built-in it lacks and a program it does not allow are refused", async () => {
    const file = { name: "idle", bot: { file: sha256(idleText), name: "idle.mjs" } };
    const played = await playJob(signJob(job([...four.slice(0, 3), file]), KEY), place);
    expect(played.players[3]!.frozen).toBe(false);
    const builtin = await failure(() =>
      playJob(
        signJob(job([...four.slice(0, 3), { name: "x", bot: { builtin: "constructor" } }]), KEY),
        place,
      ),
    );
    expect(builtin.message).toMatch(/bot 'x': 'constructor' is not a built-in bot of moneyheist/);
    const program = {
      name: "sh",
      bot: { exec: sha256(botIdentity(engine, "exec:sh idle.sh", dir)) },
    };
    const refused = await failure(() =>
      playJob(signJob(job([...four.slice(0, 3), program]), KEY), place),
    );
    expect(refused.code).toBe("WRONG_BOT");
    expect(refused.message).toMatch(/this worker runs none: start it with --allow-exec/);
    const allowed = await playJob(signJob(job([...four.slice(0, 3), program]), KEY), {
      ...place,
      allowExec: ["sh idle.sh"],
    });
    expect(allowed.players).toHaveLength(4);
  });
});

const hasWasm = await wasmToolchain().then(
  () => true,
  (error: Error) => {
    console.warn(`the queue's WebAssembly job test skipped: ${error.message}`);
    return false;
  },
);
const hasCompiler =
  spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"], { stdio: "ignore" }).status === 0;

describe("a job's C++ mode (cpp): the run's, checked", { timeout: 300_000 }, () => {
  it("a signed job with a cpp that is not native or wasm is refused, naming it; the job id binds the mode", async () => {
    for (const [cpp, shown] of [
      ["rm -rf", '"rm -rf"'],
      [1, "1"],
      [["wasm"], '["wasm"]'],
      [{ mode: "wasm" }, '{"mode":"wasm"}'],
    ] as const) {
      const forged = job(four, { cpp: cpp as unknown as "wasm" });
      const refused = await failure(() =>
        playJob(signJob(forged, KEY), place, `match-${forged.id}`),
      );
      expect(refused.code).toBe("BAD_JOB");
      expect(refused.message).toBe(
        `job match-${forged.id} refused: its 'cpp' is ${shown}, not native or wasm (how C++ players are played)`,
      );
    }
    // Unsigned, it is refused for that first.
    const { mac: _, ...unsigned } = signJob(job(four, { cpp: "rm -rf" as "wasm" }), KEY);
    expect((await failure(() => playJob(unsigned, place))).code).toBe("BAD_SIGNATURE");
    // A wasm job under the native id (a coordinator collecting another mode's job): refused.
    const wasm = job(four, { cpp: "wasm" });
    expect(jobIdOf(wasm)).toBe(`match-${wasm.id}-wasm`);
    const moved = await failure(() => playJob(signJob(wasm, KEY), place, `match-${wasm.id}`));
    expect(moved.code).toBe("BAD_SIGNATURE");
    expect(moved.message).toMatch(/carries the signed job of match/);
    // A job under the id of the same match without its budget (collected by a run of other
    // limits): refused too.
    const limited = job(four, { budget: { turnMs: 5000 } });
    expect(jobIdOf(limited)).toMatch(new RegExp(`^match-${limited.id}-b[0-9a-f]{8}$`));
    const unlimited = await failure(() =>
      playJob(signJob(limited, KEY), place, `match-${limited.id}`),
    );
    expect(unlimited.code).toBe("BAD_SIGNATURE");
  });

  // The C++ player that gives no orders (bots' fixture, for any game's kit), in the worker's folder.
  const nullText = readFileSync(
    fileURLToPath(new URL("../../bots/src/__fixtures__/cpp-players/AINull.cc", import.meta.url)),
    "latin1",
  );
  writeFileSync(join(dir, "AINull.cc"), nullText);
  const cppSeat = { name: "Null", bot: { file: sha256(nullText), name: "AINull.cc" } };
  // Far less than a Money Heist turn of any C++ player: only a WebAssembly player is held to it.
  const budget = { turnInstructions: 100 };

  it.skipIf(!hasWasm)(
    "a job with cpp wasm is played as WebAssembly: its instructions counted and limited",
    async () => {
      process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
      const data = job([...four.slice(0, 3), cppSeat], { cpp: "wasm", budget });
      const result = await playJob(signJob(data, KEY), place, jobIdOf(data));
      expect(result.players[3]).toMatchObject({ frozen: true, frozenAtRound: 0 });
      expect(result.players[3]!.fault).toMatch(
        /^executed \d+ instructions for its (start|turn), over the limit of 100 instructions$/,
      );
      const replay = decodeReplay(new Uint8Array(Buffer.from(result.replay, "base64")));
      expect(replay.usage?.some((usage) => (usage.instructions?.[3] ?? 0) > 100)).toBe(true);
      expect("outcome" in checkResult(engine, data, result, KEY)).toBe(true);
    },
  );

  it.skipIf(!hasCompiler)(
    "the same job without cpp is played natively: no instructions to count",
    async () => {
      process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
      const data = job([...four.slice(0, 3), cppSeat], { budget });
      const result = await playJob(signJob(data, KEY), place, jobIdOf(data));
      expect(result.players[3]!.frozen).toBe(false);
    },
  );
});
