// The browser-safe part of @arena/core: everything here runs without any Node module, so the
// game engines (which import only these) also run in a browser. `index.ts` adds the Node-only
// parts (files, zlib, child processes, worker threads, the match runner).
export {
  annotate,
  type BotNote,
  checkNote,
  mergeNotes,
  NOTE_LIMIT,
  type NoteCell,
  withAnnotate,
} from "./bot-notes";
export { traceController } from "./bots/trace";
export { ByteText } from "./cpp/byte-text";
export type { CppKit } from "./cpp/kit";
export { type RoundFrameState, roundFrames } from "./cpp/round-frames";
export { deepFreeze } from "./deep-freeze";
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
  ResSink,
} from "./engine";
export { OrderCollector } from "./engine";
export { ArenaError } from "./errors";
export {
  addKillAndDeath,
  type DeathEvent,
  EventLog,
  type GameEvent,
  type KillEvent,
  type UnitRef,
} from "./events";
export { BreadthFirst } from "./grid/breadth-first";
export { type Direction, DirectionSet, directions } from "./grid/directions";
export { Grid, type Position } from "./grid/grid";
export { readOrderTrace } from "./order-trace";
export {
  type JsonSchema,
  type ProtocolSchemas,
  protocolJsonSchema,
} from "./protocol/json-schema";
export {
  PROTOCOL_MARKERS,
  protocolMarkdown,
  replaceProtocolSection,
} from "./protocol/markdown";
export { parseWithSchema } from "./protocol/parse-with-schema";
export { rejectionSchema } from "./protocol/rejection-schema";
export { ranking } from "./ranking";
export { OrderFeedback, type Rejection, type RejectionReason } from "./rejection";
export {
  decodeReplayFrames,
  type InflateRaw,
  looksLikeReplay,
  REPLAY_MAGIC,
  type ReadReplayOptions,
} from "./replay/frames";
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
export { GlibcRand } from "./rng/glibc-rand";
export { Lcg31 } from "./rng/lcg31";
export { Minstd } from "./rng/minstd";
export { arraysFromJson, arraysToJson, ownMatch, RoundMatch, snapshotFields } from "./round-match";
export { firstDifference } from "./text-diff";
export { textRecorder } from "./text-recorder";
export { type Reached, reachableFrom, tamperWith } from "./view-probe";
