// Node-only (Linux): running a bot's program under bubblewrap (`bwrap`).
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { ArenaError } from "@arena/core";

/** Whether `--sandbox` can be used here, and why not. */
export type SandboxSupport =
  | { readonly available: true; readonly bwrap: string }
  | { readonly available: false; readonly reason: string };

let cached: SandboxSupport | undefined;

function findOnPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(delimiter)) {
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Checks once whether bubblewrap is installed and can create the namespaces the sandbox uses
 * (some containers forbid user namespaces). The answer is cached for the process.
 */
export function sandboxSupport(): SandboxSupport {
  if (cached !== undefined) return cached;
  if (process.platform !== "linux") {
    cached = { available: false, reason: "the sandbox needs Linux (bubblewrap)" };
    return cached;
  }
  const bwrap = findOnPath("bwrap");
  if (bwrap === undefined) {
    cached = {
      available: false,
      reason: "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)",
    };
    return cached;
  }
  const probe = spawnSync(bwrap, [...sandboxArguments(process.cwd()), "true"], {
    encoding: "utf8",
    timeout: 10_000,
  });
  if (probe.status !== 0) {
    const why = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim();
    cached = {
      available: false,
      reason: `bubblewrap cannot create its namespaces here (${why.split("\n")[0]})`,
    };
    return cached;
  }
  cached = { available: true, bwrap };
  return cached;
}

/**
 * The bubblewrap options of the sandbox: new PID, network, IPC and UTS namespaces (no grandchild
 * outlives the match: the PID namespace dies with its first process; no network), the whole file
 * system read-only, private `/tmp`, `/dev/shm` and `/run`, a fresh `/proc` and a minimal `/dev`,
 * a new session (no terminal injection), and the sandbox killed when arena dies. `readable` paths
 * (and `cwd`) under the private directories are mounted back read-only.
 */
export function sandboxArguments(cwd: string, readable: readonly string[] = []): string[] {
  // What must stay visible under the private directories (a bot or engine file under /tmp),
  // read-only, mounted after them.
  const hidden = ["/tmp", "/dev/shm", "/run"];
  const binds: string[] = [];
  for (const path of new Set([...readable, cwd])) {
    if (hidden.some((dir) => path === dir || path.startsWith(`${dir}/`)) && existsSync(path)) {
      binds.push("--ro-bind", path, path);
    }
  }
  return [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    "--tmpfs",
    "/dev/shm",
    "--tmpfs",
    "/run",
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--new-session",
    "--die-with-parent",
    ...binds,
    "--chdir",
    cwd,
    "--",
  ];
}

/**
 * The command line that runs `argv` in the sandbox (`bwrap … -- argv`). Throws `ArenaError`
 * `NO_SANDBOX`, saying why, when bubblewrap is not usable here.
 */
export function sandboxed(
  argv: readonly string[],
  cwd: string,
  readable: readonly string[] = [],
): string[] {
  const support = sandboxSupport();
  if (!support.available) {
    throw new ArenaError("NO_SANDBOX", `--sandbox is not available: ${support.reason}`);
  }
  return [support.bwrap, ...sandboxArguments(cwd, readable), ...argv];
}
