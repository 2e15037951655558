import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CompiledKit, compileCppKit, compileCppPlayer, sandboxSupport } from "@arena/bots";
import { type AnyEngine, ArenaError } from "@arena/core";
import { playerCompileOptions } from "./bot-confinement";

/** Limits of one compilation of a C++ player. */
export interface CompileLimits {
  /** Wall time, seconds (default 60). */
  wallSeconds: number;
  /** CPU time, seconds (default 60). */
  cpuSeconds: number;
  /** Address space of the compiler, MiB (default 2048). */
  memoryMiB: number;
  /** Largest file it may write, MiB (default 256: a kit's precompiled header is ≈ 62 MiB). */
  outputMiB: number;
}

export const DEFAULT_COMPILE_LIMITS: CompileLimits = {
  wallSeconds: 60,
  cpuSeconds: 60,
  memoryMiB: 2048,
  outputMiB: 256,
};

/** Bytes of compile log kept. */
const LOG_LIMIT = 64 * 1024;

/** The outcome of a compilation. */
export type CompileOutcome =
  | { ok: true; log: string; cached: boolean; name: string }
  | { ok: false; log: string };

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The launcher a compilation runs the compiler through (a bash script written for it, given the
 * compiler's path and arguments): the compiler under `prlimit` (address space, CPU time, file
 * size, no core file) and `timeout`, inside bubblewrap where it can run — no network, a fresh
 * /tmp, only /usr and the build directory visible (the data folder, other players' sources and
 * binaries, /etc and /root are not there), the kits' compiled objects read-only — and every
 * message it prints also appended to `log`. A launcher, not the compiler: the cache key names the
 * compiler itself, so that a player is compiled once whatever script ran it, and the matches find
 * it in the cache (the script's own path, which changes with every compilation, was in the key).
 */
function launcherScript(cacheDir: string, log: string, limits: CompileLimits): string {
  const support = sandboxSupport();
  const limit = [
    "prlimit",
    `--as=${limits.memoryMiB * 1024 * 1024}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.outputMiB * 1024 * 1024}`,
    "--core=0",
    "--",
    "timeout",
    "-k",
    "2",
    String(limits.wallSeconds),
  ].join(" ");
  const box = support.available
    ? `${quote(support.bwrap)} --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin --proc /proc --dev /dev --tmpfs /tmp --unshare-all --new-session --die-with-parent "\${kits[@]}" --bind "$PWD" "$PWD" --chdir "$PWD" --`
    : "";
  return `#!/bin/bash
# Written by @arena/server for one compilation: the compiler ("$1") with limits${support.available ? ", in a sandbox" : ""}.
kits=()
for dir in ${quote(join(cacheDir, "cpp"))}/kit-*; do
  case "$dir" in *-build-*) ;; *) [ -d "$dir" ] && kits+=(--ro-bind "$dir" "$dir") ;; esac
done
err=$(mktemp)
${limit} ${box} "$@" 2>"$err"
code=$?
cat "$err" >&2
cat "$err" >> ${quote(log)}
rm -f "$err"
[ "$code" -eq 124 ] || [ "$code" -eq 137 ] && echo "the compiler was stopped: over the time limit of ${limits.wallSeconds} s" | tee -a ${quote(log)} >&2
exit $code
`;
}

/** Rewrites the build directories' paths out of a log and caps its length. */
function cleanLog(text: string, sourceName: string, shownAs: string): string {
  const cleaned = text
    .replace(/\/[^\s:'"]*\/(build|kit-[0-9a-f]+-build)-[A-Za-z0-9]+\//g, "")
    .split(sourceName)
    .join(shownAs);
  return cleaned.length > LOG_LIMIT
    ? `${cleaned.slice(0, LOG_LIMIT)}\n… (log cut at ${LOG_LIMIT} bytes)`
    : cleaned;
}

/**
 * Runs `compile` with a launcher script written for it in `workDir` (`launcherScript`), given the
 * script's path and its log's; `workDir` removed after.
 */
async function withLauncher<T>(
  options: { cacheDir: string; workDir: string; limits?: CompileLimits | undefined },
  compile: (script: string, log: string) => Promise<T>,
): Promise<T> {
  mkdirSync(options.workDir, { recursive: true });
  const log = join(options.workDir, "log");
  const script = join(options.workDir, "compile");
  try {
    writeFileSync(log, "");
    writeFileSync(
      script,
      launcherScript(options.cacheDir, log, options.limits ?? DEFAULT_COMPILE_LIMITS),
    );
    chmodSync(script, 0o755);
    return await compile(script, log);
  } finally {
    rmSync(options.workDir, { recursive: true, force: true });
  }
}

/**
 * Compiles the stored C++ player `file` (absolute) for `engine`'s kit with `limits`, keeping the
 * compiler's whole output as the log. A cached player (same source, kit and compiler) compiles
 * nothing. `workDir` holds the script and the log while it runs (removed after).
 */
export async function compileSubmission(
  engine: AnyEngine,
  file: string,
  options: { cacheDir: string; workDir: string; shownAs: string; limits?: CompileLimits },
): Promise<CompileOutcome> {
  if (engine.cpp === undefined) {
    return {
      ok: false,
      log: `${engine.title} has no C++ kit: submit a JS, TypeScript or Python player`,
    };
  }
  const kit = engine.cpp;
  const sourceName = file.split("/").pop()!;
  const header = sandboxSupport().available
    ? ""
    : `(compiled without a sandbox: ${(sandboxSupport() as { reason: string }).reason})\n`;
  return withLauncher(options, async (script, log) => {
    try {
      const compiled = await compileCppPlayer(
        kit,
        file,
        playerCompileOptions({
          launcher: script,
          cacheDir: options.cacheDir,
          shownAs: options.shownAs,
        }),
      );
      const text = cleanLog(readFileSync(log, "utf8"), sourceName, options.shownAs);
      const done = compiled.cached ? "compiled before: taken from the cache" : "compiled";
      return {
        ok: true,
        cached: compiled.cached,
        name: compiled.name,
        log: `${header}${text}${done} (player ${compiled.name})\n`,
      };
    } catch (error) {
      if (!(error instanceof ArenaError)) throw error;
      const text = cleanLog(readFileSync(log, "utf8"), sourceName, options.shownAs);
      const message = error.message.split("\n")[0]!.split(script).join("g++");
      return {
        ok: false,
        log: `${header}${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${message}\n`,
      };
    }
  });
}

/**
 * Compiles `engine`'s kit — the adapter's objects and its precompiled `Player.hh` — into the
 * cache entry its players link with, through the same launcher, box and limits as a submission
 * (`@arena/bots`' `compileCppKit`: the steps of a first player's compile, shared with a
 * submission's compile that starts while it runs). Undefined when the game has no C++ kit;
 * throws as that compile does (`NO_COMPILER` without g++, `CPP_KIT`).
 */
export async function compileKit(
  engine: AnyEngine,
  options: { cacheDir: string; workDir: string; limits?: CompileLimits | undefined },
): Promise<CompiledKit | undefined> {
  const kit = engine.cpp;
  if (kit === undefined) return undefined;
  return withLauncher(options, (script) =>
    compileCppKit(
      kit,
      playerCompileOptions({ launcher: script, cacheDir: options.cacheDir, shownAs: engine.title }),
    ),
  );
}
