// The browser-safe part of @arena/core: everything here runs without any Node module, so the
// game engines (which import only these) also run in a browser. `index.ts` adds the Node-only
// parts (files, zlib, child processes, worker threads, the match runner).

export { ByteText } from "./cpp-kit/byte-text";
export type { CppKit } from "./cpp-kit/kit";
export { type RoundFrameState, roundFrames } from "./cpp-kit/round-frames";
export { canonicalJson } from "./engine/canonical-json";
export { deepFreeze } from "./engine/deep-freeze";
export { digestNumbers } from "./engine/digest";
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
} from "./engine/engine";
export { OrderCollector } from "./engine/engine";
export { ArenaError, EXCERPT_CHARS, excerpt } from "./engine/errors";
export {
  addKillAndDeath,
  type DeathEvent,
  EventLog,
  type GameEvent,
  type KillEvent,
  type UnitRef,
} from "./engine/events";
export { ranking } from "./engine/ranking";
export { OrderFeedback, type Rejection, type RejectionReason } from "./engine/rejection";
export {
  arraysFromJson,
  arraysToJson,
  ownMatch,
  RoundMatch,
  snapshotFields,
} from "./engine/round-match";
export { BreadthFirst } from "./grid/breadth-first";
export { type Direction, DirectionSet, directions } from "./grid/directions";
export { Grid, type Position } from "./grid/grid";
export {
  annotate,
  type BotNote,
  checkNote,
  mergeNotes,
  NOTE_LIMIT,
  type NoteCell,
  withAnnotate,
} from "./notes/bot-notes";
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
export {
  decodeReplayFrames,
  type InflateRaw,
  looksLikeReplay,
  REPLAY_MAGIC,
  type ReadReplayOptions,
} from "./replay/frames";
export { readOrderTrace } from "./replay/order-trace";
export {
  endDigest,
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
export { textRecorder } from "./replay/text-recorder";
export {
  checkInstructionUsage,
  type InstructionLimits,
  type UsageRecord,
} from "./replay/usage";
export { GlibcRand } from "./rng/glibc-rand";
export { Lcg31 } from "./rng/lcg31";
export { Minstd } from "./rng/minstd";
// The controller contract (no runner: that is Node-only), for controllers that run anywhere
// (@arena/bots' WebAssembly players in a browser's page).
export {
  BotFault,
  type Budget,
  type Controller,
  type ControllerGroup,
  instructionFault,
  type PlayContext,
  type StartContext,
} from "./runner/controller";
export { traceController } from "./runner/trace-controller";
export { validatedOrder } from "./runner/validated-orders";
export { firstDifference } from "./testing/text-diff";
export { type Reached, reachableFrom, tamperWith } from "./testing/view-probe";
