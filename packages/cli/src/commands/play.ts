import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import {
  type AnyEngine,
  ArenaError,
  type Budget,
  type Controller,
  type Json,
  type MatchResult,
  runMatch,
  traceController,
  type WarningEvent,
} from "@arena/core";
import { type FlagSpec, integerFlag, type ParsedArgs, stringFlag } from "../args";
import type { Command } from "../command";
import { inFile, isSystemError, systemReason } from "../errors";
import { checkRegularOutput, readInputFile, writeOutputFile } from "../files";
import { escapeControl, formatBytes, formatSeconds, outputTail, safeJson, table } from "../format";
import { gameFlags } from "../game-flags";
import { loadGame } from "../games";
import type { CliIo } from "../io";
import { prepareReporter } from "../prepare-report";
import { checkProgram } from "../program";
import { ProgressLine, totalRounds } from "../progress";
import { playResultJson } from "../result";
import { checkSeed } from "../seed";
import { BotLog } from "./play-bot-log";
import { resolveSeats } from "./play-seats";

/** Late-turn warnings printed per player; later ones are only counted. */
const WARNINGS_SHOWN = 5;

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
  {
    name: "sandbox",
    type: "boolean",
    help: "also run JS-module bots, exec: programs and C++ players under bubblewrap (new PID, network and mount namespaces; Linux with 'bwrap' installed)",
  },
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

const playNotes = `Bots:
  Demo, Null            a built-in bot of the game (see 'arena list')
  ./my-bot.js           a JS module exporting a bot (default export, or named 'bot')
  ./AIMine.cc           a C++ player of the original kit (compiled with g++, cached)
  ./my-bot.ts           a TypeScript module, run as it is (transpiled on the fly)
  "exec:python3 bot.py" an external program speaking JSON lines on stdin/stdout

Each game's own options are listed by 'arena play <game> --help'.`;

/** `arena play`: plays one match and prints the result. */
export const playCommand: Command = {
  name: "play",
  usage: "<game> [bots…] [options]",
  description: "Plays one match and prints the result. With no bots, every player is Demo.",
  flags: playFlags,
  notes: playNotes,
  minPositionals: 1,
  moreFlags: gameFlags,
  run: (args, io) => play(args, io),
};

/**
 * The display name of a bot given on the command line (as @arena/tournament's `defaultBotName`,
 * which `arena play` does not load: it would load the tournament package at each start).
 */
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

function loadConfig(
  engine: AnyEngine,
  args: ParsedArgs,
  io: CliIo,
): { config: Json; source: string } {
  const configPath = stringFlag(args, "config");
  const mapPath = stringFlag(args, "map");
  if (configPath !== undefined && mapPath !== undefined) {
    throw new ArenaError("BAD_FLAG", "give either --config or --map, not both");
  }
  const path = configPath ?? mapPath;
  let config: Json;
  try {
    config =
      path === undefined
        ? engine.defaultConfig()
        : engine.parseConfig(readInputFile(resolve(io.cwd, path), "config", path), path);
  } catch (error) {
    throw path === undefined ? error : inFile(error, path);
  }
  for (const option of engine.options ?? []) {
    const value = stringFlag(args, option.name);
    if (value !== undefined) config = option.apply(config, value);
  }
  return { config, source: path ?? `the default ${engine.title} config` };
}

function budgetFrom(args: ParsedArgs): Budget {
  const budget: Budget = {};
  const total = integerFlag(args, "budget");
  const turn = integerFlag(args, "turn-timeout");
  const start = integerFlag(args, "start-timeout");
  for (const [name, value] of [
    ["budget", total],
    ["turn-timeout", turn],
    ["start-timeout", start],
  ] as const) {
    if (value !== undefined && value <= 0) {
      throw new ArenaError("BAD_FLAG", `option --${name} needs a positive number of milliseconds`);
    }
  }
  if (total !== undefined) budget.totalMs = total;
  if (turn !== undefined) budget.turnMs = turn;
  if (start !== undefined) budget.startMs = start;
  return budget;
}

/**
 * Wraps the seats' controllers so that, at most every 50 ms of a match, a turn ends by yielding to
 * the event loop: with only synchronous in-process bots a match never would, and a Ctrl-C
 * (SIGINT/SIGTERM) would wait for the end of the match. Orders are untouched.
 */
function yieldingControllers(
  players: Array<{ name: string; controller: Controller }>,
): Array<{ name: string; controller: Controller }> {
  let last = performance.now();
  return players.map(({ name, controller }) => ({
    name,
    controller: new Proxy(controller, {
      get(target, key) {
        // Methods run on the controller itself (private fields and `this` stay its own).
        const value: unknown = Reflect.get(target, key, target);
        if (key !== "play") return typeof value === "function" ? value.bind(target) : value;
        return (ctx: Parameters<Controller["play"]>[0]) => {
          const result = target.play(ctx);
          const now = performance.now();
          if (now - last < 50) return result;
          last = now;
          return Promise.resolve(result).then(
            () => new Promise<void>((done) => setImmediate(done)),
          );
        };
      },
    }),
  }));
}

/** Exit codes of a process ended by a signal, as shells report them (128 + signal number). */
const SIGNAL_EXIT: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

/** `arena play`: returns the process exit code. */
export async function play(args: ParsedArgs, io: CliIo): Promise<number> {
  const [gameName, ...bots] = args.positionals;
  if (gameName === undefined) throw new ArenaError("BAD_FLAG", "'arena play' needs a game");
  const engine = await loadGame(gameName);
  const seed = checkSeed(integerFlag(args, "seed", 1));
  const { config, source } = loadConfig(engine, args, io);
  const ordersPath = stringFlag(args, "orders");
  if (ordersPath === undefined && args.flags.has("allow-short-orders")) {
    throw new ArenaError("BAD_FLAG", "--allow-short-orders goes with --orders FILE");
  }

  let trace: unknown[][][] | undefined;
  let count: number;
  if (ordersPath !== undefined) {
    if (engine.readTrace === undefined) {
      throw new ArenaError("BAD_FLAG", `${engine.name} has no order traces (--orders)`);
    }
    try {
      trace = engine.readTrace(
        readInputFile(resolve(io.cwd, ordersPath), "trace", ordersPath),
        ordersPath,
      );
    } catch (error) {
      throw inFile(error, ordersPath);
    }
    count = trace[0]?.length ?? engine.players.default;
    if (bots.length !== 0 && bots.length !== count) {
      throw new ArenaError(
        "BAD_FLAG",
        `the trace has ${count} players but ${bots.length} names were given`,
        { file: ordersPath },
      );
    }
  } else {
    count = bots.length > 0 ? bots.length : engine.players.default;
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
  }
  const transcriptPath = stringFlag(args, "transcript");
  const transcript: string[] = [];
  const outPath = stringFlag(args, "out");
  const resPath = stringFlag(args, "res");
  if (resPath !== undefined && engine.res === undefined) {
    throw new ArenaError("BAD_FLAG", `${engine.name} has no .res format (--res)`);
  }
  if (outPath !== undefined) checkRegularOutput(resolve(io.cwd, outPath), outPath, "--out");
  if (resPath !== undefined) checkRegularOutput(resolve(io.cwd, resPath), resPath, "--res");
  const json = args.flags.has("json");
  const quiet = args.flags.has("quiet");
  const total = totalRounds(config) ?? trace?.length;
  const progress =
    io.interactive && !json && !quiet
      ? new ProgressLine((text) => io.err(text), engine.title, total)
      : undefined;

  // --watch: the replay (to --out, or a temporary file) is followed by a loopback viewer page.
  const watchPath = !args.flags.has("watch")
    ? undefined
    : outPath !== undefined
      ? resolve(io.cwd, outPath)
      : join(mkdtempSync(join(tmpdir(), "arena-watch-")), `${engine.name}.arena`);
  if (watchPath === undefined && args.flags.has("port")) {
    throw new ArenaError("BAD_FLAG", "--port goes with --watch");
  }
  const watcher =
    watchPath === undefined
      ? undefined
      : await (await import("./view")).watchMatch(watchPath, io, integerFlag(args, "port", 0));
  let watcherClosed = false;
  const closeWatcher = async (): Promise<void> => {
    if (watcher === undefined || watcherClosed) return;
    watcherClosed = true;
    await watcher.close();
  };
  if (watcher !== undefined) await watcher.connected;

  // Ctrl-C or SIGTERM aborts the match; the replay keeps what was played.
  const abort = new AbortController();
  let stoppedBy: string | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    stoppedBy ??= signal;
    abort.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let round = 0;
  let stepped = false;
  let shortTrace = false;

  try {
    let players: Array<{ name: string; controller: Controller }>;
    if (trace !== undefined) {
      const steps = trace;
      players = Array.from({ length: count }, (_, p) => ({
        name: bots[p] ?? `Player${p}`,
        controller: traceController(steps, p),
      }));
    } else {
      const specs = bots.length > 0 ? bots : Array<string>(count).fill("Demo");
      const isolated = args.flags.has("isolated");
      const inProcess = args.flags.has("in-process");
      const sandbox = args.flags.has("sandbox");
      if ([isolated, inProcess, sandbox].filter(Boolean).length > 1) {
        throw new ArenaError("BAD_FLAG", "give only one of --in-process, --isolated and --sandbox");
      }
      const cppProcess = stringFlag(args, "cpp-process");
      if (cppProcess !== undefined && cppProcess !== "shared" && cppProcess !== "seat") {
        throw new ArenaError("BAD_FLAG", "--cpp-process is shared or seat");
      }
      // Out-of-process bots import the game's package as this cli resolves it.
      const engineUrl = inProcess ? undefined : gameModuleUrl(engine);
      // Side by side (C++ players compiled in parallel), saying so on a terminal.
      const controllers = await resolveSeats(
        engine,
        specs,
        {
          isolated,
          inProcess,
          sandbox,
          ...(cppProcess !== undefined ? { cppProcess } : {}),
          // A match of C++ players on one CPU: cheaper hand-overs (core README "One CPU").
          oneCpu: true,
          cwd: io.cwd,
          ...(engineUrl !== undefined ? { engineUrl } : {}),
        },
        prepareReporter(io, io.interactive && !json && !quiet, "stops"),
      );
      // A C++ player is named by its PLAYER_NAME (as in the original's results and .res).
      players = controllers.map((controller, seat) => ({
        name: controller.botName?.() ?? botName(specs[seat]!),
        controller,
      }));
    }

    // Late turns (over the turn limit, within its grace) are warnings on stderr, a few per player.
    const warned = new Map<number, number>();
    const onWarning = ({ round, player, message }: WarningEvent): void => {
      const count = (warned.get(player) ?? 0) + 1;
      warned.set(player, count);
      if (count > WARNINGS_SHOWN) return;
      progress?.clear();
      const more =
        count === WARNINGS_SHOWN ? " (further late turns of this player are only counted)" : "";
      io.err(
        `warning: player ${player} (${escapeControl(players[player]!.name)}) ${escapeControl(message)}, round ${round}${more}\n`,
      );
    };

    const allowShort = args.flags.has("allow-short-orders");
    const botLogDir = stringFlag(args, "bot-log");
    const botLog =
      botLogDir === undefined
        ? undefined
        : new BotLog(
            resolve(io.cwd, botLogDir),
            players.map((p) => p.name),
          );
    let result: MatchResult;
    // Each player's orders the rules ignored because its unit was killed earlier in the round.
    const overtaken = players.map(() => 0);
    try {
      result = await runMatch(engine, {
        config,
        seed,
        players: yieldingControllers(players),
        budget: budgetFrom(args),
        signal: abort.signal,
        ...(json || quiet ? {} : { onWarning }),
        ...(botLog !== undefined ? { onBotOutput: botLog.write } : {}),
        ...(watchPath !== undefined
          ? { replay: watchPath }
          : outPath !== undefined
            ? { replay: resolve(io.cwd, outPath) }
            : {}),
        // Streamed to <res>.partial as the match is played, renamed to <res> at its end.
        ...(resPath !== undefined ? { res: resolve(io.cwd, resPath) } : {}),
        ...(transcriptPath !== undefined
          ? { onMessage: (event) => transcript.push(JSON.stringify(event)) }
          : {}),
        onStep: (info) => {
          stepped = true;
          round = info.round;
          overtaken.forEach((_, p) => {
            for (const rejection of info.match.feedback?.recorded(p) ?? [])
              if (rejection.reason === "dead-unit") overtaken[p]!++;
          });
          progress?.update(info.round, info.scores);
          // The page follows step by step: the file's batches and the steps not yet written.
          watcher?.update(info.replay?.preview());
          // The trace is over but the match is not: its orders would silently be empty.
          if (
            trace !== undefined &&
            !allowShort &&
            info.step >= trace.length &&
            !info.match.isOver()
          ) {
            shortTrace = true;
            abort.abort();
          }
        },
      });
    } catch (error) {
      if (
        !stepped &&
        error instanceof ArenaError &&
        !["ABORTED", "CANNOT_WRITE"].includes(error.code)
      ) {
        // The match could not be made of the config (e.g. a map without start positions): the
        // runner failed before its first step, so it closed no bot; name the config.
        await Promise.all(players.map(({ controller }) => controller.close?.()));
        throw inFile(error, source);
      }
      if (outPath !== undefined && isSystemError(error)) {
        throw new ArenaError(
          "CANNOT_WRITE",
          `cannot write the replay: ${systemReason(error.code)}`,
          {
            file: outPath,
          },
        );
      }
      if (resPath !== undefined && isResWriteError(error, resolve(io.cwd, resPath))) {
        throw new ArenaError("CANNOT_WRITE", `cannot write the .res file: ${resReason(error)}`, {
          file: resPath,
        });
      }
      throw outPath !== undefined && error instanceof ArenaError && error.code === "CANNOT_WRITE"
        ? inFile(error, outPath)
        : error;
    } finally {
      botLog?.close();
      watcher?.end();
      progress?.clear();
      if (transcriptPath !== undefined) {
        writeOutputFile(
          resolve(io.cwd, transcriptPath),
          transcript.join("\n") + (transcript.length ? "\n" : ""),
          "transcript",
        );
      }
    }

    if (json) {
      io.out(`${safeJson(playResultJson(engine, result, { replay: outPath, res: resPath }))}\n`);
    } else if (!quiet) {
      io.out(`${describeResult(engine, result, overtaken)}\n`);
      if (outPath !== undefined) {
        io.out(`replay: ${outPath} (${formatBytes(statSync(resolve(io.cwd, outPath)).size)})\n`);
      }
      if (resPath !== undefined) io.out(`res: ${resPath}\n`);
      if (transcriptPath !== undefined) io.out(`transcript: ${transcriptPath}\n`);
      if (botLogDir !== undefined) io.out(`bot logs: ${botLogDir}\n`);
    }
    if (watcher !== undefined) {
      io.err(`The match is over; the viewer stays at ${watcher.url} until Ctrl-C\n`);
      await (await import("./view")).untilStopped();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ArenaError && error.code === "ABORTED")) throw error;
    const kept = keptReplay(outPath, io.cwd);
    if (shortTrace) {
      throw new ArenaError(
        "SHORT_TRACE",
        `the trace has ${trace!.length} steps but the match goes on (round ${round}${total !== undefined ? ` of ${total}` : ""}); add --allow-short-orders to play the rest with no orders${kept}`,
        { file: ordersPath },
      );
    }
    io.err(
      `arena: interrupted at round ${round}${total !== undefined ? `/${total}` : ""}${kept !== "" ? kept : "; nothing was kept (no --out)"}\n`,
    );
    return SIGNAL_EXIT[stoppedBy ?? "SIGINT"] ?? 130;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await closeWatcher();
  }
}

/** True for core's `TextFileWriter` failing to write the streamed `.res` at `path`. */
function isResWriteError(error: unknown, path: string): error is ArenaError {
  return error instanceof ArenaError && error.code === "CANNOT_WRITE" && error.file === path;
}

/** The system reason of a `TextFileWriter` error (its message ends with the errno code). */
function resReason(error: ArenaError): string {
  return systemReason(/\((E[A-Z]+)\)$/.exec(error.message)?.[1]);
}

/** Where the replay prefix of an interrupted match is, as a clause of the message. */
function keptReplay(outPath: string | undefined, cwd: string): string {
  if (outPath === undefined) return "";
  // core's ReplayWriter writes `<out>.partial` and renames it to `<out>` only when the match ends.
  const partial = `${outPath}.partial`;
  if (existsSync(resolve(cwd, partial))) return `; the replay so far is in ${partial}`;
  return existsSync(resolve(cwd, outPath)) ? `; the replay so far is in ${outPath}` : "";
}

/**
 * The human summary of a finished match: a header line and a ranked table. `deadUnitOrders[p]`:
 * how many of player p's rejected orders were for a unit dead by then (the engines' `dead-unit`,
 * mostly killed earlier in the same round), told apart from its other rejected orders.
 */
export function describeResult(
  engine: AnyEngine,
  result: MatchResult,
  deadUnitOrders: readonly number[] = [],
): string {
  const head = `${engine.title} · seed ${result.seed} · ${result.rounds} rounds · ${formatSeconds(result.durationMs)}`;
  const order = result.players
    .map((player, index) => ({ player, index }))
    .sort((a, b) => a.player.rank - b.player.rank || a.index - b.index);
  // The bot column only when some bot is not simply its name (a module, a program, a trace);
  // the greeting column when a bot named itself otherwise (Lighthouses' `{"name": …}` greeting).
  const showBot = result.players.some((player) => player.label !== player.name);
  const greets = (player: MatchResult["players"][number]) =>
    player.botName !== undefined && player.botName !== player.name ? player.botName : "";
  const showGreeting = result.players.some((player) => greets(player) !== "");
  const rows = [
    [
      "rank",
      "p",
      "name",
      ...(showGreeting ? ["greets as"] : []),
      ...(showBot ? ["bot"] : []),
      "score",
      "time",
      "",
    ],
  ];
  for (const { player, index } of order) {
    rows.push([
      String(player.rank),
      String(index),
      escapeControl(player.name),
      ...(showGreeting ? [escapeControl(greets(player))] : []),
      ...(showBot ? [escapeControl(player.label)] : []),
      String(player.score),
      formatSeconds(player.timeMs),
      player.frozen
        ? `OUT${player.frozenAtRound !== undefined ? ` at round ${player.frozenAtRound}` : ""}: ${escapeControl(player.fault ?? "frozen")}`
        : notes(player, deadUnitOrders[index] ?? 0),
    ]);
  }
  const right = [
    true,
    true,
    false,
    ...(showGreeting ? [false] : []),
    ...(showBot ? [false] : []),
    true,
    true,
    false,
  ];
  // The end of what a faulty bot wrote (a traceback, its last prints), under the table.
  const tails = order
    .filter(({ player }) => player.frozen && player.stderr !== undefined && player.stderr !== "")
    .map(
      ({ player, index }) =>
        `player ${index} (${escapeControl(player.name)}) wrote on stderr, last lines:\n${outputTail(player.stderr!)}`,
    );
  return [head, table(rows, right), ...tails].join("\n");
}

/**
 * Late turns and rejected orders of a player who finished, for the last column. Orders for units
 * dead by their turn are counted apart: a unit killed earlier in the round is no mistake of the
 * bot's (the original ignores these orders too).
 */
function notes(player: MatchResult["players"][number], deadUnitOrders: number): string {
  const parts: string[] = [];
  if (player.lateTurns > 0)
    parts.push(`${player.lateTurns} late turn${player.lateTurns === 1 ? "" : "s"}`);
  const dead = Math.min(deadUnitOrders, player.rejectedOrders ?? 0);
  const rejected = (player.rejectedOrders ?? 0) - dead;
  if (rejected > 0) parts.push(`${rejected} rejected order${rejected === 1 ? "" : "s"}`);
  if (dead > 0)
    parts.push(`${dead} order${dead === 1 ? "" : "s"} of units killed before their turn`);
  return parts.join(", ");
}
