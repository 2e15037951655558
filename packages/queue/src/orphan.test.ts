// A worker killed with SIGKILL leaves its BullMQ children behind: each must end by itself. The
// case that did not: a child busy with a match when its parent died sends the result, the send
// fails with EPIPE, and BullMQ's `uncaughtException` handler answers with another send, for
// ever (found as orphans spinning on a core with gigabytes of heap after the queue tests).
// BullMQ's own child (`main.js`) runs the real processor's guards (`dist/processor.js`).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadScaled } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { isAlive, stopProcess, waitUntilEnded } from "./test-redis";

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

describe("a worker's sandboxed child", () => {
  it(
    "ends by itself when its parent is killed mid-job (its result's send fails with EPIPE)",
    async () => {
      const parent = spawn(
        process.execPath,
        [fixture("orphan-parent.mjs"), fixture("blocking-processor.mjs")],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      let child: number | undefined;
      try {
        child = await new Promise<number>((resolve, reject) => {
          let seen = "";
          parent.stdout.on("data", (chunk: Buffer) => {
            seen += chunk.toString();
            const started = /started (\d+)/.exec(seen);
            if (started !== null) resolve(Number(started[1]));
          });
          parent.once("exit", (code) => reject(new Error(`the parent exited (${code}) first`)));
        });
        await stopProcess(parent, "SIGKILL");
        // Without the guard it never ends (it spins until killed).
        await waitUntilEnded([child]);
        expect(isAlive(child)).toBe(false);
      } finally {
        await stopProcess(parent, "SIGKILL");
        if (child !== undefined && isAlive(child)) process.kill(child, "SIGKILL");
      }
    },
    loadScaled(120_000),
  );
});
