// The documented limits of --in-process (trusted code), shown in a child process: an endless loop
// hangs the match, process.exit ends arena mid-match. See the hostile-bot matrix in the README.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, tempDir } from "../__fixtures__/helpers";

function run(attack: string, replay: string): { child: ChildProcess; out: () => string } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fixture("in-process-hostile.ts"), attack, replay],
    { cwd: fixture("."), stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  return { child, out: () => out };
}

describe("a hostile bot with --in-process (trusted code)", () => {
  it("process.exit ends arena at once with exit code 0: no result, the replay left unfinished", async () => {
    const replay = join(tempDir(), "exit.arena");
    const { child, out } = run("Exit", replay);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    // Steps 1–3 were played (the attack is at round 3); the match never ended.
    expect(out()).toBe("step 1\nstep 2\nstep 3\n");
    expect(existsSync(replay)).toBe(false);
    expect(existsSync(`${replay}.partial`)).toBe(true);
  }, 60_000);

  it("an endless loop hangs the match: nothing stops it", async () => {
    const { child, out } = run("Loop", join(tempDir(), "loop.arena"));
    try {
      // Wait until it reached the attack (steps 1–3 printed), then give it 2 s more: the loop
      // never ends, so no step can follow, however fast the machine.
      const until = Date.now() + 50_000;
      while (!out().includes("step 3\n") && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(out()).toBe("step 1\nstep 2\nstep 3\n");
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(out()).toBe("step 1\nstep 2\nstep 3\n");
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }, 60_000);
});
