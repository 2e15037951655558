import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ArenaError } from "@arena/core";
import { engine } from "@arena/moneyheist";
import { botIdentity, playTask } from "@arena/tournament";
import { afterAll, describe, expect, it } from "vitest";
import type { MatchJobData } from "./match-job";
import { checkJob, playJob } from "./play-job";

const dir = mkdtempSync(join(tmpdir(), "arena-play-job-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "idle.mjs"), "export default class { play() {} }\n");
const idle = botIdentity(engine, "idle.mjs", dir);

const job = (seats: MatchJobData["seats"], more: Partial<MatchJobData> = {}): MatchJobData => ({
  id: "0123456789abcdef0123",
  game: engine.name,
  engineVersion: engine.version,
  engineModule: engine.module,
  config: engine.defaultConfig(),
  seed: 1,
  seats,
  ...more,
});
const demo = { name: "Demo", spec: "Demo", identity: "builtin:Demo" };
const error = (run: () => void): ArenaError => {
  try {
    run();
  } catch (thrown) {
    return thrown as ArenaError;
  }
  throw new Error("no error");
};

describe("checkJob: the worker plays the coordinator's match or refuses it", () => {
  it("accepts the same files and engine", () => {
    expect(() =>
      checkJob(engine, job([demo, { name: "idle", spec: "idle.mjs", identity: idle }]), { dir }),
    ).not.toThrow();
  });

  it("a missing bot file: WRONG_BOT naming the bot, the spec and where it looked", () => {
    const failure = error(() =>
      checkJob(engine, job([{ name: "gone", spec: "gone.mjs", identity: idle }]), { dir }),
    );
    expect(failure.code).toBe("WRONG_BOT");
    expect(failure.message).toMatch(/bot 'gone' \(gone\.mjs\) is missing on worker .*looked in/);
  });

  it("another engine version: WRONG_ENGINE with both versions", () => {
    const failure = error(() =>
      checkJob(engine, job([demo], { engineVersion: "0.0.0-other" }), { dir }),
    );
    expect(failure.code).toBe("WRONG_ENGINE");
    expect(failure.message).toContain(`${engine.version}, the coordinator 0.0.0-other`);
  });
});

describe("playJob", () => {
  it("plays the match as the local pool does, and sends the replay back when asked", async () => {
    const seats = [demo, { ...demo, name: "Demo2" }, demo, { ...demo, name: "Demo2" }].map(
      (seat, i) => ({ ...seat, name: `${seat.name}-${i}` }),
    );
    const engines = {
      moneyheist: pathToFileURL(createRequire(import.meta.url).resolve("@arena/moneyheist")).href,
    };
    const result = await playJob(job(seats, { replay: true }), { dir, engines });
    const local = await playTask(engine, {
      engineUrl: "",
      config: engine.defaultConfig(),
      seed: 1,
      seats: seats.map(({ name, spec }) => ({ name, spec })),
      cwd: dir,
    });
    expect(result.scores).toEqual(local.scores);
    expect(result.ranks).toEqual(local.ranks);
    expect(result.worker).toMatch(/:\d+$/);
    expect(Buffer.from(result.replay!, "base64").length).toBeGreaterThan(100);
  });
});
