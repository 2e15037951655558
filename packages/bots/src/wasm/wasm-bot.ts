// Node-only: a student's C++ player compiled to WebAssembly (or taken from the cache) and made a
// controller played in this thread (wasm-seat.ts; see the README's "C++ players as WebAssembly").
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AnyEngine, ArenaError } from "@arena/core";
import { buildCppPlayer, type CompileOptions } from "../cpp/compile";
import type { CppProcessMode } from "../cpp/cpp-bot";
import { CappedText } from "../process/capped-text";
import { WASM_MEMORY_MIB } from "./wasm-limits";
import { loadPlayerModule } from "./wasm-module";
import { type WasmPlayer, type WasmSeatSetup, wasmSeat } from "./wasm-seat";
import { type WasmCompiler, wasmToolchain } from "./wasm-toolchain";

export type { WasmPlayer } from "./wasm-seat";

/** Options of `wasmBot`. */
export interface WasmBotOptions extends Omit<CompileOptions, "compiler"> {
  /** The WebAssembly compiler: `auto` (default: Debian's clang, else @yowasp/clang), `clang`, `yowasp`. */
  compiler?: WasmCompiler;
  /** Label in results (default: the path as given). */
  label?: string;
  /** Bytes of its output (stderr and stdout) kept (default 64 KiB). */
  stderrBytes?: number;
  /** Copies of one player in a match share one instance (`shared`, default) or have one each (`seat`). */
  process?: CppProcessMode;
  /** The cap of its memory, MiB (default `WASM_MEMORY_MIB`, Jutge's 64 MB). */
  memoryMiB?: number;
  /** Environment variables the player sees (none by default; tests pass some). */
  env?: Readonly<Record<string, string>>;
  /**
   * A directory of this machine mounted at `/arena` (tests: the files a test player reads or
   * writes): its files are read when the instance is made, and what the player writes there is
   * written back after each call. None by default: the player has no file system at all.
   */
  mount?: string;
}

/**
 * The directory `dir` mounted at `/arena` (tests): its regular files (not its folders) read when an
 * instance is made, and the files the player changed written back after each call.
 */
function mountedFiles(dir: string): NonNullable<WasmSeatSetup["files"]> {
  const written = new Map<string, Uint8Array>();
  return {
    read() {
      const files = new Map<string, Uint8Array>();
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const bytes = new Uint8Array(readFileSync(join(dir, entry.name)));
        files.set(entry.name, bytes);
        written.set(entry.name, bytes);
      }
      return files;
    },
    write(files) {
      for (const [name, bytes] of files) {
        if (written.get(name) === bytes) continue;
        writeFileSync(join(dir, name), bytes);
        written.set(name, bytes);
      }
    },
  };
}

/**
 * A student's C++ player (`AI<Name>.cc`, written against the original kit's player API) for
 * `engine`, compiled to WebAssembly (or taken from the cache) with the game's kit and played in
 * this thread: no process, no pipe; its instructions counted (`Controller.instructions`: the
 * runner's instruction budgets, the replay's usage records), its memory capped. Copies of it in
 * a match share one instance (one player object per seat, as in the original) unless
 * `process: "seat"`. Throws `ArenaError` when the game has no C++ kit, no WebAssembly compiler is
 * there (`NO_COMPILER`) or the file does not compile (`CPP_COMPILE`, or `CPP_WASM` naming a
 * feature WebAssembly players lack).
 */
export async function wasmBot(
  engine: AnyEngine,
  file: string,
  options: WasmBotOptions = {},
): Promise<WasmPlayer> {
  const kit = engine.cpp;
  if (kit === undefined) {
    throw new ArenaError("BAD_BOT", `${engine.title} has no C++ player support`, {
      file: options.shownAs ?? file,
    });
  }
  const toolchain = await wasmToolchain(options.compiler);
  const compiled = await buildCppPlayer(toolchain, kit, file, options);
  const memoryMiB = options.memoryMiB ?? WASM_MEMORY_MIB;
  const env = Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`);
  return wasmSeat({
    kit,
    parseOrder: (value) => engine.parseOrder(value),
    name: compiled.name,
    label: options.label ?? options.shownAs ?? file,
    module: () => loadPlayerModule(compiled.binary, memoryMiB),
    key: JSON.stringify([compiled.binary, memoryMiB, env, options.mount ?? null]),
    process: options.process ?? "shared",
    env,
    output: () => new CappedText(options.stderrBytes ?? 64 * 1024),
    ...(options.mount !== undefined ? { files: mountedFiles(options.mount) } : {}),
  });
}
