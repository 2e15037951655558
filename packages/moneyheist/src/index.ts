export { DemoBot, NullBot, solveSafe } from "./bots";
export { defaultConfig, type MoneyHeistConfig, parseConfig } from "./config";
export { engine } from "./engine";
export type {
  MoneyHeistConversionEvent,
  MoneyHeistDeathCause,
  MoneyHeistEvent,
  MoneyHeistHitEvent,
  MoneyHeistOpenEvent,
  MoneyHeistPickupEvent,
  MoneyHeistRespawnEvent,
} from "./events";
export { MoneyHeistMatch } from "./match";
export { parseOrder, readTrace } from "./orders";
export {
  type MoneyHeistOrder,
  type MoneyHeistSettings,
  type MoneyHeistViewJson,
  protocolJsonSchema,
  protocolSchemas,
} from "./protocol";
export { validSolution } from "./round";
export type { DirectionLetter } from "./state";
export {
  type Cell,
  Dir,
  isAlive,
  isEmpty,
  MoneyHeistActions,
  MoneyHeistView,
  type Pos,
  type Unit,
} from "./view";
