export { main, version } from "./main";
export type { CliIo } from "./io";
export { processIo } from "./io";
export { games, findGame } from "./games";
