// Node-only: compiles a student's C++ player against a game's compatibility kit, with a cache.
import { createHash } from "node:crypto";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { basename, delimiter, dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ArenaError, type CppKit } from "@arena/core";
import {
  COMPILE_OUTPUT_BYTES,
  COMPILE_WALL_MS,
  COMPILER_LIMITS,
  cppPlayerLimits,
} from "../limits/bot-limits";
import type { ProcessLimits } from "../limits/process-limits";
import type { SandboxMode } from "../sandbox/sandbox";
import { type RunLimit, type RunResult, runConfined } from "./confined-run";
import { missingKitNameError, missingKitNames } from "./missing-kit-name";

/**
 * The flags every player and adapter are compiled with. The original kits' Makefiles are not
 * part of the spec; C++17 at -O2 compiles every C++11/14 player and is what Jutge-era g++ does
 * by default at that level. Assertions stay on (students rely on them aborting).
 */
export const CPP_FLAGS: readonly string[] = ["-std=c++17", "-O2"];

/**
 * The kit header a player includes first, as the original template's first line does
 * (`#include "Player.hh"`): the one precompiled (`CompileOptions.precompiledHeader`).
 */
export const PLAYER_HEADER = "Player.hh";

/** Compiler messages kept in a compile error. */
const ERROR_LINES = 12;

/** Options of `compileCppPlayer`. */
export interface CompileOptions {
  /** The compiler (default: `$ARENA_CXX`, else `g++` on the PATH). */
  compiler?: string;
  /** The cache directory (default: `cppCacheDirectory()`). */
  cacheDir?: string;
  /** The path shown in messages (default: the file as given). */
  shownAs?: string;
  /**
   * The directory of the headers every game's kit shares (default: `cppSharedDirectory()`, the
   * `cpp/` directory shipped with @arena/core). Tests point it at a copy.
   */
  sharedDir?: string;
  /**
   * The compiler's box (`"auto"`, default: wherever it can run; it then sees the build folder,
   * the kit's objects and the system's headers only): see `SandboxMode`. Its limits apply in
   * every mode.
   */
  sandbox?: SandboxMode;
  /**
   * The compiler's limits (default: the toolchain's, `COMPILER_LIMITS` for g++ and Debian's clang;
   * `COMPILE_WALL_MS`, `COMPILE_OUTPUT_BYTES`).
   */
  compileLimits?: CompileLimits;
  /**
   * A command the compiler is started through, as CMake's compiler launcher: its words, then the
   * compiler's path and arguments (e.g. a script that applies limits and keeps every message).
   * It must run the compiler as given: it is not part of the cache key, so a player compiled
   * through it is the one `compileCppPlayer` without it finds in the cache.
   */
  launcher?: readonly string[];
  /**
   * Precompile the kit's `Player.hh` (`PLAYER_HEADER`) once per kit, into the kit's cache entry,
   * and compile players with it: g++ then loads the header's parsed state instead of parsing the
   * kit's and the standard library's headers again (about a third of the CPU time of a typical
   * player's compile). The same object code; a player that does not include it first, or defines
   * a macro it uses before, is compiled from the header as before (g++'s own check). Costs one
   * precompilation per kit (about twice a player's compile, ≈ 65 MB on disk): worth it where
   * many players of one kit are compiled (a server). Default false.
   */
  precompiledHeader?: boolean;
}

/** The limits of a compilation: the kernel's (each compiler process), its wall time, its messages. */
export interface CompileLimits {
  limits?: ProcessLimits;
  wallMs?: number;
  outputBytes?: number;
}

/** A compiled player. */
export interface CompiledPlayer {
  /** Absolute path of the executable. */
  binary: string;
  /** The name the player registered (`PLAYER_NAME`). */
  name: string;
  /** True when it came from the cache (nothing was compiled). */
  cached: boolean;
  /**
   * The cache key (hex), a hash of the source, the kit, the shared headers, the flags and the
   * compiler version.
   */
  key: string;
}

/**
 * The directory where compiled players are cached: `$ARENA_CACHE_DIR` if set (tests), else
 * `$XDG_CACHE_HOME/arena`, else `~/.cache/arena`.
 */
export function cppCacheDirectory(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  if (env.ARENA_CACHE_DIR) return env.ARENA_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "arena");
  return join(homedir(), ".cache", "arena");
}

/** What a compilation that went over a limit did, for its error (`defaults`: the toolchain's). */
function limitText(limit: RunLimit, limits: CompileLimits, defaults: ProcessLimits): string {
  const kernel = limits.limits ?? defaults;
  const mib = (bytes: number | undefined) => `${Math.round((bytes ?? 0) / 2 ** 20)} MiB`;
  switch (limit) {
    case "memory":
      return kernel.addressSpaceBytes !== undefined
        ? `the compiler went over its memory limit (${mib(kernel.addressSpaceBytes)} of address space)`
        : `the compiler went over its memory limit (${mib(kernel.dataBytes)} of data)`;
    case "cpu":
      return `the compiler went over its time limit (${Math.round((kernel.cpuMs ?? 0) / 1000)} s of CPU time)`;
    case "file":
      return `the compiler's output went over its size limit (${mib(kernel.fileSizeBytes)} a file)`;
    case "output":
      return `the compiler printed more than ${mib(limits.outputBytes ?? COMPILE_OUTPUT_BYTES)} of messages`;
    case "wall":
      return `the compiler took more than ${Math.round((limits.wallMs ?? COMPILE_WALL_MS) / 1000)} s of wall-clock time`;
  }
}

/**
 * Runs a compiler (every toolchain's: g++, Debian's clang, the Node process of @yowasp/clang)
 * confined (`runConfined`) in `buildDir`, its only writable folder, seeing `readable` besides it
 * and the system's folders, with `options.compileLimits` or else `defaults` (the toolchain's);
 * through `options.launcher` when there is one.
 */
export const runCompiler = (
  compiler: string,
  args: readonly string[],
  buildDir: string,
  readable: readonly string[],
  options: CompileOptions,
  defaults: ProcessLimits = COMPILER_LIMITS,
): Promise<RunResult> =>
  runConfined(options.launcher?.[0] ?? compiler, launched(compiler, args, options.launcher), {
    sandbox: options.sandbox,
    cwd: buildDir,
    readable,
    writable: [buildDir],
    limits: options.compileLimits?.limits ?? defaults,
    wallMs: options.compileLimits?.wallMs ?? COMPILE_WALL_MS,
    outputBytes: options.compileLimits?.outputBytes ?? COMPILE_OUTPUT_BYTES,
    // Its temporary files in the build folder (on disk, under its file-size limit).
    env: { TMPDIR: buildDir },
  });

/** The result of running a compiler (`limit`: the limit it went over, if any). */
export type { RunResult } from "./confined-run";

/** The arguments of a compiler run: `args`, or the launcher's words, the compiler and `args`. */
function launched(
  compiler: string,
  args: readonly string[],
  launcher: readonly string[] | undefined,
): readonly string[] {
  if (launcher === undefined || launcher.length === 0) return args;
  // The executable the cache key names, not another one the launcher's PATH might find.
  return [...launcher.slice(1), findExecutable(compiler) ?? compiler, ...args];
}

/** The executable `command` names: a path as given, else the first match on the PATH. */
export function findExecutable(command: string): string | undefined {
  const candidates = command.includes("/")
    ? [command]
    : (process.env.PATH ?? "").split(delimiter).map((dir) => join(dir || ".", command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not there: the next one.
    }
  }
  return undefined;
}

/**
 * The identity of the compiler `command` for the cache keys, without starting it (a cache hit
 * costs no compiler start): the executable it resolves to, its size and modification time (an
 * upgrade changes them). Undefined when there is no such executable.
 */
export function compilerIdentity(command: string): string | undefined {
  const found = findExecutable(command);
  if (found === undefined) return undefined;
  const real = realpathSync(found);
  const { size, mtimeMs } = statSync(real);
  return `${real}\0${size}\0${Math.round(mtimeMs)}`;
}

/** The g++ compiler's identity (`compilerIdentity`), or `NO_COMPILER` saying how to install it. */
function compilerVersion(compiler: string): string {
  const identity = compilerIdentity(compiler);
  if (identity === undefined) {
    throw new ArenaError(
      "NO_COMPILER",
      `C++ players need g++, the GNU C++ compiler, and '${compiler}' was not found: install it (Debian/Ubuntu: apt-get install g++) or set ARENA_CXX to a g++ compiler`,
    );
  }
  return identity;
}

const moduleUrl = import.meta.url;
let sharedDirectory: string | undefined;

/**
 * The directory of the C++ headers every game's kit includes (`arena-io.hh`: the transport and
 * the adapter main; `Registry.hh`, `arena-std.hh`, `arena-lcg31.hh`): `cpp/` in @arena/bots'
 * package, found from this module (`dist/` when built, `src/cpp/` under the tests).
 */
export function cppSharedDirectory(): string {
  if (sharedDirectory === undefined) {
    const candidates = ["../cpp/", "../../cpp/"].map((up) => fileURLToPath(new URL(up, moduleUrl)));
    sharedDirectory = candidates.find((dir) => existsSync(join(dir, "arena-io.hh")));
    if (sharedDirectory === undefined) {
      throw new ArenaError(
        "CPP_KIT",
        `@arena/bots' C++ headers are missing (looked in ${candidates.join(" and ")}): reinstall @arena/bots`,
      );
    }
  }
  return sharedDirectory;
}

/** The headers (and adapter `sources`) of `directory`, sorted by name, as [name, content]. */
function sourceFiles(directory: string, sources: readonly string[]): Array<[string, Buffer]> {
  return readdirSync(directory)
    .filter((name) => /\.(hh|h|hpp)$/.test(name) || sources.includes(name))
    .sort()
    .map((name) => [name, readFileSync(join(directory, name))]);
}

/**
 * Everything compiled with a player: the shared headers, then the kit's files, as
 * [name, content]. A kit may not ship a file named like a shared one (it would hide it).
 */
function kitFiles(kitDir: string, sharedDir: string, sources: readonly string[]) {
  const shared = sourceFiles(sharedDir, []);
  const own = sourceFiles(kitDir, sources);
  for (const [name] of own) {
    if (shared.some(([known]) => known === name)) {
      throw new ArenaError(
        "CPP_KIT",
        `the C++ kit in ${kitDir} has its own ${name}, which @arena/bots' shared headers provide: remove it from the kit`,
      );
    }
  }
  return { shared, own };
}

/** The first messages of a failed compilation, with the build directory shown as the user's file. */
function firstMessages(stderr: string, buildDir: string, source: string, shownAs: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.split(join(buildDir, source)).join(shownAs).split(`${buildDir}/`).join(""))
    .filter((line) => line.trim() !== "");
  const kept = lines.slice(0, ERROR_LINES);
  if (lines.length > kept.length) kept.push(`… (${lines.length - kept.length} more lines)`);
  return kept.join("\n");
}

/** Writes `files` (paths relative to `dir`, folders made as needed). */
function writeFiles(dir: string, files: ReadonlyArray<[string, Buffer]>): void {
  for (const [name, content] of files) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/**
 * How a player is built: g++ for a native executable (`gxxToolchain`), or clang for a
 * WebAssembly module (`wasmToolchain`). Its steps run in a build directory holding copies of the
 * kit, the shared headers, its own `files` and the player's source.
 */
export interface Toolchain {
  /** Everything about it that changes what it builds (compiler banner and target, flags): hashed. */
  readonly identity: string;
  /** How a compile error names it, e.g. `g++ -std=c++17 -O2`. */
  readonly shown: string;
  /** Its folder in the cache directory (`cpp`, `cpp-wasm`). */
  readonly folder: string;
  /** The built player's file name in its cache entry (`player`, `player.wasm`). */
  readonly output: string;
  /** More files of the build directory (a path relative to it, the content): hashed too. */
  readonly files: ReadonlyArray<[string, Buffer]>;
  /**
   * The kernel's limits of each of its compiler's processes when the build's options give none
   * (default `COMPILER_LIMITS`).
   */
  readonly limits?: ProcessLimits;
  /**
   * Compiles `source` (in `dir`) into the object file `object`, seeing `readable` too, confined
   * as `how` says (its box: `how.sandbox`; its limits: `how.compileLimits`, else the toolchain's).
   */
  compile(
    dir: string,
    source: string,
    object: string,
    how: CompileOptions,
    readable?: readonly string[],
  ): Promise<RunResult>;
  /**
   * Precompiles `header` (in `dir`) into `output` (g++'s `.gch`), which `compile` then reads in
   * place of the header when it lies beside it, confined as `how` says. Absent: no precompiled
   * header.
   */
  precompile?(dir: string, header: string, output: string, how: CompileOptions): Promise<RunResult>;
  /** Links `objects` (paths) into `output` (in `dir`), confined as `how` says. */
  link(
    dir: string,
    objects: readonly string[],
    output: string,
    how: CompileOptions,
  ): Promise<RunResult>;
  /** The PLAYER_NAME a built player registered, or why there is none (a first message). */
  name(path: string, how: CompileOptions): Promise<{ name: string } | { error: string }>;
  /**
   * The error of a failed compile or link (its whole `stderr`, the `messages` kept, the player
   * as shown) when it says more than `CPP_COMPILE` does (e.g. a feature WebAssembly lacks).
   */
  explain?(stderr: string, messages: string, shownAs: string): ArenaError | undefined;
}

/**
 * g++ (or `compiler`) building native players with `CPP_FLAGS`, in the box with the compiler's
 * limits (each step's `how.sandbox`, `how.compileLimits`): each step sees its build folder and
 * the kit's objects only; a fresh player's `--name` runs as a player does (its box, its limits).
 */
export function gxxToolchain(compiler: string): Toolchain {
  const version = compilerVersion(compiler);
  return {
    identity: `${version}\0${CPP_FLAGS.join(" ")}`,
    shown: `${compiler} ${CPP_FLAGS.join(" ")}`,
    folder: "cpp",
    output: "player",
    files: [],
    compile: (dir, source, object, how, readable = []) =>
      runCompiler(compiler, [...CPP_FLAGS, "-c", source, "-o", object], dir, readable, how),
    // The same flags as the players': g++ uses a precompiled header only with them.
    precompile: (dir, header, output, how) =>
      runCompiler(compiler, [...CPP_FLAGS, "-x", "c++-header", header, "-o", output], dir, [], how),
    link: (dir, objects, output, how) =>
      runCompiler(
        compiler,
        [...CPP_FLAGS, ...objects, "-o", output],
        dir,
        objects.filter((object) => isAbsolute(object)),
        how,
      ),
    async name(path, how) {
      // The student's code runs here for the first time.
      const named = await runConfined(path, ["--name"], {
        sandbox: how.sandbox,
        cwd: dirname(path),
        readable: [path],
        limits: cppPlayerLimits(1024),
        wallMs: 10_000,
        outputBytes: 64 * 1024,
        devices: "player",
      });
      const name = named.stdout.trim();
      if (named.code === 0 && name !== "") return { name };
      return { error: named.stderr.trim().split("\n")[0] ?? "" };
    },
  };
}

/**
 * The kit's sources (the adapter `main`) compiled to objects, once per kit and toolchain
 * (`entry`, a cache directory published whole): their absolute paths. Compiled beside copies of
 * the kit and the shared headers, as the player is, confined as `how` says.
 */
async function compileKit(
  toolchain: Toolchain,
  kit: CppKit,
  files: ReadonlyArray<[string, Buffer]>,
  entry: string,
  how: CompileOptions,
): Promise<string[]> {
  const objects = kit.sources.map((name) => join(entry, `${name}.o`));
  if (objects.every((object) => existsSync(object))) return objects;
  const buildDir = mkdtempSync(`${entry}-build-`);
  try {
    writeFiles(buildDir, files);
    for (const name of kit.sources) {
      const result = await toolchain.compile(buildDir, name, `${name}.o`, how);
      if (result.code !== 0) {
        throw new ArenaError(
          "CPP_KIT",
          `the C++ kit's ${name} does not compile (${toolchain.shown}):\n${firstMessages(result.stderr, buildDir, name, name)}`,
        );
      }
    }
    for (const entryName of readdirSync(buildDir)) {
      if (!entryName.endsWith(".o")) rmSync(join(buildDir, entryName), { recursive: true });
    }
    try {
      renameSync(buildDir, entry);
    } catch {
      // A concurrent compile of the same kit won the race: its objects are the same.
      if (!objects.every((object) => existsSync(object))) {
        throw new ArenaError("CPP_KIT", `cannot write the cache ${entry}`);
      }
    }
    return objects;
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/**
 * The kit's precompiled `PLAYER_HEADER` in its cache entry `entry` (made once, beside the kit's
 * objects, published by a rename), or undefined: the toolchain makes none, the kit has no such
 * header, or it does not precompile (players are then compiled from the header, as without it).
 */
async function precompiledHeader(
  toolchain: Toolchain,
  files: ReadonlyArray<[string, Buffer]>,
  entry: string,
  how: CompileOptions,
): Promise<string | undefined> {
  if (toolchain.precompile === undefined || !files.some(([name]) => name === PLAYER_HEADER)) {
    return undefined;
  }
  const output = join(entry, `${PLAYER_HEADER}.gch`);
  if (existsSync(output)) return output;
  const buildDir = mkdtempSync(`${entry}-build-`);
  try {
    writeFiles(buildDir, files);
    const result = await toolchain.precompile(buildDir, PLAYER_HEADER, `${PLAYER_HEADER}.gch`, how);
    if (result.code !== 0) return undefined;
    renameSync(join(buildDir, `${PLAYER_HEADER}.gch`), output);
    return output;
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/**
 * The kit's precompiled `header`, when there is one, linked into a player's `buildDir` beside the
 * copy of the header, where g++ looks for it first: what the compile must read besides the build
 * folder (nothing, or the kit's `.gch`).
 */
function linkedHeader(header: string | undefined, buildDir: string): string[] {
  if (header === undefined) return [];
  symlinkSync(header, join(buildDir, `${PLAYER_HEADER}.gch`));
  return [header];
}

/**
 * The hash of everything compiled with a player but the player (the toolchain, the shared
 * headers, the kit's files): its digest is the kit's own key (`kit-<key>`: its compiled sources
 * are shared by every player of the game); the player's key continues it with the source.
 */
function kitHash(
  toolchain: Toolchain,
  kit: CppKit,
  shared: ReadonlyArray<[string, Buffer]>,
  own: ReadonlyArray<[string, Buffer]>,
) {
  const hash = createHash("sha256");
  hash.update(`arena-cpp 2\0${toolchain.identity}\0${kit.sources.join(" ")}\0`);
  for (const [part, list] of [
    ["core", shared],
    ["kit", own],
    ["toolchain", toolchain.files],
  ] as const) {
    for (const [name, content] of list) {
      hash.update(`${part}/${name}\0${content.length}\0`);
      hash.update(content);
    }
  }
  return hash;
}

/**
 * What building a kit's players reads and writes: the files copied into a build folder (shared
 * headers, the kit's, the toolchain's), the hash of them (`kitHash`), the toolchain's folder of
 * the cache and the kit's entry in it.
 */
function kitBuild(toolchain: Toolchain, kit: CppKit, options: CompileOptions) {
  const kitDir = fileURLToPath(kit.directory);
  const { shared, own } = kitFiles(kitDir, options.sharedDir ?? cppSharedDirectory(), kit.sources);
  const hash = kitHash(toolchain, kit, shared, own);
  const cacheDir = join(options.cacheDir ?? cppCacheDirectory(), toolchain.folder);
  return {
    files: [...shared, ...own, ...toolchain.files],
    hash,
    cacheDir,
    kitEntry: join(cacheDir, `kit-${hash.copy().digest("hex")}`),
  };
}

/**
 * The kit compiles running in this process, by their cache entry (with what they make: `objects`
 * or `header`): a second compile of the same kit while one runs (a server's warm-up and a
 * submission, two players of a tournament) waits for it instead of compiling the kit again.
 */
const kitsInFlight = new Map<string, Promise<unknown>>();

/** `make()`, or the same step of the same kit already running in this process (`kitsInFlight`). */
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  const running = kitsInFlight.get(key);
  if (running !== undefined) return running as Promise<T>;
  const started = make().finally(() => kitsInFlight.delete(key));
  kitsInFlight.set(key, started);
  return started;
}

/**
 * The kit's objects and, when `options.precompiledHeader` asks for it, its precompiled header
 * (undefined when none is made), compiled once per kit (`once`) into its cache entry.
 */
async function readyKit(
  toolchain: Toolchain,
  kit: CppKit,
  build: ReturnType<typeof kitBuild>,
  options: CompileOptions,
): Promise<{ objects: string[]; header: string | undefined }> {
  const { files, kitEntry } = build;
  mkdirSync(build.cacheDir, { recursive: true });
  const objects = await once(`objects\0${kitEntry}`, () =>
    compileKit(toolchain, kit, files, kitEntry, options),
  );
  const header = options.precompiledHeader
    ? await once(`header\0${kitEntry}`, () =>
        precompiledHeader(toolchain, files, kitEntry, options),
      )
    : undefined;
  return { objects, header };
}

/** A game's kit compiled (`compileCppKit`). */
export interface CompiledKit {
  /** Its cache entry (absolute): its objects and precompiled header. */
  entry: string;
  /** The precompiled header when one was asked for and made. */
  header?: string;
  /** False when everything asked for was in the cache already (nothing was compiled). */
  compiled: boolean;
}

/**
 * Compiles a game's kit — the adapter's objects and, with `precompiledHeader`, its precompiled
 * `Player.hh` — into the cache entry every player of the game links with, as the first player's
 * compile would (the same steps, the same entry: `compileCppPlayer` then compiles only the
 * player), or finds it there. A server calls it ahead of the first submission. Throws as
 * `compileCppPlayer` does for the kit (`NO_COMPILER`, `CPP_KIT`).
 */
export async function compileCppKit(
  kit: CppKit,
  options: CompileOptions = {},
): Promise<CompiledKit> {
  const toolchain = gxxToolchain(options.compiler ?? process.env.ARENA_CXX ?? "g++");
  const build = kitBuild(toolchain, kit, options);
  const { kitEntry } = build;
  const wanted = [
    ...kit.sources.map((name) => join(kitEntry, `${name}.o`)),
    ...(options.precompiledHeader ? [join(kitEntry, `${PLAYER_HEADER}.gch`)] : []),
  ];
  const cached = wanted.every((file) => existsSync(file));
  const { header } = await readyKit(toolchain, kit, build, options);
  return { entry: kitEntry, ...(header !== undefined ? { header } : {}), compiled: !cached };
}

/**
 * Compiles the C++ player `file` with the game's compatibility headers and adapter `main` (the
 * kit) and the shared headers, or takes it from the cache: the key hashes the player's source,
 * every kit file, every shared header, the flags and the compiler version, so a tournament
 * compiles each player once. Throws `ArenaError`: `NO_COMPILER` when g++ is absent,
 * `CPP_COMPILE` with the compiler's first messages, `CPP_KIT` when the kit or the shared
 * headers are broken, `BAD_BOT` when the file is missing or registers no player.
 */
export async function compileCppPlayer(
  kit: CppKit,
  file: string,
  options: CompileOptions = {},
): Promise<CompiledPlayer> {
  if (!existsSync(file)) {
    throw new ArenaError("BAD_BOT", "no such C++ player", { file: options.shownAs ?? file });
  }
  const compiler = options.compiler ?? process.env.ARENA_CXX ?? "g++";
  return buildCppPlayer(gxxToolchain(compiler), kit, file, options);
}

/**
 * Builds the C++ player `file` with `toolchain` (see `compileCppPlayer`), or takes it from the
 * toolchain's folder of the cache.
 */
export async function buildCppPlayer(
  toolchain: Toolchain,
  kit: CppKit,
  file: string,
  options: CompileOptions = {},
): Promise<CompiledPlayer> {
  const shownAs = options.shownAs ?? file;
  if (!existsSync(file)) throw new ArenaError("BAD_BOT", "no such C++ player", { file: shownAs });
  const source = readFileSync(file);
  const build = kitBuild(toolchain, kit, options);
  const { files, cacheDir } = build;
  const key = build.hash.update(source).digest("hex");
  const entry = join(cacheDir, key);
  const binary = join(entry, toolchain.output);
  const nameFile = join(entry, "name");
  if (existsSync(binary) && existsSync(nameFile)) {
    return { binary, name: readFileSync(nameFile, "utf8"), cached: true, key };
  }

  mkdirSync(cacheDir, { recursive: true });
  const buildDir = mkdtempSync(join(cacheDir, "build-"));
  try {
    // The player is compiled from a copy beside copies of the kit and the shared headers (exactly
    // the bytes hashed), so that `#include "Player.hh"` finds these headers even when the
    // original kit's headers sit beside the student's file.
    const sourceName = /\.(cc|cpp)$/i.test(file) ? basename(file) : `${basename(file)}.cc`;
    writeFiles(buildDir, files);
    if (files.some(([name]) => name === sourceName)) {
      throw new ArenaError(
        "BAD_BOT",
        `a C++ player may not be named like a file of the kit (${sourceName}): rename it AI<Name>.cc`,
        { file: shownAs },
      );
    }
    writeFileSync(join(buildDir, sourceName), source);
    // The player compiled alone, then linked with the kit's objects (compiled once per kit:
    // the same translation units and flags as one `g++ player.cc arena-main.cc` call).
    const ready = await readyKit(toolchain, kit, build, options);
    const header = linkedHeader(ready.header, buildDir);
    const steps = [
      () => toolchain.compile(buildDir, sourceName, "player.o", options, header),
      () => toolchain.link(buildDir, ["player.o", ...ready.objects], toolchain.output, options),
    ];
    for (const step of steps) {
      const result = await step();
      if (result.limit !== undefined) {
        // A compile bomb (`#include "/dev/zero"`, a macro bomb, a huge `.incbin`): one line.
        throw new ArenaError(
          "CPP_COMPILE",
          `does not compile: ${limitText(result.limit, options.compileLimits ?? {}, toolchain.limits ?? COMPILER_LIMITS)}`,
          { file: shownAs },
        );
      }
      if (result.code !== 0)
        throw compileError(toolchain, kit, files, result, buildDir, sourceName, shownAs);
    }
    const named = await toolchain.name(join(buildDir, toolchain.output), options);
    if (!("name" in named)) {
      throw new ArenaError(
        "BAD_BOT",
        `registers no player: end the file with RegisterPlayer(PLAYER_NAME); as the original template does${named.error ? ` (${named.error})` : ""}`,
        { file: shownAs },
      );
    }
    writeFileSync(join(buildDir, "name"), named.name);
    for (const name of [...files.map(([file]) => file), `${PLAYER_HEADER}.gch`])
      rmSync(join(buildDir, name.split("/")[0]!), { recursive: true, force: true });
    // Publish the whole entry at once: a concurrent compile of the same player loses the race
    // harmlessly (its rename fails and the winner's entry is used).
    try {
      renameSync(buildDir, entry);
    } catch {
      if (!existsSync(binary)) throw new ArenaError("BAD_BOT", `cannot write the cache ${entry}`);
    }
    return { binary, name: named.name, cached: false, key };
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/** The error of a failed compile or link: the toolchain's own, a name the kit lacks, or `CPP_COMPILE`. */
function compileError(
  toolchain: Toolchain,
  kit: CppKit,
  files: ReadonlyArray<[string, Buffer]>,
  result: RunResult,
  buildDir: string,
  sourceName: string,
  shownAs: string,
): ArenaError {
  const messages = firstMessages(result.stderr, buildDir, sourceName, shownAs);
  const explained = toolchain.explain?.(result.stderr, messages, shownAs);
  if (explained !== undefined) return explained;
  // A name of the original kit that arena's kit lacks is arena's fault, not the player's.
  const kitText = files.map(([, content]) => content.toString("utf8")).join("\n");
  const missing = missingKitNames(result.stderr, kit.originalNames ?? [], kitText);
  if (missing.length > 0) return missingKitNameError(missing, messages, shownAs);
  return new ArenaError("CPP_COMPILE", `does not compile (${toolchain.shown}):\n${messages}`, {
    file: shownAs,
  });
}
