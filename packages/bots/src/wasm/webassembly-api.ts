// Browser-safe: the part of the WebAssembly JavaScript API arena uses, typed here (TypeScript
// types it in the DOM library only, which a Node package does not load) and taken from the global
// object, where Node and browsers both have it.

/** A compiled module (`WebAssembly.Module`). */
export interface WasmModule {
  readonly __wasmModule?: never;
}

/** A linear memory (`WebAssembly.Memory`). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

/** A global (`WebAssembly.Global`): i64 globals hold a bigint. */
export interface WasmGlobal {
  value: number | bigint;
}

/** An instance (`WebAssembly.Instance`). */
export interface WasmInstanceObject {
  readonly exports: Record<string, unknown>;
}

/** An import of a module (`WebAssembly.Module.imports`). */
export interface WasmImportDescriptor {
  module: string;
  name: string;
  kind: string;
}

/** Imports, by module then name. */
export type WasmImports = Record<string, Record<string, unknown>>;

interface WebAssemblyApi {
  Module: {
    new (bytes: Uint8Array): WasmModule;
    imports(module: WasmModule): WasmImportDescriptor[];
    exports(module: WasmModule): Array<{ name: string; kind: string }>;
  };
  Instance: new (module: WasmModule, imports: WasmImports) => WasmInstanceObject;
  RuntimeError: new (...args: never[]) => Error;
  compile(bytes: Uint8Array): Promise<WasmModule>;
}

/** The global `WebAssembly` object. */
export const WebAssemblyApi: WebAssemblyApi = (
  globalThis as unknown as { WebAssembly: WebAssemblyApi }
).WebAssembly;
