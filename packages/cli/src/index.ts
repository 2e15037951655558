export { findGame, gameNames, loadGame, loadGames } from "./games";
export type { CliIo } from "./io";
export { processIo } from "./io";
export { main, version } from "./main";
export type { PlayerJson, ResultJson } from "./result";
export { SEED_MAX, SEED_MIN } from "./seed";
