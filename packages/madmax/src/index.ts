export { DemoBot, NullBot } from "./bots";
export { defaultConfig, type MadMaxConfig, parseConfig } from "./config";
export { engine } from "./engine";
export type {
  MadMaxCityEvent,
  MadMaxDeathCause,
  MadMaxDeathEvent,
  MadMaxEvent,
  MadMaxHitEvent,
  MadMaxRespawnEvent,
} from "./events";
export { MadMaxMatch } from "./match";
export { parseOrder, readTrace } from "./orders";
export {
  type MadMaxOrder,
  type MadMaxSettings,
  type MadMaxViewJson,
  protocolJsonSchema,
  protocolSchemas,
} from "./protocol";
export type { DirLetter, MadMaxParams } from "./state";
export {
  type Cell,
  type CellType,
  Dir,
  MadMaxActions,
  MadMaxView,
  type Pos,
  type Unit,
} from "./view";
