export { DemoBot, NullBot } from "./bots";
export {
  DEFAULT_MAP,
  DEFAULT_NEUTRAL_OWNER,
  DEFAULT_ROUNDS,
  type LighthousesConfig,
  type NeutralOwner,
  type ParsedMap,
  parseConfig,
  readMap,
} from "./config";
export { DEFAULT_BUDGET, engine, parseOrder, protocol, readTrace } from "./engine";
export type {
  LighthousesAttackEvent,
  LighthousesCaptureEvent,
  LighthousesConnectEvent,
  LighthousesEvent,
  LighthousesKeyEvent,
  LighthousesNeutraliseEvent,
  LighthousesTriangleEvent,
} from "./events";
export { onSegment, orient, segmentsCross, triangleCells } from "./geometry";
export {
  CELL_CAP,
  DECAY,
  ENERGY_RADIUS,
  HORIZON,
  LighthousesMatch,
  type PhaseObserver,
  type Triangle,
} from "./match";
export {
  type LighthousesCommand,
  type LighthousesSettings,
  type LighthousesStart,
  type LighthousesViewJson,
  protocolJsonSchema,
  protocolSchemas,
} from "./protocol";
export type { CommandResult, LighthouseInfo, LighthousesOrder, Position } from "./types";
export { LighthousesActions, LighthousesView } from "./view";
