// The flags of `arena play` and the notes its `--help` prints after them.
import type { FlagSpec } from "../../args";
import { botModeFlags } from "../../bot-mode";
import { CPP_MODE_FLAGS } from "../../cpp-mode";

/**
 * The players' time limits, the same flags for `play` and the batch commands (`tournament`,
 * `test`, `contest`); read by `budgetFrom`.
 */
export const TIME_LIMIT_FLAGS: readonly FlagSpec[] = [
  {
    name: "budget",
    type: "integer",
    value: "MS",
    help: "total CPU-time budget per player (frozen when exceeded)",
  },
  {
    name: "turn-timeout",
    type: "integer",
    value: "MS",
    help: "per-turn CPU-time limit for out-of-process bots",
  },
  {
    name: "start-timeout",
    type: "integer",
    value: "MS",
    help: "time an external bot may take to start",
  },
];

/** The flags of `arena play` (each game adds its own options, see `moreFlags`). */
export const playFlags: readonly FlagSpec[] = [
  {
    name: "seed",
    type: "integer",
    value: "N",
    help: "the match seed, -2147483647 to 2147483647 (default 1)",
  },
  {
    name: "config",
    type: "string",
    value: "FILE",
    help: "the game's original config / map file (.cnf, map .txt)",
  },
  {
    name: "map",
    type: "string",
    value: "FILE",
    help: "same as --config (Lighthouses' word for it)",
  },
  {
    name: "out",
    type: "string",
    value: "FILE",
    help: "write the arena replay to FILE (read it with 'arena replay')",
  },
  {
    name: "res",
    type: "string",
    value: "FILE",
    help: "write the original engine's .res replay to FILE",
  },
  {
    name: "orders",
    type: "string",
    value: "FILE",
    help: "every player replays its orders from a recorded trace file (the bot names then only name the players)",
  },
  {
    name: "allow-short-orders",
    type: "boolean",
    help: "with --orders: a trace shorter than the match is no error (the rest is played without orders)",
  },
  {
    name: "transcript",
    type: "string",
    value: "FILE",
    help: "write every external-bot protocol message as JSON lines",
  },
  {
    name: "bot-log",
    type: "string",
    value: "DIR",
    help: "write everything each bot wrote on stderr (or printed) and its annotations' text to DIR/<p>-<name>.log, by round",
  },
  {
    name: "in-process",
    type: "boolean",
    help: "run JS-module bots inside arena's process (trusted code only: fast, but a bot can hang, kill or rig the match); by default each runs in its own process that may only read its own files",
  },
  ...botModeFlags,
  {
    name: "cpp-process",
    type: "string",
    value: "shared|seat",
    help: "C++ players: copies of one player share one process, one player object per seat, as in the original (shared, the default), or have a process each (seat)",
  },
  {
    name: "isolated",
    type: "boolean",
    help: "run JS-module bots in a worker thread of arena (legacy; not a sandbox)",
  },
  ...TIME_LIMIT_FLAGS,
  ...CPP_MODE_FLAGS,
  {
    name: "watch",
    type: "boolean",
    help: "follow the match in the web viewer as it is played (a loopback page; the match starts when the page is open)",
  },
  {
    name: "port",
    type: "integer",
    value: "N",
    help: "with --watch: the viewer's port (default: a free one)",
  },
  { name: "json", type: "boolean", help: "print the result as JSON" },
  { name: "quiet", type: "boolean", help: "print nothing but errors" },
];

/** The kinds of bots, printed after the options by `arena play --help`. */
export const playNotes = `Bots:
  Demo, Null            a built-in bot of the game (see 'arena list')
  ./my-bot.js           a JS module exporting a bot (default export, or named 'bot')
  ./AIMine.cc           a C++ player of the original kit (compiled with g++, cached; --cpp wasm: WebAssembly)
  ./my-bot.ts           a TypeScript module, run as it is (transpiled on the fly)
  "exec:python3 bot.py" an external program speaking JSON lines on stdin/stdout

Each game's own options are listed by 'arena play <game> --help'.`;
