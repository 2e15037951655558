// Node-only (Linux): whether the box (bubblewrap) can run here, and which mode a bot runs in.
import { spawnSync } from "node:child_process";
import { ArenaError } from "@arena/core";
import { type BoxSpec, boxCommand, boxEnvironment, findProgram } from "./box";

/** Whether the box can be used here (with the paths of `bwrap` and `prlimit`), and why not. */
export type SandboxSupport =
  | { readonly available: true; readonly bwrap: string; readonly prlimit: string }
  | { readonly available: false; readonly reason: string };

/**
 * How a bot process runs: `true` in the box (an error where it cannot run), `false` without it
 * (trusted code: `--trust`), `"auto"` in the box wherever it can run (the default).
 */
export type SandboxMode = boolean | "auto";

let cached: SandboxSupport | undefined;

/** Why the box cannot run, or the paths of its programs: probed once. */
function probe(): SandboxSupport {
  if (process.platform !== "linux") {
    return { available: false, reason: "the box needs Linux (bubblewrap)" };
  }
  const bwrap = findProgram("bwrap");
  if (bwrap === undefined) {
    return {
      available: false,
      reason: "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)",
    };
  }
  const prlimit = findProgram("prlimit");
  if (prlimit === undefined) {
    return {
      available: false,
      reason: "prlimit is not installed (Debian/Ubuntu: apt-get install util-linux)",
    };
  }
  if (findProgram("setpriv") === undefined) {
    return {
      available: false,
      reason: "setpriv is not installed (Debian/Ubuntu: apt-get install util-linux)",
    };
  }
  if (findProgram("timeout") === undefined) {
    return {
      available: false,
      reason: "timeout is not installed (Debian/Ubuntu: apt-get install coreutils)",
    };
  }
  const spec: BoxSpec = { cwd: "/", scratchBytes: 1024 * 1024, limits: { openFiles: 64 } };
  const [program, ...args] = boxCommand(bwrap, ["true"], spec);
  const result = spawnSync(program!, args, {
    encoding: "utf8",
    timeout: 10_000,
    env: boxEnvironment(),
  });
  if (result.status !== 0) {
    const why = (result.stderr || result.error?.message || `exit ${result.status}`).trim();
    return {
      available: false,
      reason: `bubblewrap cannot create its namespaces here (${why.split("\n")[0]})`,
    };
  }
  return { available: true, bwrap, prlimit };
}

/**
 * Checks once whether bubblewrap (and util-linux's prlimit) is installed and can create the
 * box's namespaces here (some containers forbid user namespaces). Cached for the process.
 */
export function sandboxSupport(): SandboxSupport {
  cached ??= probe();
  return cached;
}

/**
 * Whether a bot in `mode` runs in the box: `true` demands it (`ArenaError("NO_SANDBOX")`, saying
 * why, where it cannot run), `"auto"` takes it where it can run, `false` never.
 */
export function usesBox(mode: SandboxMode | undefined): boolean {
  const wanted = mode ?? "auto";
  if (wanted === false) return false;
  const support = sandboxSupport();
  if (support.available) return true;
  if (wanted === "auto") return false;
  throw new ArenaError("NO_SANDBOX", `--sandbox is not available: ${support.reason}`);
}

/** The one-line warning for a command whose bots run without the box because it cannot run here. */
export function noSandboxWarning(): string | undefined {
  const support = sandboxSupport();
  if (support.available) return undefined;
  return `bots run without their box (${support.reason}): they may use the network and read your files; install bubblewrap, or pass --trust to say you trust them`;
}

/**
 * The command line that runs `argv` in the box described by `spec`. Throws `ArenaError`
 * `NO_SANDBOX`, saying why, when the box cannot run here.
 */
export function sandboxed(argv: readonly string[], spec: BoxSpec): string[] {
  const support = sandboxSupport();
  if (!support.available) {
    throw new ArenaError("NO_SANDBOX", `--sandbox is not available: ${support.reason}`);
  }
  return boxCommand(support.bwrap, argv, spec);
}
