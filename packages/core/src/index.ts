export { splitCommandLine } from "./bots/command-line";
export { type ExternalOptions, externalBot } from "./bots/external";
export { inProcessBot } from "./bots/in-process";
export { type IsolatedSpec, isolatedBot, resolveEngineUrl } from "./bots/isolated";
export { botFactoryFrom, type ResolveBotOptions, resolveBot } from "./bots/resolve-bot";
export { traceController } from "./bots/trace";
export { digestNumbers } from "./digest";
export type {
  AnyEngine,
  Bot,
  BotFactory,
  Engine,
  EngineOption,
  ExternalProtocol,
  Json,
  Match,
  OrderList,
  ResRecorder,
} from "./engine";
export { OrderCollector } from "./engine";
export { ArenaError } from "./errors";
export { BreadthFirst } from "./grid/breadth-first";
export { type Direction, DirectionSet, directions } from "./grid/directions";
export { Grid, type Position } from "./grid/grid";
export { readOrderTrace } from "./order-trace";
// Engine-side helpers (browser-safe).
export { ranking } from "./ranking";
export {
  parseReplayText,
  REPLAY_FORMAT,
  type Replay,
  ReplayDecoder,
  ReplayEncoder,
  type ReplayFinal,
  type ReplayHeader,
  type VerifyOptions,
  type VerifyResult,
  verifyReplay,
} from "./replay/replay";
// Node-only (files, child processes, worker threads).
export {
  decodeReplay,
  type ReadReplayOptions,
  ReplayWriter,
  readReplay,
} from "./replay/replay-file";
export { GlibcRand } from "./rng/glibc-rand";
export { Lcg31 } from "./rng/lcg31";
export { Minstd } from "./rng/minstd";
// Runner and bots.
export {
  BotFault,
  type Budget,
  type Controller,
  type MatchEvent,
  type MessageEvent,
  type PlayContext,
  type StartContext,
} from "./runner/controller";
export {
  type MatchResult,
  ORDER_LIMIT,
  type PlayerResult,
  type RunOptions,
  runMatch,
} from "./runner/run-match";
export { textRecorder } from "./text-recorder";
