// Node-only: player modules loaded from the compile cache, metered (metering.ts) with their
// memory capped, compiled by the engine once per process and cap; the metered bytes are kept in
// the cache beside the player, so that a new process does not meter it again.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ArenaError } from "@arena/core";
import { writeAtomically } from "../files/write-atomically";
import { FUEL_EXPORT, METERING_VERSION, meterModule, TRAP_EXPORT } from "./metering";
import { capPages, compilePlayerModule } from "./player-module";
import { WasmFault, WasmInstance } from "./wasm-instance";
import { type WasmModule, WebAssemblyApi } from "./webassembly-api";

/** Compiled modules by path and memory cap (a tournament loads each player once per process). */
const loaded = new Map<string, WasmModule>();
/** Modules kept at most (the oldest is dropped past it). */
const KEPT = 64;

/**
 * The player at `path` (a compiled player in the cache) metered with a memory cap of `pages`,
 * compiled: from the metered bytes kept in its cache entry (by this version of the metering), else
 * metered and kept there (atomically: parallel matches may race; a cache that cannot be written is
 * only slower). Kept bytes that do not compile, or that lack the metering's exports (a damaged
 * file), are metered again. Metering a player costs a new process 50–100 ms of CPU (the pass's
 * code not yet optimised), as much as a whole short match. The cache is trusted as the compiled
 * players in it are (its native players run as they are).
 */
function meteredModule(path: string, pages: number): WasmModule {
  const kept = join(dirname(path), `metered-v${METERING_VERSION}-${pages}.wasm`);
  if (existsSync(kept)) {
    try {
      const module = new WebAssemblyApi.Module(readFileSync(kept));
      const names = new Set(WebAssemblyApi.Module.exports(module).map((entry) => entry.name));
      if (names.has(FUEL_EXPORT) && names.has(TRAP_EXPORT)) return module;
    } catch {
      // Damaged: metered again below.
    }
  }
  const bytes = meterModule(readFileSync(path), pages);
  const module = new WebAssemblyApi.Module(bytes);
  try {
    writeAtomically(kept, bytes);
  } catch {
    // A read-only cache: metered again next time.
  }
  return module;
}

/** The module at `path` (a compiled player in the cache), metered and capped, compiled once. */
export function loadPlayerModule(path: string, memoryMiB: number): WasmModule {
  const key = `${path}\0${memoryMiB}`;
  let module = loaded.get(key);
  if (module === undefined) {
    module = meteredModule(path, capPages(memoryMiB));
    if (loaded.size >= KEPT) loaded.delete(loaded.keys().next().value!);
    loaded.set(key, module);
  }
  return module;
}

/** Instructions the name's lookup may take (the module's initialisation: static constructors). */
const NAME_INSTRUCTIONS = 1e9;

/**
 * The PLAYER_NAME a built module registers (its `arena_name` export after its initialisation),
 * or why there is none.
 */
export async function wasmPlayerName(
  bytes: Uint8Array,
): Promise<{ name: string } | { error: string }> {
  let stderr = "";
  const decoder = new TextDecoder();
  try {
    const module = compilePlayerModule(bytes, 1024);
    const instance = new WasmInstance(module, {
      onOutput: (chunk) => {
        stderr += decoder.decode(chunk, { stream: true });
      },
      seed: 0,
    });
    const name = instance.name(NAME_INSTRUCTIONS);
    if (name !== undefined && name !== "") return { name };
    return { error: stderr.trim().split("\n")[0] ?? "" };
  } catch (error) {
    if (error instanceof WasmFault || error instanceof ArenaError)
      return { error: `${error.message}${stderr ? `; ${stderr.trim().split("\n").pop()}` : ""}` };
    throw error;
  }
}
