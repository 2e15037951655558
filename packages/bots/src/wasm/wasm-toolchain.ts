// Node-only: the compilers of C++ players as WebAssembly (wasm32-wasi): Debian's clang with its
// WebAssembly libraries when installed, else @yowasp/clang (LLVM compiled to WebAssembly, an
// optional package: a machine without any compiler still builds players).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, isAbsolute, join } from "node:path";
import { ArenaError } from "@arena/core";
import {
  type CompileOptions,
  compilerIdentity,
  cppSharedDirectory,
  findExecutable,
  type RunResult,
  runCompiler,
  type Toolchain,
} from "../cpp/compile";
import { COMPILER_LIMITS, YOWASP_COMPILER_LIMITS } from "../limits/bot-limits";
import type { ProcessLimits } from "../limits/process-limits";
import { explainWasmError } from "./unsupported";
import { wasmPlayerName } from "./wasm-module";
import { YOWASP_RUNNER_SOURCE } from "./yowasp-runner-source";

/**
 * The flags players and adapters are compiled with for WebAssembly: those of g++ (`CPP_FLAGS`:
 * C++17, -O2, assertions on), without exceptions (libc++ for WASI has none), arena's
 * `<bits/stdc++.h>` (clang's libc++ has no such header) and `<fstream>` (Debian's libc++ for WASI
 * has no file streams) in `wasm-include/`, and WASI's emulations
 * of what students call and WASI lacks: `clock()` and `getrusage` (their clocks are arena's
 * instruction count, see wasi-imports.ts), `signal`/`raise`, `getpid`, and what C++17 removed but
 * g++'s library keeps (`auto_ptr`, `bind1st`…; `random_shuffle` is arena-std.hh's, as g++'s).
 */
export const WASM_FLAGS: readonly string[] = [
  "-std=c++17",
  "-O2",
  "-fno-exceptions",
  // memcpy, memmove and memset as memory.copy and memory.fill (see arena-io.hh).
  "-mbulk-memory",
  "-isystem",
  "wasm-include",
  "-D_WASI_EMULATED_PROCESS_CLOCKS",
  "-D_WASI_EMULATED_SIGNAL",
  "-D_WASI_EMULATED_GETPID",
  // What C++17 removed and g++'s library still has (random_shuffle: arena-std.hh's, as g++'s).
  "-D_LIBCPP_ENABLE_CXX17_REMOVED_AUTO_PTR",
  "-D_LIBCPP_ENABLE_CXX17_REMOVED_BINDERS",
  "-D_LIBCPP_ENABLE_CXX17_REMOVED_UNEXPECTED_FUNCTIONS",
];

/** The stack of a player's module (bytes): 8 MiB, as Linux's default for a native process. */
export const WASM_STACK_BYTES = 8 * 2 ** 20;

/**
 * The link flags: a reactor module (arena calls its exports; its exported main registers the
 * adapter), the stack first in memory (an overflow traps instead of overwriting data), no debug
 * sections. The memory's maximum is set when the module is loaded (`meterModule`).
 */
const LINK_FLAGS: readonly string[] = [
  "-mexec-model=reactor",
  "-Wl,--export=__main_argc_argv",
  "-Wl,--stack-first",
  "-z",
  `stack-size=${WASM_STACK_BYTES}`,
  "-Wl,--strip-debug",
  "-lwasi-emulated-process-clocks",
  "-lwasi-emulated-signal",
  "-lwasi-emulated-getpid",
];

/** Debian's packages of the WebAssembly toolchain (what `.ci/run` installs). */
export const DEBIAN_WASM_PACKAGES =
  "clang-19 lld-19 libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32 wasi-libc";

/**
 * arena's headers for WebAssembly players (`cpp/wasm/`: `<bits/stdc++.h>`, `<fstream>`), as
 * build-directory files under `wasm-include/`, sorted.
 */
function includeFiles(
  dir = join(cppSharedDirectory(), "wasm"),
  under = "wasm-include",
): Array<[string, Buffer]> {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap(
      (entry): Array<[string, Buffer]> =>
        entry.isDirectory()
          ? includeFiles(join(dir, entry.name), `${under}/${entry.name}`)
          : [[`${under}/${entry.name}`, readFileSync(join(dir, entry.name))]],
    );
}

/** What every WebAssembly toolchain shares: the folder, the output, the name, the errors. */
const wasmCommon = {
  folder: "cpp-wasm",
  output: "player.wasm",
  name: async (path: string) => wasmPlayerName(readFileSync(path)),
  explain: explainWasmError,
};

/** The file the sysroot's library `name` is (for the identity), found without running clang. */
const SYSROOT_LIBRARIES = ["/usr/lib/wasm32-wasi/libc.a", "/usr/lib/wasm32-wasi/libc++.a"];

/**
 * Debian's clang (`compiler`, default `clang++-19`) when it and the WASI libraries are there. Each
 * step (clang, and wasm-ld for the link) runs in the compiler's box with its limits, as g++ does:
 * it sees its build folder (the source, the kit's and arena's headers), the kit's objects and the
 * system's folders (the WASI sysroot and clang's libraries are under `/usr`). No crash reports:
 * clang would write the preprocessed source of a crashed compile beside it (a bomb twice over).
 */
function clangToolchain(compiler: string): Toolchain | undefined {
  const identity = compilerIdentity(compiler);
  if (identity === undefined || !SYSROOT_LIBRARIES.every((library) => existsSync(library)))
    return undefined;
  const libraries = SYSROOT_LIBRARIES.map((library) => {
    const { size, mtimeMs } = statSync(library);
    return `${library} ${size} ${Math.round(mtimeMs)}`;
  });
  const target = ["--target=wasm32-wasi"];
  const quiet = ["-fno-crash-diagnostics"];
  return {
    ...wasmCommon,
    identity: [identity, ...libraries, ...target, ...WASM_FLAGS, ...LINK_FLAGS].join("\0"),
    shown: `${basename(compiler)} --target=wasm32-wasi ${WASM_FLAGS.slice(0, 3).join(" ")}`,
    files: includeFiles(),
    limits: COMPILER_LIMITS,
    compile: (dir, source, object, how) =>
      runCompiler(
        compiler,
        [...target, ...quiet, ...WASM_FLAGS, "-c", source, "-o", object],
        dir,
        [],
        how,
      ),
    link: (dir, objects, output, how) =>
      runCompiler(
        compiler,
        [...target, ...quiet, ...WASM_FLAGS, ...LINK_FLAGS, ...objects, "-o", output],
        dir,
        objects.filter((object) => isAbsolute(object)),
        how,
      ),
  };
}

/**
 * One step of @yowasp/clang: a Node process of its own (`YOWASP_RUNNER_SOURCE`) in the
 * compiler's box with @yowasp/clang's limits, seeing its build folder `dir`, the package
 * (`packageDir`) and the kit's objects (`objects` given by absolute path): it makes `output` in
 * `dir`.
 */
function yowaspStep(
  packageDir: string,
  dir: string,
  args: readonly string[],
  output: string,
  objects: readonly string[],
  how: CompileOptions,
): Promise<RunResult> {
  const extra = objects.filter((object) => isAbsolute(object));
  const job = { bundle: join(packageDir, "gen", "bundle.js"), args, output, extra };
  const node = ["--no-warnings", "-e", YOWASP_RUNNER_SOURCE, JSON.stringify(job)];
  const readable = [packageDir, ...extra];
  return runCompiler(process.execPath, node, dir, readable, how, YOWASP_COMPILER_LIMITS);
}

/**
 * The package.json of @yowasp/clang when it is installed, else undefined. Found from its entry
 * point: its `exports` do not export `./package.json`, so resolving that subpath always fails.
 */
function yowaspPackageFile(): string | undefined {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve("@yowasp/clang");
  } catch {
    return undefined;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file) && JSON.parse(readFileSync(file, "utf8")).name === "@yowasp/clang")
      return file;
  }
  return undefined;
}

/**
 * @yowasp/clang, when installed (an optional package): LLVM compiled to WebAssembly, each step
 * run by a Node process of its own in the compiler's box (`yowaspStep`).
 */
function yowaspToolchain(): Toolchain | undefined {
  const packageFile = yowaspPackageFile();
  if (packageFile === undefined) return undefined;
  const packageDir = dirname(packageFile);
  const { version } = JSON.parse(readFileSync(packageFile, "utf8")) as { version: string };
  const target = ["--target=wasm32-wasip1"];
  return {
    ...wasmCommon,
    identity: [`@yowasp/clang ${version}`, ...target, ...WASM_FLAGS, ...LINK_FLAGS].join("\0"),
    shown: `@yowasp/clang --target=wasm32-wasip1 ${WASM_FLAGS.slice(0, 3).join(" ")}`,
    files: includeFiles(),
    limits: YOWASP_COMPILER_LIMITS,
    compile: (dir, source, object, how) =>
      yowaspStep(
        packageDir,
        dir,
        [...target, ...WASM_FLAGS, "-c", source, "-o", object],
        object,
        [],
        how,
      ),
    // Objects outside the build directory (the kit's, in the cache) join its files by name.
    link: (dir, objects, output, how) =>
      yowaspStep(
        packageDir,
        dir,
        [...target, ...WASM_FLAGS, ...LINK_FLAGS, ...objects.map((o) => basename(o)), "-o", output],
        output,
        objects,
        how,
      ),
  };
}

/** Whether a WebAssembly toolchain is there (Debian's clang with the WASI libraries, or @yowasp/clang). */
export function wasmToolchainAvailable(): boolean {
  if (clangToolchain(process.env.ARENA_WASM_CXX ?? "clang++-19") !== undefined) return true;
  return yowaspPackageFile() !== undefined;
}

/** The kernel's limits of each process of a WebAssembly toolchain's compiler (`clang` or `yowasp`). */
export function wasmToolchainLimits(which: Exclude<WasmCompiler, "auto">): ProcessLimits {
  return which === "yowasp" ? YOWASP_COMPILER_LIMITS : COMPILER_LIMITS;
}

/** Which WebAssembly compiler to use: `clang` (Debian's), `yowasp`, or `auto` (the first there). */
export type WasmCompiler = "auto" | "clang" | "yowasp";

/**
 * The WebAssembly toolchain: Debian's clang (`$ARENA_WASM_CXX`, default `clang++-19`) with the
 * WASI libraries, else @yowasp/clang. Throws `ArenaError("NO_COMPILER")` saying how to install
 * one. Finding it starts no compiler.
 */
export async function wasmToolchain(which: WasmCompiler = "auto"): Promise<Toolchain> {
  const compiler = process.env.ARENA_WASM_CXX ?? "clang++-19";
  if (which !== "yowasp") {
    const clang = clangToolchain(compiler);
    if (clang !== undefined) return clang;
  }
  if (which !== "clang") {
    const yowasp = yowaspToolchain();
    if (yowasp !== undefined) return yowasp;
  }
  const found = findExecutable(compiler) !== undefined;
  throw new ArenaError(
    "NO_COMPILER",
    `C++ players as WebAssembly need clang for wasm32-wasi and ${found ? `'${compiler}' is there but not the WASI libraries` : `'${compiler}' was not found`}: install them (Debian/Ubuntu: apt-get install ${DEBIAN_WASM_PACKAGES}), or the npm package @yowasp/clang (npm install @yowasp/clang), or play natively with --cpp native`,
  );
}
