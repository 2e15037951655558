import { resolve } from "node:path";
import { type AnyEngine, ArenaError, type Json } from "@arena/core";
import {
  type MatchRecord,
  parseBotArgument,
  parseSeeds,
  type RunOptions,
  runTournament,
  type TournamentSummary,
  winShare,
} from "@arena/tournament";
import { type FlagSpec, integerFlag, type ParsedArgs, stringFlag } from "../args";
import { botMode, botModeFlags, warnWithoutBox } from "../bot-mode";
import type { Command } from "../command";
import { placeFirst } from "../compiler-output";
import { CPP_MODE_FLAGS, cppModeFrom } from "../cpp-mode";
import { readInputFile } from "../files";
import { escapeControl, table } from "../format";
import { gameFlags } from "../game-flags";
import { loadGame } from "../games";
import type { CliIo } from "../io";
import { prepareReporter } from "../prepare-report";
import { TIME_LIMIT_FLAGS } from "./play/flags";
import { budgetFrom } from "./play/match-config";
import { redisRunner } from "./worker-runner";

/** The flags `tournament`, `test` and `contest` share. */
export const runFlags: readonly FlagSpec[] = [
  {
    name: "jobs",
    type: "integer",
    value: "N",
    help: "matches at once (default: the machine's cores; 1 plays in this process)",
  },
  {
    name: "out",
    type: "string",
    value: "FILE",
    help: "results, one JSON line per match (default arena-<command>.jsonl, overwritten unless --resume)",
  },
  {
    name: "resume",
    type: "boolean",
    help: "keep the matches already in --out, play only the rest",
  },
  {
    name: "replays",
    type: "string",
    value: "DIR",
    help: "keep every match's replay in DIR, named <match id>.arena",
  },
  { name: "config", type: "string", value: "FILE", help: "the game's original config / map file" },
  {
    name: "map",
    type: "string",
    value: "FILE",
    help: "same as --config (Lighthouses' word for it)",
  },
  ...TIME_LIMIT_FLAGS,
  ...CPP_MODE_FLAGS,
  { name: "isolated", type: "boolean", help: "run JS-module bots in worker threads of their own" },
  ...botModeFlags,
  {
    name: "json",
    type: "boolean",
    help: "print one summary object (its JSON Schema: @arena/tournament/summary.schema.json)",
  },
  { name: "quiet", type: "boolean", help: "print nothing but errors" },
  {
    name: "redis",
    type: "string",
    value: "URL",
    help: "play the matches on 'arena worker's through Redis (e.g. redis://host:6379) instead of here",
  },
  {
    name: "queue",
    type: "string",
    value: "NAME",
    help: "with --redis: the queue (default arena-matches)",
  },
  {
    name: "insecure-queue",
    type: "boolean",
    help: "with --redis on this machine only: jobs and results signed without ARENA_QUEUE_SECRET",
  },
];

/** The flags of `arena tournament`. */
export const tournamentFlags: readonly FlagSpec[] = [
  {
    name: "seeds",
    type: "string",
    value: "LIST",
    help: "N (1..N), A..B, or a list 1,5,9..12 (default 10)",
  },
  {
    name: "seats",
    type: "string",
    value: "rotate|all",
    help: "seat arrangements per seed: every rotation (default) or every permutation",
  },
  {
    name: "fill",
    type: "string",
    value: "BOT",
    help: "fill the seats missing when there are fewer bots than seats",
  },
  {
    name: "players",
    type: "integer",
    value: "N",
    help: "players per match (games with a range: default the number of bots)",
  },
  ...runFlags,
];

/** How bots are given to the three run commands (help notes). */
export const botNotes = `Bots:
  Demo, Null            a built-in bot of the game (see 'arena list')
  ./my-bot.js           a JS module exporting a bot (default export, or named 'bot')
  ./AIMine.cc           a C++ player of the original kit (compiled with g++, cached; --cpp
                        wasm: WebAssembly), named by its PLAYER_NAME as in 'arena play'
  ./my-bot.ts           a TypeScript module, run as it is (transpiled on the fly)
  "exec:python3 bot.py" an external program speaking JSON lines on stdin/stdout
  NAME=SPEC             the bot under the name NAME
A bot given twice is named Demo, Demo#2, Demo#3, … (as the original's ./Game Demo Demo Demo
Demo). A bot whose file does not compile or load plays no move: it is frozen from the start of
each of its matches, its compiler's messages in the results (and a contest disqualifies it).

Each game's own options are listed by 'arena <command> <game> --help'.

Ctrl-C stops the run: the matches in flight are lost, the others are kept in --out, and the
command that resumes the run is printed.`;

/** `arena tournament`. */
export const tournamentCommand: Command = {
  name: "tournament",
  usage: "<game> <bot>… [options]",
  description: `Every bot plays every seed in every seat. With as many bots as seats, each seed is played in
every rotation of the seats (or every permutation with --seats all); with more bots, every
combination of bots, each rotated. Prints a table per bot (wins, win rate with its 95 % interval,
mean placement and score, OpenSkill rating, faults), a head-to-head table and results per seat.`,
  flags: tournamentFlags,
  notes: botNotes,
  minPositionals: 2,
  moreFlags: gameFlags,
  run: (args, io) => tournament(args, io),
};

/** The common options of the three run commands. */
export interface CommonRun {
  engine: AnyEngine;
  options: Omit<RunOptions, "signal">;
  /** Path of the results file as given (relative to the cwd). */
  out: string;
  json: boolean;
  quiet: boolean;
}

/**
 * Reads the options every run command shares; with `--redis`, loads the queue and checks its
 * secret and URL before anything is written.
 */
export async function commonRun(
  args: ParsedArgs,
  io: CliIo,
  engine: AnyEngine,
  kind: string,
): Promise<CommonRun> {
  const jobs = integerFlag(args, "jobs");
  if (jobs !== undefined && jobs < 1) {
    throw new ArenaError("BAD_FLAG", `option --jobs needs a positive number, got ${jobs}`);
  }
  const configPath = stringFlag(args, "config") ?? stringFlag(args, "map");
  let config: Json =
    configPath === undefined
      ? engine.defaultConfig()
      : engine.parseConfig(readInputFile(resolve(io.cwd, configPath), "config"), configPath);
  for (const option of engine.options ?? []) {
    const value = stringFlag(args, option.name);
    if (value !== undefined) config = option.apply(config, value);
  }
  const budget = budgetFrom(args);
  const cpp = cppModeFrom(args);
  const out = stringFlag(args, "out") ?? `arena-${kind}.jsonl`;
  const replays = stringFlag(args, "replays");
  const mode = botMode(args);
  // A contest is Jutge's: its C++ players under Jutge's limits unless --limits says otherwise.
  const limits = mode.limits ?? (kind === "contest" ? "jutge" : undefined);
  const specs = [
    ...args.positionals.slice(1),
    ...["vs", "fill", "baseline"].flatMap((name) => stringFlag(args, name) ?? []),
  ].map((argument) => parseBotArgument(argument).spec);
  warnWithoutBox(io, mode, specs, Object.keys(engine.bots));
  const url = stringFlag(args, "redis");
  const queue = stringFlag(args, "queue");
  const redis =
    url === undefined
      ? undefined
      : {
          url,
          ...(queue !== undefined ? { queue } : {}),
          ...(args.flags.has("insecure-queue") ? { insecure: true } : {}),
        };
  let engineUrl: string | undefined;
  try {
    engineUrl = import.meta.resolve(engine.module);
  } catch {
    engineUrl = undefined;
  }
  return {
    engine,
    out,
    json: args.flags.has("json"),
    quiet: args.flags.has("quiet"),
    options: {
      engine,
      config,
      cwd: io.cwd,
      out,
      ...(jobs !== undefined ? { jobs } : {}),
      ...(args.flags.has("resume") ? { resume: true } : {}),
      ...(replays !== undefined ? { replays } : {}),
      ...(Object.keys(budget).length > 0 ? { budget } : {}),
      ...(args.flags.has("isolated") ? { isolated: true } : {}),
      sandbox: mode.sandbox,
      ...(limits !== undefined ? { limits } : {}),
      ...(cpp !== undefined ? { cpp } : {}),
      ...(engineUrl !== undefined ? { engineUrl } : {}),
      ...(redis !== undefined ? { runner: await redisRunner(redis, io) } : {}),
      onWarning: (message: string) => io.err(`warning: ${message}\n`),
      ...(args.flags.has("quiet")
        ? {}
        : {
            onPrepare: prepareReporter(
              io,
              io.interactive && !args.flags.has("json"),
              kind === "contest" ? "disqualified" : kind === "test" ? "stops" : "frozen",
            ),
          }),
    },
  };
}

/** The seeds of `--seeds` (default `fallback`). */
export function seedsFlag(args: ParsedArgs, fallback: string): number[] {
  return parseSeeds(stringFlag(args, "seeds") ?? fallback, "--seeds");
}

const quote = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/** The command line that resumes this run: the same arguments plus `--resume`. */
export function resumeCommand(command: string, args: ParsedArgs): string {
  const words = ["arena", command, ...args.positionals];
  for (const [name, value] of args.flags) {
    if (name === "resume") continue;
    words.push(`--${name}`);
    if (value !== true) words.push(value);
  }
  words.push("--resume");
  return words.map(quote).join(" ");
}

/** A one-line progress bar on stderr (only on a terminal): done/total, rate, ETA, leader. */
export class Progress {
  private readonly started = Date.now();
  private last = 0;
  private shown = false;
  private done = 0;
  private readonly wins = new Map<string, { wins: number; seats: number }>();

  constructor(
    private readonly io: CliIo,
    private readonly total: number,
    private readonly enabled: boolean,
  ) {}

  /** Counts a record (and redraws at most ten times a second). */
  add(record: MatchRecord): void {
    this.done++;
    if (record.error === undefined) {
      record.seats.forEach((name, seat) => {
        const entry = this.wins.get(name) ?? { wins: 0, seats: 0 };
        entry.wins += winShare(record, seat);
        entry.seats++;
        this.wins.set(name, entry);
      });
    }
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const left = rate > 0 ? Math.max(0, this.total - this.done) / rate : 0;
    const width = 24;
    const filled = Math.min(width, Math.round((this.done / Math.max(1, this.total)) * width));
    let leader = "";
    let best = -1;
    for (const [name, entry] of this.wins) {
      const share = entry.wins / entry.seats;
      if (share > best) {
        best = share;
        leader = name;
      }
    }
    const eta = `${Math.floor(left / 60)}:${String(Math.round(left % 60)).padStart(2, "0")}`;
    const bar =
      this.total > 0
        ? `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} · ${rate.toFixed(1)} matches/s · ETA ${eta}`
        : `${this.done} matches · ${rate.toFixed(1)} matches/s`;
    const lead = leader ? ` · leader ${leader} ${(best * 100).toFixed(0)}%` : "";
    this.io.err(`\r${bar}${lead}\x1b[K`);
    this.shown = true;
  }

  /** Clears the bar. */
  clear(): void {
    if (this.shown) this.io.err("\r\x1b[K");
    this.shown = false;
  }
}

/**
 * Runs `body` with an AbortSignal that SIGINT (Ctrl-C) aborts. On an interruption, prints how
 * many matches were kept and the command that resumes the run, and returns exit code 130.
 */
export async function interruptible(
  io: CliIo,
  resume: string,
  body: (signal: AbortSignal) => Promise<number>,
): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => {
    // Printed at once: an external bot's own SIGINT hook may end the process right after.
    io.err(
      `\ninterrupted: the matches in flight are lost, the others are kept; resume with:\n  ${resume}\n`,
    );
    controller.abort();
  };
  process.once("SIGINT", onSigint);
  try {
    return await body(controller.signal);
  } catch (error) {
    if (controller.signal.aborted && error instanceof ArenaError && error.code === "ABORTED")
      return 130;
    throw error;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** The human report of a tournament summary. */
export function describeTournament(summary: TournamentSummary): string {
  const lines: string[] = [];
  lines.push(
    `${summary.game} tournament · ${summary.matches} matches${summary.errors ? ` · ${summary.errors} failed` : ""}`,
  );
  const rows = [
    [
      "#",
      "bot",
      "matches",
      "wins",
      "win rate",
      "95% interval",
      "placement",
      "score",
      "rating",
      "faults",
    ],
  ];
  summary.bots.forEach((bot, i) => {
    rows.push([
      String(i + 1),
      bot.bot,
      String(bot.matches),
      fixed(bot.wins, Number.isInteger(bot.wins) ? 0 : 2),
      percent(bot.winRate),
      `${percent(bot.winRateCI[0])}–${percent(bot.winRateCI[1])}`,
      fixed(bot.meanPlacement),
      fixed(bot.meanScore, 1),
      `${fixed(bot.rating.mu, 1)} ± ${fixed(bot.rating.sigma, 1)}`,
      String(bot.faults),
    ]);
  });
  lines.push(table(rows, [true, false, true, true, true, true, true, true, true, true]));
  const { headToHead } = summary;
  if (headToHead.bots.length > 2 || summary.bots.length > 1) {
    lines.push("", "head to head (how often the row bot finished above the column bot):");
    const h2h = [["", ...headToHead.bots]];
    headToHead.bots.forEach((name, i) => {
      h2h.push([
        name,
        ...headToHead.bots.map((_, j) =>
          i === j || headToHead.matches[i]![j] === 0 ? "-" : percent(headToHead.above[i]![j]!),
        ),
      ]);
    });
    lines.push(table(h2h, [false, ...headToHead.bots.map(() => true)]));
  }
  lines.push("", "per seat:");
  const seatRows = [["seat", "matches", "win rate", "placement", "score"]];
  for (const seat of summary.seats) {
    seatRows.push([
      String(seat.seat),
      String(seat.matches),
      percent(seat.winRate),
      fixed(seat.meanPlacement),
      fixed(seat.meanScore, 1),
    ]);
  }
  lines.push(table(seatRows, [true, true, true, true, true]));
  const faults = summary.bots.flatMap((bot) =>
    bot.faultReasons.map((fault) => {
      // A reason of several lines (a compiler's messages) goes on under its first.
      const [first = "", ...more] = fault.reason.split("\n");
      return [
        `  ${escapeControl(bot.bot)}: ${fault.count}× ${escapeControl(placeFirst(first, more))}`,
        ...more.map((line) => `    ${escapeControl(line)}`),
      ].join("\n");
    }),
  );
  if (faults.length > 0) lines.push("", "faults:", ...faults);
  return lines.join("\n");
}

/** `arena tournament`: returns the process exit code. */
export async function tournament(args: ParsedArgs, io: CliIo): Promise<number> {
  const [gameName, ...botArgs] = args.positionals;
  const engine = await loadGame(gameName!);
  if (botArgs.length === 0)
    throw new ArenaError("BAD_FLAG", "arena tournament needs bots (arena tournament --help)");
  const common = await commonRun(args, io, engine, "tournament");
  const seats = stringFlag(args, "seats") ?? "rotate";
  if (seats !== "rotate" && seats !== "all") {
    throw new ArenaError("BAD_FLAG", `option --seats takes rotate or all, got '${seats}'`);
  }
  const fill = stringFlag(args, "fill");
  const players = integerFlag(args, "players");
  const run = (signal: AbortSignal) => {
    const started = runTournament({
      ...common.options,
      signal,
      bots: botArgs.map(parseBotArgument),
      seeds: seedsFlag(args, "10"),
      seats,
      ...(fill !== undefined ? { fill: parseBotArgument(fill) } : {}),
      ...(players !== undefined ? { players } : {}),
    });
    return started;
  };
  return interruptible(io, resumeCommand("tournament", args), async (signal) => {
    const started = run(signal);
    const progress = new Progress(
      io,
      started.planned,
      io.interactive && !common.json && !common.quiet,
    );
    try {
      for await (const record of started) progress.add(record);
    } finally {
      progress.clear();
    }
    const summary = started.summary();
    if (common.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
    else if (!common.quiet) io.out(`${describeTournament(summary)}\nresults: ${common.out}\n`);
    return 0;
  });
}
