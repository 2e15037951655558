// Node-only: player modules loaded from the compile cache, metered (metering.ts) with their
// memory capped, compiled by the engine once per process and cap.
import { readFileSync } from "node:fs";
import { ArenaError } from "@arena/core";
import { compilePlayerModule } from "./player-module";
import { WasmFault, WasmInstance } from "./wasm-instance";
import type { WasmModule } from "./webassembly-api";

/** Compiled modules by path and memory cap (a tournament loads each player once per process). */
const loaded = new Map<string, WasmModule>();
/** Modules kept at most (the oldest is dropped past it). */
const KEPT = 64;

/** The module at `path` (a compiled player in the cache), metered and capped, compiled once. */
export function loadPlayerModule(path: string, memoryMiB: number): WasmModule {
  const key = `${path}\0${memoryMiB}`;
  let module = loaded.get(key);
  if (module === undefined) {
    module = compilePlayerModule(readFileSync(path), memoryMiB);
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
