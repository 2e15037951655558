// @arena/core. `browser.ts` is the part that runs anywhere (engines, replays records, RNGs);
// the rest is Node-only: replay files, the match runner and the bot adapters.

export {
  BotHost,
  type BotHostOptions,
  DEFAULT_BOT_MEMORY_MIB,
  hostedBot,
} from "./bots/bot-host";
export { splitCommandLine } from "./bots/command-line";
export { type ExternalOptions, externalBot } from "./bots/external";
export { inProcessBot } from "./bots/in-process";
export { type IsolatedSpec, isolatedBot, resolveEngineUrl } from "./bots/isolated";
export { botFactoryFrom, type ResolveBotOptions, resolveBot } from "./bots/resolve-bot";
export { type SandboxSupport, sandboxSupport } from "./bots/sandbox";
export { TYPESCRIPT_PATTERN, transpileTypeScriptBot } from "./bots/typescript";
export * from "./browser";
export {
  type CompiledPlayer,
  type CompileOptions,
  CPP_FLAGS,
  compileCppPlayer,
  cppCacheDirectory,
  cppSharedDirectory,
} from "./cpp/compile";
export {
  type CppBotOptions,
  type CppPlayer,
  type CppProcessMode,
  cppBot,
} from "./cpp/cpp-bot";
export { ARENA_ISSUES_URL, kitLacks, missingKitNames } from "./cpp/missing-kit-name";
export { freeCpu, keepOnOneCpu, keptCpu } from "./cpp/one-cpu";
export { decodeReplay, ReplayWriter, readReplay } from "./replay/replay-file";
export { TextFileWriter } from "./replay/text-file-writer";
export {
  BotFault,
  type Budget,
  type Controller,
  type ControllerGroup,
  DEFAULT_GRACE_MS,
  type MatchEvent,
  type MessageEvent,
  type PlayContext,
  type StartContext,
} from "./runner/controller";
export {
  type BotOutputEvent,
  type MatchResult,
  ORDER_LIMIT,
  type PlayerResult,
  type RunOptions,
  runMatch,
  type WarningEvent,
} from "./runner/run-match";
export { STDERR_MATCH_LIMIT, STDERR_TURN_LIMIT } from "./runner/turn-output";
