import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CPU_TICK_MS, ProcessUsageReader } from "./process-usage";

const onLinux = existsSync("/proc/self/stat");

/** The same fields, read the plain way (split on spaces after the last ')'). */
function reference(pid: number): { cpuMs: number; rssBytes: number } {
  const text = readFileSync(`/proc/${pid}/stat`, "latin1");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const field = (n: number) => Number(fields[n - 3]);
  return {
    cpuMs: (field(14) + field(15) + field(16) + field(17)) * CPU_TICK_MS,
    rssBytes: field(24) * 4096,
  };
}

describe.skipIf(!onLinux)("ProcessUsageReader", () => {
  it("reads the CPU time and resident size of a process as /proc/<pid>/stat gives them", async () => {
    // A sleeping process: its fields do not change between the two readings.
    const child = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      // Until exec has replaced the forked node and `sleep` is asleep, its fields change.
      const until = Date.now() + 5000;
      const settled = () =>
        readFileSync(`/proc/${child.pid}/stat`, "latin1").includes("(sleep) S") &&
        reference(child.pid!).rssBytes > 0;
      while (!settled() && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const reader = new ProcessUsageReader(child.pid!, true);
      const usage = reader.read()!;
      reader.close();
      const expected = reference(child.pid!);
      expect(usage.cpuMs).toBe(expected.cpuMs);
      expect(usage.rssBytes).toBe(expected.rssBytes);
      expect(usage.rssBytes).toBeGreaterThan(0);
      expect(usage.processes).toBe(1);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("counts this process's CPU time to within a tick of process.cpuUsage()", () => {
    // Burn 60 ms of CPU time so that there is something to count.
    const cpu = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const start = cpu();
    while (cpu() - start < 60) {
      // burn
    }
    // The reader also counts the children this process has reaped (fields 16–17: a test worker
    // runs other files' tests, which start processes); process.cpuUsage() does not. Nothing is
    // reaped during this synchronous check (only the event loop waits for children).
    const stat = readFileSync("/proc/self/stat", "latin1");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const reaped = (Number(fields[16 - 3]) + Number(fields[17 - 3])) * CPU_TICK_MS;
    const reader = new ProcessUsageReader(process.pid, false);
    const before = cpu();
    const read = reader.read()!.cpuMs;
    const after = cpu();
    reader.close();
    // /proc counts in ticks of 10 ms, rounded down per field (four of them).
    expect(read).toBeGreaterThan(before + reaped - 5 * CPU_TICK_MS);
    expect(read).toBeLessThanOrEqual(after + reaped + CPU_TICK_MS);
  });

  it("reads nothing for a process that is gone", () => {
    const reader = new ProcessUsageReader(2 ** 22 + 1, true);
    expect(reader.available).toBe(false);
    expect(reader.read()).toBeUndefined();
  });
});
