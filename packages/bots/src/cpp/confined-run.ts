// Node-only: runs the compiler (and a freshly compiled player asked its name) confined: in a
// box that sees only the build folder and what it names readable, under the kernel's limits,
// within a wall-clock time and a size of output; says which limit a failed run hit.
import { spawn } from "node:child_process";
import type { ProcessLimits } from "../limits/process-limits";
import { withLimits } from "../limits/process-limits";
import { boxEnvironment, boxSignal, programRuntime } from "../sandbox/box";
import { type SandboxMode, sandboxed, usesBox } from "../sandbox/sandbox";

/** A limit a confined run went over. */
export type RunLimit = "memory" | "cpu" | "wall" | "output" | "file";

/** What a confined run gave. */
export interface RunResult {
  /** Exit code (null when killed by a signal). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** The program could not be started (ENOENT…). */
  error?: NodeJS.ErrnoException;
  /** The limit it went over, when it did. */
  limit?: RunLimit;
}

/** How a run is confined. */
export interface Confinement {
  /** The box (`"auto"`, `true`, `false`: see `SandboxMode`). */
  sandbox: SandboxMode | undefined;
  /** Its working folder (read-write in the box when listed in `writable`). */
  cwd: string;
  readable?: readonly string[];
  writable?: readonly string[];
  limits: ProcessLimits;
  /** Wall-clock time of the whole run (ms). */
  wallMs: number;
  /** Bytes of stdout plus stderr kept; more kills the run. */
  outputBytes: number;
  /** Devices of the box (`null`: only /dev/null, for the compiler). */
  devices?: "player" | "null";
  /** More environment (the compiler's `TMPDIR`). */
  env?: Record<string, string>;
}

/**
 * Which limit the signal that ended a failed run or its messages say it hit (g++, as, ld, clang,
 * the player's runtime).
 */
function limitFromMessages(stderr: string, signal: NodeJS.Signals | null): RunLimit | undefined {
  if (signal === "SIGXCPU" || /CPU time limit exceeded|Killed signal terminated/.test(stderr))
    return "cpu";
  if (signal === "SIGXFSZ" || /File size limit exceeded|File too large|EFBIG/.test(stderr))
    return "file";
  if (/out of memory|virtual memory exhausted|Cannot allocate memory|bad_alloc/.test(stderr))
    return "memory";
  return undefined;
}

/**
 * Runs `program args` confined as `how` says: its output (stdout, stderr) as text, its exit code,
 * and the limit it went over if it did (it is killed past the wall-clock time or the output's
 * size). Its stdin is /dev/null.
 */
export function runConfined(
  program: string,
  args: readonly string[],
  how: Confinement,
): Promise<RunResult> {
  const argv = [program, ...args];
  const boxed = usesBox(how.sandbox);
  const command = boxed
    ? sandboxed(argv, {
        cwd: how.cwd,
        readable: [...(how.readable ?? []), ...programRuntime(program, how.cwd)],
        writable: how.writable ?? [],
        scratchBytes: 1024 * 1024,
        limits: how.limits,
        devices: how.devices ?? "null",
      })
    : withLimits(argv, how.limits);
  const env = boxed ? boxEnvironment(how.env) : { ...process.env, ...how.env };
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: how.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let limit: RunLimit | undefined;
    const stop = (why: RunLimit) => {
      limit ??= why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop("wall"), how.wallMs);
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > how.outputBytes) stop("output");
      else into.push(chunk);
    };
    child.stdout!.on("data", collect(out));
    child.stderr!.on("data", collect(err));
    let error: NodeJS.ErrnoException | undefined;
    child.once("error", (e) => {
      error = e;
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString("utf8");
      // In the box, a program killed by a signal (SIGXCPU, SIGXFSZ) is bubblewrap's exit code.
      const killedBy = signal ?? (boxed ? boxSignal(code) : undefined) ?? null;
      const hit = limit ?? (code === 0 ? undefined : limitFromMessages(stderr, killedBy));
      resolve({
        code: error !== undefined ? null : code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr,
        ...(error !== undefined ? { error } : {}),
        ...(hit !== undefined ? { limit: hit } : {}),
      });
    });
  });
}
