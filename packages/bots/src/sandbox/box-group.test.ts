// The box's process group and scheduling: what runs in a box signals its own process group only
// (never arena's), and stays in arena's session (a session of its own would put it in another
// autogroup of the kernel's scheduler, which cost a C++ match 1.6× the CPU per round).
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { tempDir } from "../__fixtures__/helpers";
import { sandboxed, sandboxSupport } from "./sandbox";

const support = sandboxSupport();

/** Runs `script` in a box under a shell that stands for arena: what the shell printed after it. */
function underArena(script: string): Promise<string> {
  const box = sandboxed(["/bin/sh", "-c", script], { cwd: tempDir(), scratchBytes: 1 << 20 });
  const quoted = box.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(" ");
  // The stand-in for arena leads a process group of its own, as a command at a terminal does.
  const arena = spawn("/bin/sh", ["-c", `${quoted}; echo "arena survived"`], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  let out = "";
  arena.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve) => arena.once("close", () => resolve(out)));
}

describe.skipIf(!support.available)("a box's process group", () => {
  it("a program that signals its process group (kill 0) does not reach arena's", async () => {
    expect(await underArena("kill -KILL 0")).toContain("arena survived");
  });

  it("has no terminal to open: no keystrokes to push into arena's (TIOCSTI)", async () => {
    expect(await underArena("test -e /dev/tty || echo no tty")).toContain("no tty");
  });

  it("is in arena's session (the scheduler's group): not a session of its own", async () => {
    // Inside the box, its own /proc shows the box's processes only: the session id is the
    // outside one's only when it is arena's (a new session's id is a pid of the box).
    const out = await underArena("cut -d' ' -f6 /proc/self/stat");
    const inside = out.split("\n")[0];
    expect(inside).toBe("0");
  });
});
