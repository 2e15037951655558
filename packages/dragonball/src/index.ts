export { DemoBot, NullBot } from "./bots";
export { type DragonBallConfig, type GokuSetup, type ItemSetup, parseConfig } from "./config";
export { defaultConfig } from "./default-map";
export { engine } from "./engine";
export type {
  DragonBallDeathCause,
  DragonBallDepositEvent,
  DragonBallEvent,
  DragonBallKamehameEvent,
  DragonBallPickupEvent,
  DragonBallRespawnEvent,
} from "./events";
export { DragonBallMatch } from "./match";
export { parseOrder, readTrace } from "./orders";
export { DragonBallPlayerView } from "./player-view";
export {
  type DragonBallOrder,
  type DragonBallSettings,
  type DragonBallViewJson,
  protocolJsonSchema,
  protocolSchemas,
} from "./protocol";
export type { DirLetter } from "./state";
export {
  type Cell,
  type CellType,
  Dir,
  DragonBallActions,
  DragonBallView,
  type Goku,
  type GokuType,
  hasBall,
  hasKinton,
  type Item,
  type Pos,
} from "./view";
