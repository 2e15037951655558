// @arena/queue is an optional dependency (issue 40: every student's install pulled BullMQ,
// ioredis and msgpackr): the cli runs without it, and --redis and `arena worker` say in one line
// how to install it.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ArenaError } from "@arena/core";
import { afterAll, describe, expect, it } from "vitest";
import { loadQueue } from "./queue-package";

const cli = fileURLToPath(new URL("..", import.meta.url));

describe("loadQueue", () => {
  it("loads @arena/queue when it is installed, and names what to install when it is not", async () => {
    expect(typeof (await loadQueue()).startWorker).toBe("function");
    const missing = loadQueue("@arena/no-such-queue");
    await expect(missing).rejects.toBeInstanceOf(ArenaError);
    await expect(missing).rejects.toThrow(
      /^--redis and 'arena worker' need @arena\/no-such-queue .*: install it beside the cli \(npm install @arena\/no-such-queue\)$/,
    );
  });

  it("the published package.json has it as an optional peer, not a dependency", () => {
    const manifest = JSON.parse(readFileSync(join(cli, "package.json"), "utf8"));
    expect(manifest.dependencies["@arena/queue"]).toBeUndefined();
    expect(manifest.peerDependencies["@arena/queue"]).toBeDefined();
    expect(manifest.peerDependenciesMeta["@arena/queue"]).toEqual({ optional: true });
  });
});

/**
 * The built cli installed without @arena/queue: a copy of its package (bin, dist, templates) whose
 * node_modules has every dependency of the cli but the queue.
 */
describe.skipIf(!existsSync(join(cli, "dist", "arena.cjs")))(
  "the built cli without @arena/queue",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "arena-no-queue-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    for (const part of ["bin", "dist", "templates", "package.json"])
      cpSync(join(cli, part), join(dir, part), { recursive: true });
    mkdirSync(join(dir, "node_modules", "@arena"), { recursive: true });
    for (const name of readdirSync(join(cli, "node_modules"))) {
      if (name === "@arena") continue;
      symlinkSync(realpathSync(join(cli, "node_modules", name)), join(dir, "node_modules", name));
    }
    for (const name of readdirSync(join(cli, "node_modules", "@arena"))) {
      if (name === "queue") continue;
      const target = realpathSync(join(cli, "node_modules", "@arena", name));
      symlinkSync(target, join(dir, "node_modules", "@arena", name));
    }
    const arena = (...args: string[]) =>
      spawnSync(process.execPath, [join(dir, "bin", "arena.js"), ...args], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, ARENA_CODE_CACHE: "0" },
      });

    it("plays a match, and --redis and arena worker fail with one line naming what to install", () => {
      const played = arena("play", "moneyheist", "--quiet");
      expect(played.status, played.stderr).toBe(0);
      for (const argv of [
        ["worker", "--redis", "redis://127.0.0.1:1"],
        [
          "tournament",
          "moneyheist",
          "Demo",
          "Null",
          "A=Demo",
          "B=Null",
          "--seeds",
          "1",
          "--redis",
          "redis://127.0.0.1:1",
        ],
      ]) {
        const run = arena(...argv);
        expect(run.status).toBe(2);
        expect(run.stderr).toBe(
          "arena: --redis and 'arena worker' need @arena/queue (the job queue on Redis, with BullMQ), which @arena/cli leaves out: install it beside the cli (npm install @arena/queue)\n",
        );
      }
    });
  },
);
