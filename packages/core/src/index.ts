// @arena/core. `browser.ts` is the part that runs anywhere (engines, replays records, RNGs);
// the rest is Node-only: replay files and the match runner (the turn scheduler) with its
// in-process bot adapter. Running bot code out of this thread (bot hosts, workers, external
// programs, the C++ toolchain) is @arena/bots'.

export * from "./browser";
export { formatBytes } from "./files/format-bytes";
export { type InputFileOptions, MAX_INPUT_BYTES, readInputFile } from "./files/input-file";
export {
  checkOutputPath,
  type OutputKind,
  type OutputNames,
  openOutputFile,
  openPartialFile,
  removeQuietly,
  writeFileAtomically,
} from "./files/output-file";
export { systemReason } from "./files/system-reason";
export { decodeReplay, ReplayWriter, readReplay } from "./replay/replay-file";
export { TextFileWriter } from "./replay/text-file-writer";
export {
  BotFault,
  type Budget,
  type Controller,
  type ControllerGroup,
  callCpuFault,
  cpuFault,
  DEFAULT_GRACE_MS,
  instructionFault,
  type MatchEvent,
  type MessageEvent,
  memoryFault,
  type PlayContext,
  type StartContext,
  WALL_NET_FACTOR,
  WALL_NET_MIN_MS,
  wallFault,
  wallNetMs,
} from "./runner/controller";
export { inProcessBot } from "./runner/in-process-bot";
export {
  type BotOutputEvent,
  type MatchResult,
  ORDER_LIMIT,
  type PlayerResult,
  type RunOptions,
  runMatch,
  type WarningEvent,
} from "./runner/run-match";
export {
  STDERR_MATCH_LIMIT,
  STDERR_TURN_LIMIT,
  type StderrCap,
  type TurnStderr,
} from "./runner/turn-output";
export { validatedOrder } from "./runner/validated-orders";
