// Node-only: in-process bots run in a worker thread, cut off at their time limit.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import {
  type AnyEngine,
  ArenaError,
  BotFault,
  type Controller,
  callCpuFault,
  type PlayContext,
  type StartContext,
  wallFault,
} from "@arena/core";
import { CappedText } from "../process/capped-text";
import { collectWorkerOrders } from "../process/worker-orders";
import { ISOLATED_WORKER_SOURCE } from "./isolated-worker-source";

/** What an isolated bot runs. */
export interface IsolatedSpec {
  /**
   * File URL of the module exporting the engine as `engine`. Default: `engine.module` resolved
   * from `cwd` (or from this process's working directory).
   */
  engineUrl?: string;
  /** File URL of the module exporting the bot (default export or `bot`, or `exportName`). */
  moduleUrl?: string;
  /** Named export holding the bot class or factory. */
  exportName?: string;
  /** A built-in bot of the engine (`engine.bots[builtin]`) instead of a module. */
  builtin?: string;
  /** Where `engine.module` is resolved from when `engineUrl` is not given. */
  cwd?: string;
}

type Reply =
  | { type: "ready" }
  | {
      type: "orders";
      orders: unknown[];
      keys?: Array<number | string>;
      offered: number;
      notes?: unknown[];
    }
  | { type: "error"; error: { name: string; message: string } };

/** Default time an isolated bot has to load and run `setup`, and per turn (ms). */
const DEFAULT_START_MS = 10_000;
const DEFAULT_TURN_MS = 10_000;

/**
 * Resolves `engine.module` (e.g. `@arena/moneyheist`) to a file URL: from `cwd`, then from the
 * running script (`process.argv[1]`, e.g. the cli, whose dependencies include the games).
 */
export function resolveEngineUrl(engine: AnyEngine, cwd = process.cwd()): string {
  if (/^(file|data):/.test(engine.module)) return engine.module;
  const bases = [join(cwd, "noop.js")];
  if (process.argv[1] !== undefined) bases.push(process.argv[1]);
  let failure = "";
  for (const base of bases) {
    try {
      return pathToFileURL(createRequire(base).resolve(engine.module)).href;
    } catch (error) {
      failure = (error as Error).message.split("\n")[0] ?? "";
    }
  }
  throw new ArenaError(
    "BAD_BOT",
    `cannot resolve the engine module '${engine.module}' from ${cwd} for an isolated bot (${failure}); pass its file URL as engineUrl`,
  );
}

/** CPU time of this process (all its threads, the workers' included), in ms. */
const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** How often a pending call's CPU and wall time are checked (ms). */
const WATCH_MS = 20;

class IsolatedController implements Controller {
  readonly defaultBudget = { startMs: DEFAULT_START_MS, turnMs: DEFAULT_TURN_MS };
  readonly wantsHistory = true;
  private worker: Worker | undefined;
  private sent = 0;
  private pending: { resolve(reply: Reply): void; reject(error: Error): void } | undefined;
  private dead: string | undefined;
  private readonly output = new CappedText(64 * 1024);

  constructor(
    private readonly spec: IsolatedSpec,
    readonly label: string,
  ) {}

  /**
   * Sends `message` and waits for the reply. The worker shares this process, whose CPU time is
   * watched: past `cpuMs` since the call began (or past `wallMs` of wall time) it is terminated.
   */
  private request(message: unknown, ctx: StartContext, what: string): Promise<Reply> {
    const limits = {
      cpuMs: ctx.timeLimitMs,
      wallMs: ctx.wallLimitMs ?? Number.POSITIVE_INFINITY,
    };
    const worker = this.worker;
    if (worker === undefined || this.dead !== undefined)
      return Promise.reject(new BotFault(this.dead ?? "not started"));
    const cpu0 = processCpuMs();
    const t0 = performance.now();
    return new Promise<Reply>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        if (timer !== undefined) clearTimeout(timer);
        this.pending = undefined;
      };
      this.pending = {
        resolve: (reply) => {
          done();
          resolve(reply);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      const watch = () => {
        const cpu = processCpuMs() - cpu0;
        const wall = performance.now() - t0;
        let fault: string | undefined;
        if (cpu > limits.cpuMs) fault = callCpuFault(ctx, what, cpu);
        else if (wall > limits.wallMs) fault = wallFault(what, limits.wallMs, cpu);
        if (fault === undefined) {
          timer = setTimeout(watch, WATCH_MS);
          return;
        }
        this.pending = undefined;
        this.dead = fault;
        void worker.terminate();
        reject(new BotFault(this.dead));
      };
      if (Number.isFinite(limits.cpuMs) || Number.isFinite(limits.wallMs)) {
        timer = setTimeout(watch, WATCH_MS);
      }
      worker.postMessage(message);
    });
  }

  async start(ctx: StartContext): Promise<void> {
    const { engine } = ctx;
    const engineUrl = this.spec.engineUrl ?? resolveEngineUrl(engine, this.spec.cwd);
    // The bot's console output is captured (not mixed into this process's stdout).
    const worker = new Worker(ISOLATED_WORKER_SOURCE, { eval: true, stdout: true, stderr: true });
    this.worker = worker;
    this.output.listener = ctx.onOutput;
    worker.stdout.on("data", (chunk: Buffer) => this.output.push(chunk));
    worker.stderr.on("data", (chunk: Buffer) => this.output.push(chunk));
    worker.on("message", (reply: Reply) => this.pending?.resolve(reply));
    worker.on("error", (error) => {
      this.dead ??= `crashed: ${error.message}`;
      this.pending?.reject(new BotFault(this.dead));
    });
    worker.on("exit", (code) => {
      this.dead ??= `its worker exited (code ${code})`;
      this.pending?.reject(new BotFault(this.dead));
    });
    this.sent = ctx.history.length;
    const reply = await this.request(
      {
        type: "init",
        engineUrl,
        game: engine.name,
        engineVersion: engine.version,
        moduleUrl: this.spec.moduleUrl,
        exportName: this.spec.exportName,
        builtin: this.spec.builtin,
        config: ctx.config,
        seed: ctx.seed,
        numPlayers: ctx.numPlayers,
        player: ctx.player,
        events: ctx.history,
      },
      ctx,
      "start",
    );
    if (reply.type === "error")
      throw new BotFault(`failed to start: ${reply.error.name}: ${reply.error.message}`);
  }

  async play(ctx: PlayContext): Promise<void> {
    const events = ctx.history.slice(this.sent);
    this.sent = ctx.history.length;
    const reply = await this.request(
      {
        type: "play",
        events,
        limit: ctx.collector.limit,
        ...(ctx.rejected !== undefined && ctx.rejected.length > 0
          ? { rejected: ctx.rejected }
          : {}),
      },
      ctx,
      "turn",
    );
    if (reply.type === "error")
      throw new BotFault(`threw ${reply.error.name}: ${reply.error.message}`);
    if (reply.type !== "orders") throw new BotFault("the worker answered out of turn");
    collectWorkerOrders(ctx, reply);
  }

  /** What the bot printed (console.log / console.error), capped at 64 KiB. */
  stderr(): string | undefined {
    return this.output.text();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.dead ??= "closed";
    if (worker !== undefined) await worker.terminate();
  }
}

/**
 * The same bot as `inProcessBot`, run in a worker thread with a replica of the match, so that an
 * endless loop is cut off (`worker.terminate()`) at its time limit and the player frozen. Its
 * orders are validated with `Engine.parseOrder`. Defaults: 10 s to start, 10 s per turn.
 */
export function isolatedBot(spec: IsolatedSpec, label?: string): Controller {
  if (spec.builtin === undefined && spec.moduleUrl === undefined) {
    throw new ArenaError("BAD_BOT", "an isolated bot needs a module URL or a built-in bot name");
  }
  return new IsolatedController(spec, label ?? spec.builtin ?? spec.moduleUrl ?? "isolated");
}
