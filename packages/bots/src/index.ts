// @arena/bots (Node-only): running bot code out of arena's own thread. Module bots in a process
// of their own under Node's permission model (`BotHost`, `hostedBot`), in a worker thread
// (`isolatedBot`), external programs (`externalBot`, `exec:`), the bubblewrap sandbox, TypeScript
// bots, students' C++ players (compile, cache, pipes, one-CPU placement; or compiled to
// WebAssembly and played in this thread: `wasmBot`) and `resolveBot`, which
// turns a bot spec into the right one. The runner and the controller contract are @arena/core's.

export {
  buildCppPlayer,
  type CompiledKit,
  type CompiledPlayer,
  type CompileLimits,
  type CompileOptions,
  CPP_FLAGS,
  compileCppKit,
  compileCppPlayer,
  cppCacheDirectory,
  cppSharedDirectory,
  type Toolchain,
} from "./cpp/compile";
export { type CppBotOptions, type CppPlayer, type CppProcessMode, cppBot } from "./cpp/cpp-bot";
export { ARENA_ISSUES_URL, kitLacks, missingKitNames } from "./cpp/missing-kit-name";
export { freeCpu, keepOnOneCpu, keptCpu } from "./cpp/one-cpu";
export { type CppLimitsProfile, DEFAULT_CPP_MEMORY_MIB } from "./cpp/player-command";
export { stopPlayersOnAbort } from "./cpp/watchdog";
export { splitCommandLine } from "./external/command-line";
export { type ExternalOptions, externalBot } from "./external/external";
export { BotHost, type BotHostOptions, DEFAULT_BOT_MEMORY_MIB, hostedBot } from "./host/bot-host";
export { type IsolatedSpec, isolatedBot, resolveEngineUrl } from "./isolated/isolated";
export { COMPILER_LIMITS, SCRATCH_BYTES, YOWASP_COMPILER_LIMITS } from "./limits/bot-limits";
export {
  JUTGE_BUDGET,
  JUTGE_LIMITS,
  JUTGE_PROCESS_LIMITS,
  KERNEL_CPU_SLACK_MS,
} from "./limits/jutge";
export { type ProcessLimits, prlimitOptions } from "./limits/process-limits";
export { INTERRUPTED_FAULT, isInterrupted } from "./process/interrupted";
export {
  botFactoryFrom,
  type CppMode,
  type ResolveBotOptions,
  resolveBot,
} from "./resolve/resolve-bot";
export {
  noSandboxWarning,
  type SandboxMode,
  type SandboxSupport,
  sandboxSupport,
  usesBox,
} from "./sandbox/sandbox";
export { TYPESCRIPT_PATTERN, transpileTypeScriptBot } from "./typescript/typescript";
export { compilePlayerModule } from "./wasm/player-module";
export { type WasmBotOptions, type WasmPlayer, wasmBot } from "./wasm/wasm-bot";
export {
  DEFAULT_TURN_INSTRUCTIONS,
  INSTRUCTIONS_PER_SECOND,
  JUTGE_INSTRUCTIONS,
  JUTGE_MEMORY_MIB,
  WASM_MEMORY_MIB,
} from "./wasm/wasm-limits";
export { type WasmOutput, type WasmSeatSetup, wasmSeat } from "./wasm/wasm-seat";
export { type WasmCompiler, wasmToolchain } from "./wasm/wasm-toolchain";
