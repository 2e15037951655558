import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import {
  type AnyEngine,
  ArenaError,
  type Budget,
  type Controller,
  type Json,
  type MatchResult,
  resolveBot,
  runMatch,
  traceController,
  type WarningEvent,
} from "@arena/core";
import { checkFlags, integerFlag, type ParsedArgs, stringFlag } from "../args";
import { readInputFile, writeOutputFile } from "../files";
import { formatBytes, formatSeconds, table } from "../format";
import { findGame } from "../games";
import type { CliIo } from "../io";
import { untilStopped, watchMatch } from "./view";

/** Late-turn warnings printed per player; later ones are only counted. */
const WARNINGS_SHOWN = 5;

export const playBooleans = new Set(["json", "isolated", "quiet", "help", "debug", "watch"]);
const playFlags = [
  "seed",
  "port",
  "config",
  "map",
  "out",
  "res",
  "orders",
  "transcript",
  "budget",
  "turn-timeout",
  "start-timeout",
  ...playBooleans,
];

export const playHelp = `Usage: arena play <game> [bots…] [options]

Plays one match and prints the result. With no bots, every player is Demo.

Bots:
  Demo, Null            a built-in bot of the game (see 'arena list')
  ./my-bot.js           a JS module exporting a bot (default export, or named 'bot')
  ./AIMine.cc           a C++ player of the original kit (compiled with g++, cached)
  "exec:python3 bot.py" an external program speaking JSON lines on stdin/stdout

Options:
  --seed N              the match seed (default 1)
  --config FILE         the game's original config / map file (.cnf, map .txt)
  --map FILE            same as --config (Lighthouses' word for it)
  --out FILE            write the arena replay to FILE (read it with 'arena replay')
  --res FILE            write the original engine's .res replay to FILE
  --orders FILE         every player replays its orders from a recorded trace file
                        (the bot names then only name the players)
  --transcript FILE     write every external-bot protocol message as JSON lines
  --isolated            run JS-module bots in a worker thread (an endless loop is cut off)
  --budget MS           total time budget per player (frozen when exceeded)
  --turn-timeout MS     per-turn time limit for external and isolated bots
  --start-timeout MS    time an external bot may take to start
  --port N              with --watch: the viewer's port (default: a free one)
  --watch               follow the match in the web viewer as it is played (a
                        loopback page; the match starts when the page is open)
  --json                print the result as JSON
  --quiet               print nothing but errors
  --debug               show stack traces of errors
`;

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

function loadConfig(engine: AnyEngine, args: ParsedArgs, io: CliIo): Json {
  const configPath = stringFlag(args, "config");
  const mapPath = stringFlag(args, "map");
  if (configPath !== undefined && mapPath !== undefined) {
    throw new ArenaError("BAD_FLAG", "give either --config or --map, not both");
  }
  const path = configPath ?? mapPath;
  let config: Json =
    path === undefined
      ? engine.defaultConfig()
      : engine.parseConfig(readInputFile(resolve(io.cwd, path), "config"), path);
  for (const option of engine.options ?? []) {
    const value = stringFlag(args, option.name);
    if (value !== undefined) config = option.apply(config, value);
  }
  return config;
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

/** `arena play`: returns the process exit code. */
export async function play(args: ParsedArgs, io: CliIo): Promise<number> {
  const [gameName, ...bots] = args.positionals;
  if (args.flags.has("help") || gameName === undefined) {
    io.out(playHelp);
    return gameName === undefined && !args.flags.has("help") ? 2 : 0;
  }
  const engine = findGame(gameName);
  checkFlags(args, new Set([...playFlags, ...(engine.options ?? []).map((o) => o.name)]), "play");
  const seed = integerFlag(args, "seed", 1);
  const config = loadConfig(engine, args, io);
  const ordersPath = stringFlag(args, "orders");

  let players: Array<{ name: string; controller: Controller }>;
  if (ordersPath !== undefined) {
    const steps = engine.readTrace
      ? engine.readTrace(readInputFile(resolve(io.cwd, ordersPath), "trace"), ordersPath)
      : undefined;
    if (steps === undefined) {
      throw new ArenaError("BAD_FLAG", `${engine.name} has no order traces (--orders)`);
    }
    const count = steps[0]?.length ?? engine.players.default;
    if (bots.length !== 0 && bots.length !== count) {
      throw new ArenaError(
        "BAD_FLAG",
        `the trace has ${count} players but ${bots.length} names were given`,
      );
    }
    players = Array.from({ length: count }, (_, p) => ({
      name: bots[p] ?? `Player${p}`,
      controller: traceController(steps, p),
    }));
  } else {
    const specs = bots.length > 0 ? bots : Array(engine.players.default).fill("Demo");
    const { min, max } = engine.players;
    if (specs.length < min || specs.length > max) {
      const wanted = min === max ? `${min}` : `${min} to ${max}`;
      throw new ArenaError(
        "BAD_FLAG",
        `${engine.title} needs ${wanted} bots, got ${specs.length} (${specs.join(" ")})`,
      );
    }
    const isolated = args.flags.has("isolated");
    players = [];
    const engineUrl = isolated ? gameModuleUrl(engine) : undefined;
    for (const spec of specs) {
      const controller = await resolveBot(engine, spec, {
        isolated,
        cwd: io.cwd,
        ...(engineUrl !== undefined ? { engineUrl } : {}),
      });
      // A C++ player is named by its PLAYER_NAME (as in the original's results and .res).
      players.push({ name: controller.botName?.() ?? botName(spec), controller });
    }
  }

  const transcriptPath = stringFlag(args, "transcript");
  const transcript: string[] = [];
  const outPath = stringFlag(args, "out");
  const resPath = stringFlag(args, "res");
  const json = args.flags.has("json");
  const quiet = args.flags.has("quiet");
  const showProgress = io.interactive && !json && !quiet;
  const started = Date.now();
  let lastProgress = 0;
  let progressShown = false;

  // Late turns (over the turn limit, within its grace) are warnings on stderr, a few per player.
  const warned = new Map<number, number>();
  const onWarning = ({ round, player, message }: WarningEvent): void => {
    const count = (warned.get(player) ?? 0) + 1;
    warned.set(player, count);
    if (count > WARNINGS_SHOWN) return;
    if (progressShown) io.err("\r\x1b[K");
    const more =
      count === WARNINGS_SHOWN ? " (further late turns of this player are only counted)" : "";
    io.err(
      `warning: player ${player} (${players[player]!.name}) ${message}, round ${round}${more}\n`,
    );
  };

  // --watch: the replay (to --out, or a temporary file) is followed by a loopback viewer page.
  const watchPath = !args.flags.has("watch")
    ? undefined
    : outPath !== undefined
      ? resolve(io.cwd, outPath)
      : join(mkdtempSync(join(tmpdir(), "arena-watch-")), `${engine.name}.arena`);
  const watcher =
    watchPath === undefined
      ? undefined
      : await watchMatch(watchPath, io, integerFlag(args, "port"));
  if (watcher !== undefined) await watcher.connected;

  let result: MatchResult;
  try {
    result = await runMatch(engine, {
      config,
      seed,
      players,
      budget: budgetFrom(args),
      ...(json || quiet ? {} : { onWarning }),
      ...(watchPath !== undefined
        ? { replay: watchPath }
        : outPath !== undefined
          ? { replay: resolve(io.cwd, outPath) }
          : {}),
      ...(resPath !== undefined ? { res: true } : {}),
      ...(transcriptPath !== undefined
        ? { onMessage: (event) => transcript.push(JSON.stringify(event)) }
        : {}),
      ...(watcher !== undefined ? { onStep: () => watcher.update() } : {}),
      ...(showProgress
        ? {
            onStep: ({ round, scores }) => {
              watcher?.update();
              const now = Date.now();
              if (now - started < 1000 || now - lastProgress < 100) return;
              lastProgress = now;
              progressShown = true;
              io.err(`\r${engine.title}: round ${round}  scores ${scores.join(" ")}   `);
            },
          }
        : {}),
    });
  } finally {
    watcher?.end();
    if (progressShown) io.err("\r\x1b[K");
    if (transcriptPath !== undefined) {
      writeOutputFile(
        resolve(io.cwd, transcriptPath),
        transcript.join("\n") + (transcript.length ? "\n" : ""),
        "transcript",
      );
    }
  }
  if (resPath !== undefined) {
    if (result.res === undefined) {
      throw new ArenaError("BAD_FLAG", `${engine.name} has no .res format (--res)`);
    }
    writeOutputFile(resolve(io.cwd, resPath), result.res, ".res");
  }

  if (json) {
    const { res: _res, ...rest } = result;
    io.out(
      `${JSON.stringify({ ...rest, ...(outPath ? { replay: outPath } : {}), ...(resPath ? { resFile: resPath } : {}) }, null, 2)}\n`,
    );
  } else if (!quiet) {
    io.out(`${describeResult(engine, result)}\n`);
    if (outPath !== undefined) {
      io.out(`replay: ${outPath} (${formatBytes(statSync(resolve(io.cwd, outPath)).size)})\n`);
    }
    if (resPath !== undefined) io.out(`res: ${resPath}\n`);
    if (transcriptPath !== undefined) io.out(`transcript: ${transcriptPath}\n`);
  }
  if (watcher !== undefined) {
    io.err(`The match is over; the viewer stays at ${watcher.url} until Ctrl-C\n`);
    await untilStopped();
    await watcher.close();
  }
  return 0;
}

/** The human summary of a finished match: a header line and a ranked table. */
export function describeResult(engine: AnyEngine, result: MatchResult): string {
  const head = `${engine.title} · seed ${result.seed} · ${result.rounds} rounds · ${formatSeconds(result.durationMs)}`;
  const order = result.players
    .map((player, index) => ({ player, index }))
    .sort((a, b) => a.player.rank - b.player.rank || a.index - b.index);
  // The bot column only when some bot is not simply its name (a module, a program, a trace).
  const showBot = result.players.some((player) => player.label !== player.name);
  const rows = [["rank", "p", "name", ...(showBot ? ["bot"] : []), "score", "time", ""]];
  for (const { player, index } of order) {
    rows.push([
      String(player.rank),
      String(index),
      player.name,
      ...(showBot ? [player.label] : []),
      String(player.score),
      formatSeconds(player.timeMs),
      player.frozen
        ? `OUT${player.frozenAtRound !== undefined ? ` at round ${player.frozenAtRound}` : ""}: ${player.fault ?? "frozen"}`
        : player.lateTurns > 0
          ? `${player.lateTurns} late turn${player.lateTurns === 1 ? "" : "s"}`
          : "",
    ]);
  }
  const right = [true, true, false, ...(showBot ? [false] : []), true, true, false];
  return `${head}\n${table(rows, right)}`;
}
