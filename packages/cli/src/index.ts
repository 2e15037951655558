export { checkGameName, gameNames, loadGame, loadGames } from "./games";
export type { CliIo } from "./io";
export { processIo } from "./io";
export { main, version } from "./main";
export { findGame, games } from "./registry";
export type { PlayerJson, ResultJson } from "./result";
export { SEED_MAX, SEED_MIN } from "./seed";
