// @arena/server: `arena serve`, a self-hosted contest and ladder server for the arena games —
// uploads, compile, validation, ratings, jutge contests, pages and a JSON API (Node only).

export { shownDatabaseUrl } from "./db/open-database";
export { type ArenaServer, type ServeOptions, startServer } from "./server";
export { type CompileLimits, DEFAULT_COMPILE_LIMITS } from "./work/compile";
