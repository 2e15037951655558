// `arena play`: who sits in each seat. Either every player replays a recorded trace of orders
// (--orders), or each seat is a bot named on the command line (a built-in, a module, a C++
// player, an external program), started here in the mode the flags choose.
import { basename, resolve } from "node:path";
import type { ResolveBotOptions } from "@arena/bots";
import { type AnyEngine, ArenaError, type Controller, traceController } from "@arena/core";
import { type ParsedArgs, stringFlag } from "../../args";
import { botMode, warnWithoutBox } from "../../bot-mode";
import { cppModeFrom } from "../../cpp-mode";
import { inFile } from "../../errors";
import { readInputFile } from "../../files";
import type { CliIo } from "../../io";
import { prepareReporter } from "../../prepare-report";
import { checkProgram } from "../../program";
import { resolveSeats } from "./resolve-seats";

/** A seat of the match: the player's display name and what plays for it. */
export interface Seat {
  name: string;
  controller: Controller;
}

/** The seats as the command line gives them, checked before anything starts. */
export interface SeatPlan {
  /** The number of players. */
  count: number;
  /** The bots named on the command line (or, with a trace, the players' names; may be empty). */
  bots: readonly string[];
  /** With `--orders`: every step's orders of every player, read from the trace. */
  trace?: unknown[][][];
  /** The `--orders` file as given. */
  ordersPath?: string;
  /** `--allow-short-orders`: a trace shorter than the match is played, then no orders. */
  allowShortOrders: boolean;
}

/** Checks the seats of the command line: a trace that fits the names, or a valid number of bots. */
export function planSeats(
  engine: AnyEngine,
  bots: readonly string[],
  args: ParsedArgs,
  io: CliIo,
): SeatPlan {
  const ordersPath = stringFlag(args, "orders");
  if (ordersPath === undefined && args.flags.has("allow-short-orders")) {
    throw new ArenaError("BAD_FLAG", "--allow-short-orders goes with --orders FILE");
  }
  if (ordersPath !== undefined) {
    return planTrace(engine, bots, ordersPath, io, args.flags.has("allow-short-orders"));
  }
  const count = bots.length > 0 ? bots.length : engine.players.default;
  const { min, max } = engine.players;
  if (count < min || count > max) {
    const wanted = min === max ? `${min}` : `${min} to ${max}`;
    throw new ArenaError(
      "BAD_FLAG",
      `${engine.title} needs ${wanted} bots, got ${count} (${bots.join(" ")})`,
    );
  }
  // A missing program is bad input, found before any bot starts (not an OUT player later).
  for (const spec of bots) if (spec.startsWith("exec:")) checkProgram(spec, io.cwd);
  return { count, bots, allowShortOrders: false };
}

/** `--orders FILE`: reads the trace; the names given, if any, must be one per player in it. */
function planTrace(
  engine: AnyEngine,
  bots: readonly string[],
  ordersPath: string,
  io: CliIo,
  allowShortOrders: boolean,
): SeatPlan {
  if (engine.readTrace === undefined) {
    throw new ArenaError("BAD_FLAG", `${engine.name} has no order traces (--orders)`);
  }
  let trace: unknown[][][];
  try {
    trace = engine.readTrace(
      readInputFile(resolve(io.cwd, ordersPath), "trace", ordersPath),
      ordersPath,
    );
  } catch (error) {
    throw inFile(error, ordersPath);
  }
  const count = trace[0]?.length ?? engine.players.default;
  if (bots.length !== 0 && bots.length !== count) {
    throw new ArenaError(
      "BAD_FLAG",
      `the trace has ${count} players but ${bots.length} names were given`,
      { file: ordersPath },
    );
  }
  return { count, bots, trace, ordersPath, allowShortOrders };
}

/** Starts what plays in each seat: the trace's players, or the bots (Demo where none is named). */
export async function startSeats(
  engine: AnyEngine,
  plan: SeatPlan,
  args: ParsedArgs,
  io: CliIo,
): Promise<Seat[]> {
  const { trace, count, bots } = plan;
  if (trace !== undefined) {
    return Array.from({ length: count }, (_, p) => ({
      name: bots[p] ?? `Player${p}`,
      controller: traceController(trace, p),
    }));
  }
  const specs = bots.length > 0 ? bots : Array<string>(count).fill("Demo");
  const options = botOptions(engine, args, io);
  warnWithoutBox(io, botMode(args), specs, Object.keys(engine.bots));
  // Side by side (C++ players compiled in parallel), saying so on a terminal.
  const showProgress = io.interactive && !args.flags.has("json") && !args.flags.has("quiet");
  const controllers = await resolveSeats(
    engine,
    specs,
    options,
    prepareReporter(io, showProgress, "stops"),
  );
  // A C++ player is named by its PLAYER_NAME (as in the original's results and .res).
  return controllers.map((controller, seat) => ({
    name: controller.botName?.() ?? botName(specs[seat]!),
    controller,
  }));
}

/**
 * How the bots run, from `--in-process`, `--isolated`, `--trust`, `--sandbox`, `--limits`,
 * `--cpp-process` and `--cpp`.
 */
function botOptions(engine: AnyEngine, args: ParsedArgs, io: CliIo): ResolveBotOptions {
  const isolated = args.flags.has("isolated");
  const inProcess = args.flags.has("in-process");
  const mode = botMode(args);
  if ([isolated, inProcess, mode.sandbox === true].filter(Boolean).length > 1) {
    throw new ArenaError("BAD_FLAG", "give only one of --in-process, --isolated and --sandbox");
  }
  const cppProcess = stringFlag(args, "cpp-process");
  if (cppProcess !== undefined && cppProcess !== "shared" && cppProcess !== "seat") {
    throw new ArenaError("BAD_FLAG", "--cpp-process is shared or seat");
  }
  const cpp = cppModeFrom(args);
  // Out-of-process bots import the game's package as this cli resolves it.
  const engineUrl = inProcess ? undefined : gameModuleUrl(engine);
  return {
    isolated,
    inProcess,
    sandbox: mode.sandbox,
    ...(mode.limits !== undefined ? { limits: mode.limits } : {}),
    ...(cppProcess !== undefined ? { cppProcess } : {}),
    ...(cpp !== undefined ? { cpp } : {}),
    // A match of C++ players on one CPU: cheaper hand-overs (core README "One CPU").
    oneCpu: true,
    cwd: io.cwd,
    ...(engineUrl !== undefined ? { engineUrl } : {}),
  };
}

/** The display name of a bot given on the command line. */
function botName(spec: string): string {
  if (spec.startsWith("exec:")) {
    const words = spec.slice(5).trim().split(/\s+/);
    const program = words.find((word, i) => i > 0 && /\.[a-z]+$/i.test(word)) ?? words[0] ?? spec;
    return basename(program).replace(/\.[a-z]+$/i, "");
  }
  if (/[/\\.]/.test(spec)) return basename(spec).replace(/\.[a-z]+$/i, "");
  return spec;
}

/**
 * The file URL of the game's package as this cli resolves it, for worker-isolated bots (their
 * worker imports the engine itself); undefined lets core resolve it from the working directory.
 */
function gameModuleUrl(engine: AnyEngine): string | undefined {
  try {
    return import.meta.resolve(engine.module);
  } catch {
    return undefined;
  }
}
