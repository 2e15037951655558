// Node-only: JS-module bots in their own Node process, under Node's permission model.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type AnyEngine,
  ArenaError,
  BotFault,
  type Controller,
  callCpuFault,
  type Json,
  memoryFault,
  type PlayContext,
  type StartContext,
  wallFault,
} from "@arena/core";
import { resolveEngineUrl } from "../isolated/isolated";
import { moduleHostLimits, SCRATCH_BYTES } from "../limits/bot-limits";
import { CappedText } from "../process/capped-text";
import { INTERRUPTED_FAULT } from "../process/interrupted";
import { trackGroup, untrackGroup } from "../process/live-groups";
import { ProcessUsageReader } from "../process/process-usage";
import { WallNet } from "../process/wall-net";
import { collectWorkerOrders } from "../process/worker-orders";
import { BOX_LEVELS, boxEnvironment, boxSignal } from "../sandbox/box";
import { type SandboxMode, sandboxed, usesBox } from "../sandbox/sandbox";
import { BOT_HOST_SOURCE, replyMac } from "./bot-host-source";
import { engineBundle } from "./engine-bundle";

/** What a bot host runs and how. */
export interface BotHostOptions {
  /** The game. */
  engine: AnyEngine;
  /** File URL of the module exporting the bot (default export or `bot`, or `exportName`). */
  moduleUrl?: string;
  /** Named export holding the bot class or factory. */
  exportName?: string;
  /** A built-in bot of the engine instead of a module. */
  builtin?: string;
  /** File URL of the engine module (default: `engine.module` resolved from `cwd`). */
  engineUrl?: string;
  /** Working directory of the process and base of `engine.module` resolution. */
  cwd?: string;
  /**
   * Run the process in its box (bubblewrap: no network, nothing visible but what it reads, the
   * kernel's limits): `"auto"` (default) wherever the box can run, `true` always (an
   * `ArenaError("NO_SANDBOX")` where it cannot), `false` never (trusted code).
   */
  sandbox?: SandboxMode;
  /** Memory cap of the process in MiB (heap, data segment and resident size; default 1024). */
  memoryMiB?: number;
  /** More files or directories the bot may read (by default only its own module file). */
  allowRead?: readonly string[];
}

/** Default memory cap of a bot process (MiB). */
export const DEFAULT_BOT_MEMORY_MIB = 1024;
/** Default CPU time a hosted bot has to start and per turn (ms). */
const DEFAULT_START_MS = 10_000;
const DEFAULT_TURN_MS = 10_000;
/**
 * A process serves at most this many matches, and is reused only while its resident size is under
 * half its memory cap: every match imports a new instance of the bot's module, and the module
 * loader keeps them all.
 */
const MAX_MATCHES_PER_PROCESS = 100;
/** How often a pending call's CPU time, memory and wall time are checked (ms). */
const WATCH_MS = 20;

type Reply =
  | { t: "loaded"; pid: number }
  | { t: "ready"; s: number }
  | { t: "closed"; s: number; clean: boolean }
  | {
      t: "orders";
      s: number;
      orders: unknown[];
      keys?: Array<number | string>;
      offered: number;
      notes?: unknown[];
    }
  | {
      t: "error";
      s?: number;
      error: {
        name: string;
        message: string;
        code?: string;
        permission?: string;
        resource?: string;
      };
    };

/** The package root (the nearest directory with a package.json) of a file. */
function packageRoot(file: string): string {
  let dir = dirname(file);
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return dirname(file);
    dir = parent;
  }
}

/**
 * What the bot host must be able to read besides the bot: the engine's package and core's (the
 * engine imports it), or the whole `node_modules` directory holding them when installed (Node's
 * resolution looks around in it). Library code only, never the user's other files.
 */
function engineReadPaths(engineUrl: string): string[] {
  if (!engineUrl.startsWith("file:")) return [];
  const engineFile = realpathSync(fileURLToPath(engineUrl));
  const files = [engineFile];
  try {
    files.push(realpathSync(createRequire(engineFile).resolve("@arena/core")));
  } catch {
    // An engine that does not import core (a test fixture).
  }
  // The runtime dependencies of the engine and of core (e.g. zod), wherever the package manager
  // put them (pnpm: `node_modules/.pnpm/<name>@<version>/node_modules/<name>`).
  for (const file of [...files]) {
    let dependencies: string[] = [];
    try {
      const manifest = JSON.parse(readFileSync(join(packageRoot(file), "package.json"), "utf8"));
      dependencies = Object.keys((manifest as { dependencies?: object }).dependencies ?? {});
    } catch {
      // No readable manifest: nothing more to allow.
    }
    for (const name of dependencies) {
      try {
        files.push(realpathSync(createRequire(file).resolve(name)));
      } catch {
        // A dependency without a main entry (types only) is never imported at run time.
      }
    }
  }
  return files.map((file) => {
    const marker = `${sep}node_modules${sep}`;
    const at = file.lastIndexOf(marker);
    return at >= 0 ? file.slice(0, at + marker.length - 1) : packageRoot(file);
  });
}

/**
 * What a module bot must be able to read to import its own copy of the game's package (a bot
 * that delegates to the package's `DemoBot` or uses its helpers): the package's directory as the
 * bot's folder finds it (`node_modules/@arena/<game>`, a link with pnpm or a workspace) and, like
 * the engine's, where it really is with core and their dependencies. Library code only; nothing
 * when the bot's folder has no such package.
 */
function botPackageReadPaths(moduleFile: string, name: string): string[] {
  let file: string;
  try {
    file = createRequire(moduleFile).resolve(name);
  } catch {
    return [];
  }
  const paths = engineReadPaths(pathToFileURL(file).href);
  for (let dir = dirname(moduleFile); ; dir = dirname(dir)) {
    const found = join(dir, "node_modules", ...name.split("/"));
    if (existsSync(found)) {
      paths.push(found);
      break;
    }
    if (dirname(dir) === dir) break;
  }
  return paths;
}

/**
 * Whether the bot's module names the package `name` (an import of the game's package), or a
 * file beside it that it names does (a TypeScript bot's entry and its bundled code).
 */
function mentionsPackage(moduleUrl: string | undefined, name: string): boolean {
  if (moduleUrl?.startsWith("file:") !== true) return false;
  try {
    const file = fileURLToPath(moduleUrl);
    const text = readFileSync(file, "utf8");
    if (text.includes(name)) return true;
    for (const [, sibling] of text.matchAll(/["'`]\.\/([^"'`/\\]+\.[cm]?js)["'`]/g)) {
      const path = join(dirname(file), sibling!);
      if (existsSync(path) && readFileSync(path, "utf8").includes(name)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

const describeDenial = (error: {
  code?: string;
  permission?: string;
  resource?: string;
  message: string;
}): string => {
  if (error.code === "ERR_DLOPEN_DISABLED") return "tried to load a native addon and was denied";
  const what: Record<string, string> = {
    FileSystemWrite: "write a file",
    FileSystemRead: "read a file it may not read",
    ChildProcess: "start a process",
    WorkerThreads: "start a worker thread",
    Signal: "send a signal",
    Priority: "change a process's priority",
    Inspect: "inspect its own process's memory",
  };
  const action = (error.permission && what[error.permission]) ?? "use a denied API";
  const resource = error.resource ? ` (${error.resource})` : "";
  return `tried to ${action}${resource} and was denied`;
};

/**
 * A process serving one bot (a module or a built-in): started with Node's permission model
 * (`--experimental-permission`, reading only the bot's file and the engine's packages: no writes,
 * no child processes, no worker threads, no addons, no signals), a memory cap (heap, data segment
 * and a resident-size watchdog), optionally inside bubblewrap (`sandbox`). It may serve the same
 * bot in many matches, one match at a time: each `controller()` is one seat of one match with a
 * fresh bot object made from a fresh instance of the bot's module. CPU time is read from `/proc`.
 * If the process dies (a fault kills it), the next controller starts a new one.
 */
export class BotHost {
  private child: ChildProcess | undefined;
  private reader: ProcessUsageReader | undefined;
  private starting: Promise<void> | undefined;
  private dead: string | undefined;
  private exited: Promise<void> | undefined;
  private partial = "";
  private pending:
    | { session: number; resolve(reply: Reply): void; reject(error: Error): void }
    | undefined;
  private sessions = 0;
  /** Sessions opened in the current process. */
  private served = 0;
  private readonly waiters: Array<() => void> = [];
  private stderrTail = "";
  /** Where the bot's output goes: the seat that ran last. */
  output: CappedText | undefined;
  private readonly memoryMiB: number;
  /** The keys of the reply channel's MACs (`inner:outer`, given to the process) and the next reply's number. */
  private keys: [string, string] = ["", ""];
  private replies = 0;
  /** Whether the process runs in its box. */
  private boxed = false;
  private readonly wallNet = new WallNet(() => this.reader);

  constructor(readonly options: BotHostOptions) {
    if (options.builtin === undefined && options.moduleUrl === undefined) {
      throw new ArenaError("BAD_BOT", "a bot host needs a module URL or a built-in bot name");
    }
    this.memoryMiB = Math.max(64, Math.floor(options.memoryMiB ?? DEFAULT_BOT_MEMORY_MIB));
  }

  /** The pid of the process (bubblewrap's, in its box), if running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Cumulative CPU time of the process tree (ms) and its resident size, from `/proc`. */
  usage(): { cpuMs: number; rssBytes: number } | undefined {
    const usage = this.reader?.read();
    if (usage !== undefined) this.lastCpuMs = Math.max(this.lastCpuMs, usage.cpuMs);
    return usage;
  }

  /** The CPU time (ms) of the last reading, also after the process is gone. */
  lastCpuMs = 0;

  private argv(engineUrl: string, bundle: string | undefined): string[] {
    const { options } = this;
    const paths = [
      ...engineReadPaths(engineUrl),
      ...(bundle !== undefined ? [bundle] : []),
      ...(options.allowRead ?? []),
    ];
    if (options.moduleUrl?.startsWith("file:")) {
      const moduleFile = fileURLToPath(options.moduleUrl);
      paths.push(moduleFile, ...botPackageReadPaths(moduleFile, options.engine.module));
    }
    // Node 20 aborts on a path given twice, or on one inside another: keep the outermost.
    const unique = [...new Set(paths)].sort();
    const reads = unique.filter(
      (path, i) => !unique.some((other, j) => j !== i && path.startsWith(`${other}${sep}`)),
    );
    const heapMiB = Math.max(32, this.memoryMiB - 64);
    const node = [
      process.execPath,
      "--experimental-permission",
      // Globals and prototypes are frozen: a bot patching them throws (and is frozen) instead of
      // changing the replica engine it plays on.
      "--frozen-intrinsics",
      ...reads.map((path) => `--allow-fs-read=${path}`),
      `--max-old-space-size=${heapMiB}`,
      "--no-warnings",
      "-e",
      BOT_HOST_SOURCE,
    ];
    if (this.boxed) {
      // In the box: no network, nothing visible but what it may read, the kernel's limits.
      return sandboxed(node, {
        cwd: options.cwd ?? process.cwd(),
        readable: [process.execPath, ...reads],
        scratchBytes: SCRATCH_BYTES,
        limits: moduleHostLimits(this.memoryMiB),
      });
    }
    // The data segment limit (RLIMIT_DATA) makes a huge Buffer fail at once; set through sh,
    // since Node cannot set a child's limits.
    return [
      "/bin/sh",
      "-c",
      `ulimit -d ${this.memoryMiB * 1024 + 256 * 1024} && exec "$0" "$@"`,
      ...node,
    ];
  }

  /** Starts the process (if it is not running) and loads the engine and the bot. */
  start(wallMs = 30_000): Promise<void> {
    if (this.child !== undefined && this.dead === undefined) return this.starting!;
    this.starting = this.spawnAndLoad(wallMs);
    return this.starting;
  }

  private async spawnAndLoad(wallMs: number): Promise<void> {
    const { options } = this;
    const engineUrl =
      options.engineUrl ?? resolveEngineUrl(options.engine, options.cwd ?? process.cwd());
    // The engine as one file: what the host imports (see engineBundle), unless the bot imports
    // the game's package itself: then both must be one instance (one copy of the code to load
    // and to optimize: the package's DemoBot on a bundle's views plays 1.5 times slower).
    const bundle = mentionsPackage(options.moduleUrl, options.engine.module)
      ? undefined
      : await engineBundle(engineUrl);
    this.boxed = usesBox(options.sandbox);
    const [program, ...args] = this.argv(engineUrl, bundle);
    this.dead = undefined;
    this.served = 0;
    this.partial = "";
    this.stderrTail = "";
    this.keys = [randomBytes(32).toString("hex"), randomBytes(32).toString("hex")];
    this.replies = 0;
    const key = { ARENA_HOST_KEY: this.keys.join(":") };
    const child = spawn(program!, args, {
      cwd: this.boxed ? undefined : this.options.cwd,
      stdio: ["pipe", "pipe", "pipe", "pipe"],
      // Not in a session of its own: with the kernel's autogroup scheduling a new session costs
      // ~100 µs per round trip on a busy machine. The bot cannot start processes, so killing its
      // pid (or bubblewrap's, whose PID namespace then dies) ends everything.
      detached: false,
      env: this.boxed ? boxEnvironment(key) : { PATH: process.env.PATH ?? "/usr/bin:/bin", ...key },
    });
    this.child = child;
    this.exited = new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.once("error", () => resolve());
    });
    child.once("error", (error) => this.die(`could not be started: ${error.message}`));
    child.once("exit", (code, signal) => {
      if (child.pid !== undefined) untrackGroup(child.pid);
      // Output (a heap overflow's message) may still be in the pipe: wait for it briefly.
      void Promise.race([this.exited, new Promise((r) => setTimeout(r, 200).unref())]).then(() =>
        this.die(this.exitReason(code, signal)),
      );
    });
    const onOutput = (chunk: Buffer) => {
      this.output?.push(chunk);
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4096);
    };
    child.stdout!.on("data", onOutput);
    child.stderr!.on("data", onOutput);
    const replies = child.stdio[3] as NodeJS.ReadableStream;
    replies.setEncoding("utf8");
    replies.on("data", (chunk: string) => this.onReplies(chunk));
    child.stdin!.on("error", () => {
      // EPIPE when the host has exited; reported through the exit.
    });
    if (child.pid !== undefined) {
      // Under the permission model the bot cannot start processes: only the box has a tree.
      this.reader = new ProcessUsageReader(child.pid, this.boxed, this.boxed ? BOX_LEVELS : 0);
      trackGroup(child.pid);
    }
    const reply = await this.request(
      -1,
      {
        t: "load",
        engineUrl: bundle !== undefined ? pathToFileURL(bundle).href : engineUrl,
        ...(bundle !== undefined ? { fallbackUrl: engineUrl } : {}),
        game: this.options.engine.name,
        engineVersion: this.options.engine.version,
        moduleUrl: this.options.moduleUrl,
        exportName: this.options.exportName,
        builtin: this.options.builtin,
        ownPaths: this.ownPaths(),
      },
      { cpuMs: Number.POSITIVE_INFINITY, wallMs, what: "start", baseline: 0 },
    );
    if (reply.t === "error") {
      const reason = `failed to load: ${reply.error.name}: ${reply.error.message}`;
      this.kill(reason);
      throw new BotFault(reason);
    }
  }

  /** The bot's own files (its module, what `allowRead` adds): fresh in every session. */
  private ownPaths(): string[] {
    const { moduleUrl, allowRead } = this.options;
    const paths = [...(allowRead ?? [])];
    if (moduleUrl?.startsWith("file:")) paths.push(fileURLToPath(moduleUrl));
    return paths;
  }

  private exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    if (/heap out of memory|Reached heap limit/i.test(this.stderrTail)) {
      return memoryFault(undefined, this.memoryMiB);
    }
    if (signal === "SIGINT") return INTERRUPTED_FAULT;
    const killedBy = signal ?? (this.boxed ? boxSignal(code) : undefined);
    if (killedBy) return `its process was killed by ${killedBy}`;
    return `its process exited with code ${code} (process.exit?)`;
  }

  private die(reason: string): void {
    this.dead ??= reason;
    this.reader?.close();
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(new BotFault(this.dead));
    this.waiters.shift()?.();
  }

  private onReplies(chunk: string): void {
    this.partial += chunk;
    let newline = this.partial.indexOf("\n");
    while (newline >= 0) {
      const line = this.partial.slice(0, newline);
      this.partial = this.partial.slice(newline + 1);
      newline = this.partial.indexOf("\n");
      const reply = this.authentic(line);
      if (reply === undefined) return;
      const pending = this.pending;
      if (pending === undefined) continue; // a late reply to a call already given up
      this.pending = undefined;
      const session = (reply as { s?: number }).s;
      if (session !== undefined && session !== pending.session && pending.session >= 0) {
        this.kill(`its host answered session ${session} during session ${pending.session}`);
        pending.reject(new BotFault(this.dead!));
        return;
      }
      pending.resolve(reply);
      this.waiters.shift()?.();
    }
  }

  /**
   * The reply of a line of the reply channel if the host wrote it (its MAC, for the next reply's
   * number, checks out); otherwise the process is stopped (the bot wrote on the channel itself).
   */
  private authentic(line: string): Reply | undefined {
    const tab = line.lastIndexOf("\t");
    const text = tab < 0 ? line : line.slice(0, tab);
    const [inner, outer] = this.keys;
    if (tab < 0 || line.slice(tab + 1) !== replyMac(inner, outer, this.replies, text)) {
      this.kill(`wrote a forged reply on its reply channel: ${line.slice(0, 80)}`);
      return undefined;
    }
    this.replies++;
    try {
      return JSON.parse(text) as Reply;
    } catch {
      this.kill(`wrote garbage on its reply channel: ${line.slice(0, 80)}`);
      return undefined;
    }
  }

  /** Kills the process tree (the whole sandbox under `sandbox`), giving `reason` to a pending call. */
  kill(reason: string): void {
    this.die(reason);
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }

  /**
   * Sends `message` and waits for the reply, watching the process: past `cpuMs` of CPU time
   * since `baseline`, past its memory cap, or past `wallMs` of wall time, it is killed.
   */
  request(
    session: number,
    message: Json | Record<string, unknown>,
    limits: {
      cpuMs: number;
      wallMs: number;
      what: string;
      baseline: number;
      ctx?: StartContext;
    },
  ): Promise<Reply> {
    if (this.pending !== undefined) {
      // One call at a time (seats of one match sharing a host close together): wait for it.
      return new Promise<void>((resolve) => this.waiters.push(resolve)).then(() =>
        this.request(session, message, limits),
      );
    }
    const child = this.child;
    if (child === undefined || this.dead !== undefined)
      return Promise.reject(new BotFault(this.dead ?? "not started"));
    const t0 = performance.now();
    this.wallNet.begin(t0);
    return new Promise<Reply>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stop = () => {
        if (timer !== undefined) clearTimeout(timer);
      };
      this.pending = {
        session,
        resolve: (reply) => {
          stop();
          resolve(reply);
        },
        reject: (error) => {
          stop();
          reject(error);
        },
      };
      const watch = () => {
        timer = undefined;
        const fault = this.overLimit(limits);
        if (fault !== undefined) {
          this.kill(fault);
          return;
        }
        timer = setTimeout(watch, WATCH_MS);
      };
      timer = setTimeout(watch, WATCH_MS);
      child.stdin!.write(`${JSON.stringify(message)}\n`);
    });
  }

  /**
   * The fault of a pending call past one of its limits, or undefined: its CPU time since the
   * call's baseline, its memory, its processes (the box's), its wall-clock time less what it
   * waited for a CPU (`WallNet`).
   */
  private overLimit(limits: {
    cpuMs: number;
    wallMs: number;
    what: string;
    baseline: number;
    ctx?: StartContext;
  }): string | undefined {
    const usage = this.usage();
    const cpu = usage === undefined ? undefined : usage.cpuMs - limits.baseline;
    if (usage !== undefined && cpu! > limits.cpuMs) {
      return limits.ctx
        ? callCpuFault(limits.ctx, limits.what, cpu!)
        : `used ${Math.round(cpu!)} ms of CPU time for its ${limits.what}`;
    }
    if (usage !== undefined && usage.rssBytes > this.memoryMiB * 1024 * 1024)
      return memoryFault(usage.rssBytes, this.memoryMiB);
    this.wallNet.look();
    if (this.wallNet.wall() > limits.wallMs && this.wallNet.elapsed() > limits.wallMs)
      return wallFault(limits.what, limits.wallMs, cpu);
    return undefined;
  }

  /** One seat of one match, with a fresh bot object (see `BotHost`). */
  controller(label?: string): Controller {
    return new HostedController(this, label ?? this.defaultLabel(), false);
  }

  /** A seat that owns this host: the host is stopped when the seat is closed. */
  ownedController(label?: string): Controller {
    return new HostedController(this, label ?? this.defaultLabel(), true);
  }

  /** @internal */
  defaultLabel(): string {
    return this.options.builtin ?? this.options.moduleUrl ?? "bot";
  }

  /** @internal */
  nextSession(): number {
    this.served++;
    return this.sessions++;
  }

  /** @internal Whether the process may serve another match: few matches, well under its cap. */
  get roomy(): boolean {
    if (this.served >= MAX_MATCHES_PER_PROCESS) return false;
    const usage = this.usage();
    return usage === undefined || usage.rssBytes < (this.memoryMiB * 1024 * 1024) / 2;
  }

  /** @internal Sends a message that has no reply. */
  notify(message: Record<string, unknown>): void {
    if (this.dead === undefined) this.child?.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  /** @internal */
  get deadReason(): string | undefined {
    return this.dead;
  }

  /** @internal */
  get memoryLimitMiB(): number {
    return this.memoryMiB;
  }

  /** Whether a process is running (not killed, not exited). */
  get alive(): boolean {
    return this.child !== undefined && this.dead === undefined;
  }

  /** Stops the process and waits until it is gone. */
  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    this.kill("closed");
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
    (child.stdio[3] as (NodeJS.ReadableStream & { destroy?(): void }) | null)?.destroy?.();
    this.child = undefined;
  }
}

class HostedController implements Controller {
  readonly defaultBudget = { startMs: DEFAULT_START_MS, turnMs: DEFAULT_TURN_MS };
  readonly wantsHistory = true;
  private session = -1;
  private sent = 0;
  private baseline = 0;
  private lastCpu = 0;
  private readonly output = new CappedText(64 * 1024);
  /** Set when a call of this seat failed: its process is never used again. */
  private faulted = false;
  private match: PlayContext["match"] | undefined;
  private signal: AbortSignal | undefined;

  constructor(
    private readonly host: BotHost,
    readonly label: string,
    private readonly ownsHost: boolean,
  ) {}

  cpuMs(): number {
    return this.lastCpu - this.baseline;
  }

  private readCpu(): void {
    this.host.usage();
    this.lastCpu = this.host.lastCpuMs;
  }

  private fail(error: Reply & { t: "error" }): never {
    this.faulted = true;
    const e = error.error;
    if (e.code === "ERR_ACCESS_DENIED" || e.code === "ERR_DLOPEN_DISABLED") {
      throw new BotFault(describeDenial(e));
    }
    if (e.name === "RangeError" && /allocation failed|Invalid array length/i.test(e.message)) {
      throw new BotFault(
        `${memoryFault(undefined, this.host.memoryLimitMiB)} (${e.name}: ${e.message})`,
      );
    }
    throw new BotFault(`threw ${e.name}: ${e.message}`);
  }

  async start(ctx: StartContext): Promise<void> {
    this.output.listener = ctx.onOutput;
    this.host.output = this.output;
    this.match = ctx.match;
    this.signal = ctx.signal;
    this.faulted = true; // until the start succeeds
    const wallMs = ctx.wallLimitMs ?? 30_000;
    const before = this.host.usage()?.cpuMs;
    this.host.lastCpuMs = 0;
    await this.host.start(wallMs);
    // A fresh process's start-up is charged to the start; a reused one's is not.
    this.baseline = before ?? 0;
    this.readCpu();
    this.session = this.host.nextSession();
    this.sent = ctx.history.length;
    const reply = await this.host
      .request(
        this.session,
        {
          t: "open",
          s: this.session,
          config: ctx.config,
          seed: ctx.seed,
          numPlayers: ctx.numPlayers,
          player: ctx.player,
          events: ctx.history,
        },
        {
          cpuMs: ctx.timeLimitMs - this.cpuMs(),
          wallMs,
          what: "start",
          baseline: this.lastCpu,
          ctx,
        },
      )
      .finally(() => this.readCpu());
    if (reply.t === "error") this.fail(reply);
    this.faulted = false;
  }

  async play(ctx: PlayContext): Promise<void> {
    this.host.output = this.output;
    const events = ctx.history.slice(this.sent);
    this.sent = ctx.history.length;
    const turnStart = this.lastCpu;
    this.faulted = true; // until the orders are in
    const reply = await this.host
      .request(
        this.session,
        {
          t: "play",
          s: this.session,
          events,
          limit: ctx.collector.limit,
          ...(ctx.rejected !== undefined && ctx.rejected.length > 0
            ? { rejected: ctx.rejected }
            : {}),
        },
        {
          cpuMs: ctx.timeLimitMs,
          wallMs: ctx.wallLimitMs ?? Number.POSITIVE_INFINITY,
          what: "turn",
          baseline: turnStart,
          ctx,
        },
      )
      .finally(() => this.readCpu());
    if (reply.t === "error") this.fail(reply);
    if (reply.t !== "orders") throw new BotFault("the bot host answered out of turn");
    collectWorkerOrders(ctx, reply);
    this.faulted = false;
  }

  stderr(): string | undefined {
    return this.output.text();
  }

  async close(): Promise<void> {
    if (this.ownsHost) {
      await this.host.close();
      return;
    }
    if (this.session < 0) return;
    // The process serves another match only after a match played to its end without a fault of
    // this seat (a frozen bot's process is never reused), while it has room (see `roomy`), and
    // only if the bot left nothing behind in it (the host compares the global state with what it
    // was before any match).
    // Otherwise it is stopped here; the next match starts a new one.
    const finished =
      !this.faulted && this.signal?.aborted !== true && this.match?.isOver() === true;
    if (finished && this.host.alive && this.host.roomy) {
      try {
        const reply = await this.host.request(
          this.session,
          { t: "close", s: this.session, reply: true },
          { cpuMs: 5000, wallMs: 10_000, what: "close", baseline: this.host.lastCpuMs },
        );
        if (reply.t === "closed" && reply.clean) return;
      } catch {
        // dead meanwhile: stopped below
      }
    }
    await this.host.close();
  }
}

/**
 * A JS-module bot (or a built-in, with `builtin`) run in its own process for one match: a
 * `BotHost` started at the match start and stopped at its end. The default for bots given as
 * files. To pay the start-up once for many matches, keep a `BotHost` and take a `controller()`
 * from it for each match.
 */
export function hostedBot(options: BotHostOptions, label?: string): Controller {
  return new BotHost(options).ownedController(label);
}
