// @arena/bots/wasm (browser-safe, no Node module): students' C++ players compiled to WebAssembly,
// played in any JavaScript engine's thread, a browser's page included (the viewer's, the contest
// server's): a module as `wasmBot` compiled it (`cpp-wasm/<key>/player.wasm` of the compile cache)
// made ready by `compilePlayerModule` (metered, its memory capped), and `wasmSeat` a controller of
// it. The compiler and the cache are the Node entry's (`wasmBot`).

export { frameBytes } from "./cpp/frames";
export { parseReply, type Reply, ReplyOrders } from "./cpp/reply";
export { METERING_VERSION, meterModule } from "./wasm/metering";
export { capPages, compilePlayerModule } from "./wasm/player-module";
export { WasmFault, WasmInstance } from "./wasm/wasm-instance";
export {
  DEFAULT_TURN_INSTRUCTIONS,
  INSTRUCTIONS_PER_SECOND,
  JUTGE_INSTRUCTIONS,
  JUTGE_MEMORY_MIB,
  WASM_MEMORY_MIB,
} from "./wasm/wasm-limits";
export { type WasmOutput, type WasmPlayer, type WasmSeatSetup, wasmSeat } from "./wasm/wasm-seat";
export type { WasmModule } from "./wasm/webassembly-api";
