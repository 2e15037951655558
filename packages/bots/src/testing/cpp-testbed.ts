// Node-only: what every game's C++ player tests share (exported as `@arena/bots/testing`).
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  type AnyEngine,
  type Budget,
  type Controller,
  firstDifference,
  inProcessBot,
  type Json,
  type Match,
  type MatchResult,
  OrderCollector,
  runMatch,
} from "@arena/core";
import { afterAll, expect } from "vitest";
import { buildCppPlayer, compileCppPlayer } from "../cpp/compile";
import { type CppProcessMode, cppBot } from "../cpp/cpp-bot";
import { discardUnusedPipes } from "../cpp/pipes";
import type { CppMode } from "../resolve/resolve-bot";
import { wasmBot } from "../wasm/wasm-bot";
import { wasmToolchain, wasmToolchainAvailable } from "../wasm/wasm-toolchain";

/** A seat of a match: a player's name and its controller. */
export interface Seat {
  name: string;
  controller: Controller;
}

/** What a reflecting seat wrote every round (`seen`) and what it should have seen (`want`). */
export interface Reflection {
  player: number;
  seen: Array<Record<string, unknown>>;
  want: Array<Record<string, unknown>>;
}

/** Options of `cppTestbed`. */
export interface CppTestbedOptions {
  /** `file:` URL (or path) of the directory with the game's C++ test players (`AI<Name>.cc`). */
  fixtures: string;
  /** `file:` URL (or path) of the game's reference data (`../shared/reference/<game>/`). */
  reference: string;
  /** The compiler (default: `$ARENA_CXX`, else `g++` on the PATH), as `compileCppPlayer`'s. */
  compiler?: string;
  /**
   * How the C++ players are compiled and played: `native` (default: g++, a process each) or
   * `wasm` (WebAssembly, in the test's thread: `wasmBot`; the test players' files, under the
   * scratch directory, are mounted at `/arena` and the `ARENA_*` variables pointing there
   * rewritten to match).
   */
  cpp?: CppMode;
}

/** What a game's C++ player tests use: see `cppTestbed`. */
export interface CppTestbed {
  /**
   * True when the compiler runs (`$ARENA_CXX`, else g++; as WebAssembly, clang for wasm32-wasi or
   * @yowasp/clang); the tests skip otherwise.
   */
  readonly hasCompiler: boolean;
  /** How its players are compiled and played. */
  readonly cpp: CppMode;
  /** True when the reference data is there; the trace replays skip otherwise. */
  readonly hasReference: boolean;
  /** A fresh directory for this test file's own files. */
  readonly scratch: string;
  /** The path of the C++ test player `name` (e.g. `AIReflect.cc`). */
  fixture(name: string): string;
  /** The text of the reference file `name` (relative to the reference directory; `.gz` unpacked). */
  read(name: string): string;
  /**
   * The names of the files ending with `suffix` in the reference directory's `directory`, without
   * the suffix, sorted (none without the reference data).
   */
  files(directory: string, suffix: string): string[];
  /** The rows of the Markdown table in the reference file `name`, as cells without backticks. */
  table(name: string): string[][];
  /** Compiles the test players `names` in parallel (later uses come from the cache). */
  compile(names: readonly string[]): Promise<void>;
  /**
   * A seat with the C++ player `file` (a fixture's name, or a path), named by its PLAYER_NAME;
   * copies in one match share a process unless `process` is `seat`.
   */
  seat(file: string, process?: CppProcessMode): Promise<Seat>;
  /**
   * Plays the match with the C++ player `file` in the seats `copies` (default all four) and the
   * built-in bot `others` (default Demo) in the rest, recording the `.res`, twice: with the copies
   * served by one process (`shared`) and by a process each (`perSeat`). `processes`: the
   * processes the copies had in the first (1 when they shared one).
   */
  copies(options: {
    file: string;
    config: unknown;
    seed: number;
    copies?: readonly number[];
    others?: string;
  }): Promise<{ shared: MatchResult; perSeat: MatchResult; processes: number }>;
  /**
   * Plays `copies` and expects (vitest) the copies to have shared one process without a fault,
   * and the match to be the one of a process per seat: the same `.res`, byte for byte, and the
   * same scores.
   */
  expectCopiesAgree(options: Parameters<CppTestbed["copies"]>[0]): Promise<void>;
  /** A seat with the built-in bot `name`, in process. */
  builtin(name: string): Seat;
  /**
   * Plays a match in which the seats `reflecting` run the game's `AIReflect.cc` (a test player
   * that calls every function of the API and writes what it sees, one JSON object a round, to
   * `$ARENA_REFLECT_OUT.<me>`) and the others the built-in Demo. For each reflecting seat: what
   * it wrote every round (`seen`) and what `view(match, player)` says it should see, taken from
   * the engine before each of its turns (`want`, aligned with `seen`).
   */
  reflect(options: {
    config: unknown;
    seed: number;
    reflecting: readonly number[];
    view(match: Match, player: number): Record<string, unknown>;
    res?: boolean;
    budget?: Budget;
  }): Promise<{ result: MatchResult; seats: Reflection[] }>;
  /**
   * Points the reflecting test player (`ARENA_REFLECT_OUT`) at a new scratch file and returns a
   * reader of what player `p` wrote there: one JSON object a round.
   */
  reflectTo(tag: string): (player: number) => Array<Record<string, unknown>>;
  /**
   * Plays a match of `AITraceReplay.cc` players, one under each of `names` (its PLAYER_NAME, so the
   * `.res` names them as recorded), that give the recorded orders `steps` (round, player, orders:
   * `Engine.readTrace`), recording the `.res`. The game's AITraceReplay.cc reads them from the file
   * `$ARENA_TRACE_ORDERS` as lines `<round> <player> <order(o)>`.
   */
  replay<Order>(options: {
    tag: string;
    config: unknown;
    seed: number;
    names: readonly string[];
    steps: ReadonlyArray<ReadonlyArray<ReadonlyArray<Order>>>;
    order(o: Order): string;
  }): Promise<MatchResult>;
  /**
   * Why `result` is not the recorded match `want`: the first player's fault, else the first
   * difference of its `.res` from `want`; undefined when it reproduces it byte for byte.
   */
  mismatch(result: MatchResult, want: string): string | undefined;
}

const asPath = (location: string): string =>
  location.startsWith("file:") ? fileURLToPath(location) : location;

/** What the parts of a test bed share. */
interface Bed {
  readonly engine: AnyEngine;
  readonly cpp: CppMode;
  readonly scratch: string;
  readonly compileOptions: { compiler?: string };
  fixture(name: string): string;
  seat(file: string, mode?: CppProcessMode): Promise<Seat>;
  builtin(name: string): Seat;
  reflectTo(tag: string): (player: number) => Array<Record<string, unknown>>;
}

/** Whether the compiler runs and the reference data is there, each with a warning when not. */
function checkTools(engine: AnyEngine, compiler: string, reference: string, cpp: CppMode) {
  let hasCompiler = true;
  if (cpp === "wasm") {
    hasCompiler = wasmToolchainAvailable();
    if (!hasCompiler) {
      console.warn(
        `${engine.title}: WebAssembly C++ player tests skipped: no clang for wasm32-wasi nor @yowasp/clang`,
      );
    }
  } else {
    try {
      execFileSync(compiler, ["--version"], { stdio: "ignore" });
    } catch {
      hasCompiler = false;
      console.warn(
        `${engine.title}: C++ player tests skipped: ${compiler} is absent (apt-get install g++)`,
      );
    }
  }
  const hasReference = existsSync(reference);
  if (!hasReference)
    console.warn(`${engine.title}: C++ trace replays skipped: ${reference} (../shared) is absent`);
  return { hasCompiler, hasReference };
}

/** The tests' compile cache (shared by reruns) and a scratch directory removed after the file. */
function testDirectories(engine: AnyEngine): string {
  process.env.ARENA_CACHE_DIR = join(tmpdir(), "arena-cpp-test-cache");
  const scratch = mkdtempSync(join(tmpdir(), `arena-cpp-${engine.name}-`));
  // Removed after the test file (`cppTestbed` is called at a file's top level).
  // The named pipes made ahead for players too: the test runner's worker does not end by `exit`.
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
    discardUnusedPipes();
  });
  return scratch;
}

/** Readers of the game's reference data: a file, the names in a directory, a Markdown table. */
function referenceReaders(reference: string, hasReference: boolean) {
  const read = (name: string) => {
    const bytes = readFileSync(join(reference, name));
    return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
  };
  const files = (directory: string, suffix: string) =>
    hasReference
      ? readdirSync(join(reference, directory))
          .filter((name) => name.endsWith(suffix))
          .map((name) => name.slice(0, -suffix.length))
          .sort()
      : [];
  const table = (name: string) =>
    read(name)
      .split("\n")
      .filter((line) => line.startsWith("|"))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.replace(/`/g, "").trim()),
      );
  return { read, files, table };
}

/**
 * Seats: a C++ test player (compiled, named by its PLAYER_NAME) or a built-in bot in process. The
 * test players are the tests' own instruments (they read and write the files their environment
 * names: `ARENA_REFLECT_OUT`, `ARENA_TRACE_ORDERS`): they run trusted, without the box.
 */
function seatMakers(
  engine: AnyEngine,
  fixture: (name: string) => string,
  compileOptions: { compiler?: string },
  cpp: CppMode,
  scratch: string,
): Pick<Bed, "seat" | "builtin"> {
  return {
    async seat(file, mode) {
      const process = mode !== undefined ? { process: mode } : {};
      const controller =
        cpp === "wasm"
          ? await wasmBot(engine, fixture(file), { ...process, ...mountedTestFiles(scratch) })
          : await cppBot(engine, fixture(file), { ...compileOptions, sandbox: false, ...process });
      return { name: controller.botName(), controller };
    },
    builtin(name) {
      const factory = engine.bots[name];
      if (factory === undefined) throw new Error(`${engine.title} has no built-in bot ${name}`);
      return { name, controller: inProcessBot(factory, name) };
    },
  };
}

/**
 * What a WebAssembly test player needs to find its files: the scratch directory mounted at
 * `/arena`, and the `ARENA_*` variables of this process (the test players' files) with the
 * scratch directory's path in their values as `/arena`.
 */
function mountedTestFiles(scratch: string): { env: Record<string, string>; mount: string } {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("ARENA_") && value !== undefined)
      env[name] = value.split(`${scratch}/`).join("/arena/");
  }
  return { env, mount: scratch };
}

/** Points `ARENA_REFLECT_OUT` at a scratch file; reads what player `p` wrote there. */
function reflectTo(scratch: string, tag: string) {
  const out = join(scratch, tag);
  process.env.ARENA_REFLECT_OUT = out;
  return (player: number) =>
    readFileSync(`${out}.${player}`, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** `CppTestbed.copies`: the match with copies sharing a process, then with a process each. */
async function playCopies(
  bed: Bed,
  {
    file,
    config,
    seed,
    copies = [0, 1, 2, 3],
    others = "Demo",
  }: Parameters<CppTestbed["copies"]>[0],
) {
  const play = async (mode: CppProcessMode) => {
    const players: Seat[] = [];
    for (let p = 0; p < 4; p++)
      players.push(copies.includes(p) ? await bed.seat(file, mode) : bed.builtin(others));
    const result = await runMatch(bed.engine, { config: config as Json, seed, players, res: true });
    const groups = new Set(copies.map((p) => players[p]!.controller.group ?? p));
    return { result, processes: groups.size };
  };
  const shared = await play("shared");
  const perSeat = await play("seat");
  return { shared: shared.result, perSeat: perSeat.result, processes: shared.processes };
}

/** `CppTestbed.reflect`: `AIReflect.cc` in the reflecting seats, what it saw against the view. */
async function playReflecting(
  bed: Bed,
  {
    config,
    seed,
    reflecting,
    view,
    res = false,
    budget = {},
  }: Parameters<CppTestbed["reflect"]>[0],
) {
  const read = bed.reflectTo(`reflect-${seed}-${reflecting.join("-")}`);
  const want: Array<Array<Record<string, unknown>>> = reflecting.map(() => []);
  const expectRound = (match: Match) =>
    reflecting.forEach((p, k) => {
      want[k]!.push(view(match, p));
    });
  expectRound(bed.engine.create(config as Json, seed, 4));
  const players: Seat[] = [];
  for (let p = 0; p < 4; p++)
    players.push(reflecting.includes(p) ? await bed.seat("AIReflect.cc") : bed.builtin("Demo"));
  const result = await runMatch(bed.engine, {
    config: config as Json,
    seed,
    players,
    res,
    budget,
    onStep: ({ match }) => {
      if (!match.isOver()) expectRound(match);
    },
  });
  const seats = reflecting.map((player, k) => ({
    player,
    seen: result.players[player]!.fault === undefined ? read(player) : [],
    want: want[k]!,
  }));
  return { result, seats };
}

/** `CppTestbed.replay`: `AITraceReplay.cc` under each recorded name, giving the recorded orders. */
async function playTraceReplay<Order>(
  bed: Bed,
  {
    tag,
    config,
    seed,
    names,
    steps,
    order,
  }: Parameters<CppTestbed["replay"]>[0] & {
    steps: ReadonlyArray<ReadonlyArray<ReadonlyArray<Order>>>;
    order(o: Order): string;
  },
): Promise<MatchResult> {
  let lines = "";
  for (const [round, players] of steps.entries())
    for (const [player, orders] of players.entries())
      for (const o of orders) lines += `${round} ${player} ${order(o)}\n`;
  const ordersFile = join(bed.scratch, `${tag}.orders.txt`);
  writeFileSync(ordersFile, lines);
  process.env.ARENA_TRACE_ORDERS = ordersFile;
  const template = readFileSync(bed.fixture("AITraceReplay.cc"), "utf8");
  const players: Seat[] = [];
  if (bed.cpp === "wasm") {
    // The player's name is only its seat's name: one module (a compile of several seconds) for
    // every recorded name.
    for (const name of names) players.push({ ...(await bed.seat("AITraceReplay.cc")), name });
    return runMatch(bed.engine, { config: config as Json, seed, players, res: true });
  }
  for (const name of names) {
    const dir = join(bed.scratch, name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `AI${name}.cc`);
    writeFileSync(
      file,
      template.replace("#define PLAYER_NAME TraceReplay", `#define PLAYER_NAME ${name}`),
    );
    players.push(await bed.seat(file));
  }
  return runMatch(bed.engine, { config: config as Json, seed, players, res: true });
}

/** `CppTestbed.mismatch`: the first player's fault, else the first `.res` difference. */
function mismatch(result: MatchResult, want: string): string | undefined {
  const faulty = result.players.findIndex((player) => player.fault !== undefined);
  if (faulty >= 0) return `player ${faulty} failed: ${result.players[faulty]!.fault}`;
  if (result.res === undefined) return "no .res was recorded";
  return firstDifference(result.res, want);
}

/**
 * The C++ player tests' common part for `engine`: whether g++ and the reference data are there
 * (a warning says what is skipped when not), the shared compile cache of the tests
 * (`$ARENA_CACHE_DIR` set to one directory under the system's temporary directory, so reruns
 * compile nothing), a scratch directory, and seats, trace replays and reflections built from the
 * game's C++ test players.
 */
export function cppTestbed(engine: AnyEngine, options: CppTestbedOptions): CppTestbed {
  const fixtures = asPath(options.fixtures);
  const reference = asPath(options.reference);
  const compiler = options.compiler ?? process.env.ARENA_CXX ?? "g++";
  const cpp = options.cpp ?? "native";
  const { hasCompiler, hasReference } = checkTools(engine, compiler, reference, cpp);
  const scratch = testDirectories(engine);
  const compileOptions = options.compiler === undefined ? {} : { compiler: options.compiler };
  const fixture = (name: string) => (isAbsolute(name) ? name : join(fixtures, name));
  const { seat, builtin } = seatMakers(engine, fixture, compileOptions, cpp, scratch);
  const reflectInto = (tag: string) => reflectTo(scratch, tag);
  const bed: Bed = {
    engine,
    cpp,
    scratch,
    compileOptions,
    fixture,
    seat,
    builtin,
    reflectTo: reflectInto,
  };
  const testbed: CppTestbed = {
    hasCompiler,
    cpp,
    hasReference,
    scratch,
    fixture,
    ...referenceReaders(reference, hasReference),
    async compile(names) {
      if (cpp === "wasm") {
        const toolchain = await wasmToolchain();
        // One after the other: clang for WebAssembly takes much memory and both CPUs already.
        for (const name of names) await buildCppPlayer(toolchain, engine.cpp!, fixture(name));
        return;
      }
      await Promise.all(
        names.map((name) => compileCppPlayer(engine.cpp!, fixture(name), compileOptions)),
      );
    },
    seat,
    builtin,
    copies: (copies) => playCopies(bed, copies),
    async expectCopiesAgree(copies) {
      const { shared, perSeat, processes } = await playCopies(bed, copies);
      expect(processes).toBe(1);
      expect(shared.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
      expect(mismatch(perSeat, shared.res!)).toBeUndefined();
      expect(shared.scores).toEqual(perSeat.scores);
    },
    reflect: (reflecting) => playReflecting(bed, reflecting),
    reflectTo: reflectInto,
    replay: (trace) => playTraceReplay(bed, trace),
    mismatch,
  };
  return testbed;
}

/**
 * Plays `match` to its end in process with the built-in bot `bot` (default Demo) in every seat,
 * calling `visit()` before every step: e.g. to compare a C++ kit's turn message with the `.res`
 * state block the engine writes, every round.
 */
export function eachRound(engine: AnyEngine, match: Match, visit: () => void, bot = "Demo"): void {
  const factory = engine.bots[bot];
  if (factory === undefined) throw new Error(`${engine.title} has no built-in bot ${bot}`);
  const bots = Array.from({ length: match.numPlayers }, () => factory());
  while (!match.isOver()) {
    visit();
    match.step(
      bots.map((player, p) => {
        const collector = new OrderCollector<unknown>();
        player.play(match.view(p), match.actions(p, collector));
        return collector.orders;
      }),
    );
  }
}
