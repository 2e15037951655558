// Browser-safe: a player's WebAssembly module made ready to instantiate: metered (metering.ts),
// its memory capped, compiled by the engine.
import { meterModule, PAGE_BYTES } from "./metering";
import { type WasmModule, WebAssemblyApi } from "./webassembly-api";

/** The pages of a memory cap of `memoryMiB` MiB. */
export const capPages = (memoryMiB: number): number =>
  Math.max(1, Math.floor((memoryMiB * 2 ** 20) / PAGE_BYTES));

/**
 * A player module from the bytes the compiler made: metered, its memory capped at `memoryMiB`,
 * compiled (synchronously: a browser allows it for modules up to 8 MB, and players are ≈ 1 MB).
 */
export function compilePlayerModule(bytes: Uint8Array, memoryMiB: number): WasmModule {
  return new WebAssemblyApi.Module(meterModule(bytes, capPages(memoryMiB)));
}
