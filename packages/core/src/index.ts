export { ArenaError } from "./errors";
export { GlibcRand } from "./rng/glibc-rand";
export { Lcg31 } from "./rng/lcg31";
export { Minstd } from "./rng/minstd";
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
