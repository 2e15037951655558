export { DemoBot, NullBot } from "./bots";
export {
  type CarSetup,
  type MadMaxRevisitedConfig,
  type MadMaxRevisitedParams,
  type MissileSetup,
  parseConfig,
} from "./config";
export { defaultConfig } from "./default-maze";
export { engine } from "./engine";
export type {
  MadMaxRevisitedDeathCause,
  MadMaxRevisitedDeathEvent,
  MadMaxRevisitedEvent,
  MadMaxRevisitedKillEvent,
  MadMaxRevisitedPickupEvent,
  MadMaxRevisitedRespawnEvent,
  MadMaxRevisitedShotEvent,
} from "./events";
export { MadMaxRevisitedMatch } from "./match";
export { parseOrder, readTrace } from "./orders";
export {
  type MadMaxRevisitedOrder,
  type MadMaxRevisitedSettings,
  type MadMaxRevisitedViewJson,
  protocolJsonSchema,
  protocolSchemas,
} from "./protocol";
export { passedCells } from "./state";
export {
  type Car,
  type Cell,
  type CellType,
  Dir,
  MadMaxRevisitedActions,
  MadMaxRevisitedView,
  type Missile,
  type Pos,
} from "./view";
