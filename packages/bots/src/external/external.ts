// Node-only: external bots as child processes speaking JSON lines on stdin/stdout.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, resolve as resolvePath } from "node:path";
import {
  ArenaError,
  BotFault,
  type Controller,
  callCpuFault,
  type Json,
  type Match,
  type MessageEvent,
  memoryFault,
  type PlayContext,
  type StartContext,
  wallFault,
} from "@arena/core";
import { programLimits, SCRATCH_BYTES } from "../limits/bot-limits";
import type { ProcessLimits } from "../limits/process-limits";
import { CappedText } from "../process/capped-text";
import { INTERRUPTED_FAULT } from "../process/interrupted";
import { killByToken, killTree, trackGroup, untrackGroup } from "../process/live-groups";
import { CPU_TICK_MS, type ProcessUsage, ProcessUsageReader } from "../process/process-usage";
import { WallNet } from "../process/wall-net";
import { BOX_LEVELS, boxEnvironment, boxSignal, findProgram, programRuntime } from "../sandbox/box";
import { type SandboxMode, sandboxed, usesBox } from "../sandbox/sandbox";
import { splitCommandLine } from "./command-line";

/** Options of `externalBot`. */
export interface ExternalOptions {
  /** Working directory of the program (default: this process's). */
  cwd?: string;
  /**
   * Environment of the program (default: this process's). A plain record, not `NodeJS.ProcessEnv`,
   * so core's published types need no @types/node.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Label in results (default `exec:<command>`). */
  label?: string;
  /** Longest line the bot may write, in bytes (default 1 MiB); longer output is a flood fault. */
  maxLineBytes?: number;
  /** Bytes of stderr kept (default 64 KiB); the rest is counted and dropped. */
  stderrBytes?: number;
  /**
   * Run the program in its box (bubblewrap: see the README's "The box"): `"auto"` (default)
   * wherever the box can run, `true` always (an `ArenaError("NO_SANDBOX")` where it cannot),
   * `false` never (a program then runs with arena's rights).
   */
  sandbox?: SandboxMode;
  /** Resident memory of the program's process tree above which it is stopped, MiB (default 1024). */
  memoryMiB?: number;
}

/** How often a pending call's CPU time, memory and wall time are checked (ms). */
const WATCH_MS = 20;

const preview = (text: string): string => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** Default start-up time of an external bot (ms). */
const DEFAULT_START_MS = 10_000;
/** Default time per turn of an external bot (ms). */
const DEFAULT_TURN_MS = 10_000;
/**
 * Wall time (ms) within which a process tree cannot use a whole clock tick of CPU time, however
 * many threads it runs: `/proc` is not read again sooner (see `cpuMs`).
 */
const READ_EVERY_MS = CPU_TICK_MS / Math.max(1, availableParallelism());
/** Lines a bot may have written ahead before it is a flood fault. */
const MAX_PENDING_LINES = 64;

/**
 * What a boxed program may read: the files and folders its command line names (relative to
 * `cwd`): a folder as named, a file in `cwd` alone, a file elsewhere with its folder (a program
 * of several files in a folder of its own); and its runtime when it is not a system program.
 */
export function commandLineReadable(argv: readonly string[], cwd: string): string[] {
  const paths: string[] = [];
  for (const word of argv) {
    if (word.startsWith("-") && !word.startsWith("./")) continue;
    const path = resolvePath(cwd, word);
    if (!existsSync(path)) continue;
    const folder = dirname(path);
    paths.push(statSync(path).isDirectory() || folder === resolvePath(cwd) ? path : folder);
  }
  if (argv[0] !== undefined) paths.push(...programRuntime(argv[0], cwd));
  return paths;
}

class ExternalController implements Controller {
  readonly label: string;
  readonly defaultBudget = { startMs: DEFAULT_START_MS, turnMs: DEFAULT_TURN_MS };
  private readonly argv: string[];
  private child: ChildProcess | undefined;
  private pid: number | undefined;
  private exited: Promise<void> | undefined;
  private exitReason: string | undefined;
  private fault: string | undefined;
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private lines: string[] = [];
  private waiter: { resolve(line: string): void; reject(error: Error): void } | undefined;
  private readonly stderrText: CappedText;
  private onMessage: ((event: MessageEvent) => void) | undefined;
  private player = 0;
  private match: Match | undefined;
  private selfName: string | undefined;
  private reader: ProcessUsageReader | undefined;
  private lastCpu = 0;
  /** When `/proc` was last read (`performance.now()`). */
  private readAt = Number.NEGATIVE_INFINITY;
  /** Marks the bot's processes (in their environment) so that detached ones are found. */
  private readonly token = randomBytes(12).toString("hex");
  /** The kernel's limits of its process in the box (undefined: not in a box). */
  private limitsInBox: ProcessLimits | undefined;
  private readonly wallNet = new WallNet(() => this.reader);

  constructor(
    readonly command: string,
    private readonly options: ExternalOptions,
  ) {
    this.argv = splitCommandLine(command);
    this.stderrText = new CappedText(options.stderrBytes ?? 64 * 1024);
    this.label = options.label ?? `exec:${command}`;
  }

  /**
   * CPU time of the program's process tree so far (ms), from `/proc`. `/proc` is read only when
   * the tree may have used a clock tick since the last reading: it cannot use more CPU time than
   * the wall time elapsed × the CPUs, so within `CPU_TICK_MS / CPUs` of wall time the last value
   * stands (off by less than the tick `/proc` counts in). A bot answering in microseconds is read
   * every few hundred turns, not twice per turn (`bench/bot-modes.mjs`).
   */
  cpuMs(): number {
    const now = performance.now();
    if (now - this.readAt >= READ_EVERY_MS) this.readCpu(now);
    return this.lastCpu;
  }

  /** Reads `/proc` now; the usage, or undefined when the process is gone. */
  private readCpu(now = performance.now()): ProcessUsage | undefined {
    const usage = this.reader?.read();
    this.readAt = now;
    if (usage !== undefined) this.lastCpu = Math.max(this.lastCpu, usage.cpuMs);
    return usage;
  }

  /** The name the bot gave itself in its start reply (protocols with `startReply`). */
  botName(): string | undefined {
    return this.selfName;
  }

  private setFault(reason: string): void {
    if (this.fault === undefined) this.fault = reason;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(new BotFault(this.fault));
  }

  private onStdout(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline < 0) break;
      const piece = chunk.subarray(start, newline);
      const line =
        this.partialBytes > 0
          ? Buffer.concat([...this.partial, piece]).toString("utf8")
          : piece.toString("utf8");
      this.partial = [];
      this.partialBytes = 0;
      start = newline + 1;
      this.pushLine(line.endsWith("\r") ? line.slice(0, -1) : line);
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.partialBytes += rest.length;
      const limit = this.options.maxLineBytes ?? 1024 * 1024;
      if (this.partialBytes > limit) {
        this.partial = [];
        this.setFault(`flooded its output: more than ${limit} bytes without a newline`);
        this.kill();
        return;
      }
      this.partial.push(Buffer.from(rest));
    }
  }

  private pushLine(line: string): void {
    if (this.fault !== undefined) return;
    if (line.trim() === "") return;
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter.resolve(line);
      return;
    }
    this.lines.push(line);
    if (this.lines.length > MAX_PENDING_LINES) {
      this.setFault(
        `flooded its output: wrote more than ${MAX_PENDING_LINES} lines it was not asked for`,
      );
      this.kill();
    }
  }

  stderr(): string | undefined {
    return this.stderrText.text();
  }

  private emit(dir: "to_bot" | "from_bot", msg: unknown): void {
    this.onMessage?.({ round: this.round, player: this.player, dir, msg });
  }

  /**
   * The round messages are tagged with: −1 for the start exchange, then the round of the turn
   * being played (a turn's result message keeps its turn's round, as the original transcripts do).
   */
  private round = -1;

  private send(message: Json): void {
    if (this.fault !== undefined) throw new BotFault(this.fault);
    if (this.exitReason !== undefined) throw new BotFault(this.exitReason);
    this.emit("to_bot", message);
    this.child?.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  /**
   * The next line of output, as parsed JSON, watching the program meanwhile: past `cpuMs` of CPU
   * time (from the call's start), past its memory cap or past `wallMs` of wall time it is stopped.
   */
  private async receive(ctx: StartContext, what: string): Promise<unknown> {
    const limits = this.limits(ctx);
    if (this.fault !== undefined) throw new BotFault(this.fault);
    let line = this.lines.shift();
    if (line === undefined) {
      if (this.exitReason !== undefined) throw new BotFault(this.exitReason);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const baseline = this.cpuMs();
      const t0 = performance.now();
      this.wallNet.begin(t0);
      const memoryMiB = this.options.memoryMiB ?? 1024;
      try {
        line = await new Promise<string>((resolve, reject) => {
          this.waiter = { resolve, reject };
          const watch = () => {
            const fault = this.overLimit(ctx, what, limits, baseline, t0, memoryMiB);
            if (fault !== undefined) {
              this.waiter = undefined;
              this.fault ??= fault;
              this.kill();
              reject(new BotFault(fault));
              return;
            }
            timer = setTimeout(watch, WATCH_MS);
          };
          timer = setTimeout(watch, WATCH_MS);
        });
      } finally {
        if (timer !== undefined) clearTimeout(timer);
        this.waiter = undefined;
      }
    }
    try {
      const value: unknown = JSON.parse(line);
      this.emit("from_bot", value);
      return value;
    } catch {
      this.emit("from_bot", line);
      throw new BotFault(
        `wrote invalid JSON as its ${what === "turn" ? "orders" : what}: ${preview(line)}`,
      );
    }
  }

  /**
   * The fault of a pending call past one of its limits, or undefined: CPU time since `baseline`,
   * resident memory, processes (in the box), wall-clock time less what it waited for a CPU.
   */
  private overLimit(
    ctx: StartContext,
    what: string,
    limits: { cpuMs: number; wallMs: number },
    baseline: number,
    t0: number,
    memoryMiB: number,
  ): string | undefined {
    const usage = this.readCpu();
    const cpu = usage === undefined ? undefined : usage.cpuMs - baseline;
    if (cpu !== undefined && cpu > limits.cpuMs) return callCpuFault(ctx, what, cpu);
    if (usage !== undefined && usage.rssBytes > memoryMiB * 1024 * 1024)
      return memoryFault(usage.rssBytes, memoryMiB);
    const processes = this.limitsInBox?.processes;
    if (usage !== undefined && processes !== undefined && usage.processes > processes + BOX_LEVELS)
      return `started more than ${processes} processes`;
    this.wallNet.look();
    if (performance.now() - t0 > limits.wallMs && this.wallNet.elapsed() > limits.wallMs)
      return wallFault(what, limits.wallMs, cpu);
    return undefined;
  }

  private limits(ctx: StartContext): { cpuMs: number; wallMs: number } {
    return { cpuMs: ctx.timeLimitMs, wallMs: ctx.wallLimitMs ?? Number.POSITIVE_INFINITY };
  }

  async start(ctx: StartContext): Promise<void> {
    this.player = ctx.player;
    this.match = ctx.match;
    this.onMessage = ctx.onMessage;
    this.stderrText.listener = ctx.onOutput;
    const cwd = this.options.cwd ?? process.cwd();
    const boxed = usesBox(this.options.sandbox);
    // In the box a missing program would be the box's error: said as without it.
    const first = this.argv[0]!;
    if (boxed && findProgram(first.includes("/") ? resolvePath(cwd, first) : first) === undefined) {
      this.exitReason = `could not be started: spawn ${first} ENOENT`;
      this.setFault(this.exitReason);
      throw new BotFault(this.exitReason);
    }
    const [program, ...args] = boxed ? this.boxCommand(ctx, cwd) : this.argv;
    const env = { ...(this.options.env ?? process.env), ARENA_BOT: this.token };
    const child = spawn(program!, args, {
      cwd: boxed ? undefined : this.options.cwd,
      // In the box, nothing of arena's environment (it may hold secrets) but what was given.
      env: boxed ? boxEnvironment({ ...this.options.env, ARENA_BOT: this.token }) : env,
      // Not in a session (nor a group) of its own: with the kernel's autogroup scheduling a new
      // session costs ~40 µs per turn on a busy machine (bench/bot-modes.mjs). Its tree and the
      // processes carrying its token are killed instead of a group (`killTree`, `killByToken`).
      // In the box, `timeout` gives it a process group of its own in arena's session (see
      // `boxCommand`).
      detached: false,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.once("error", () => resolve());
    });
    child.once("error", (error) => {
      this.exitReason = `could not be started: ${error.message}`;
      this.setFault(this.exitReason);
    });
    child.once("exit", (code, signal) => {
      if (this.pid !== undefined) untrackGroup(this.pid);
      const killedBy = signal ?? (boxed ? boxSignal(code) : undefined);
      this.exitReason ??=
        signal === "SIGINT"
          ? INTERRUPTED_FAULT
          : killedBy
            ? `was killed by ${killedBy}`
            : `exited with code ${code}`;
      // Output may still be in the pipe; a waiting turn fails when stdout closes.
    });
    child.stdout!.on("data", (chunk: Buffer) => this.onStdout(chunk));
    const exitSeen = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.stdout!.once("close", () => {
      if (this.waiter === undefined) return;
      // The output usually closes just before the exit is reported: wait briefly for its code.
      void Promise.race([
        exitSeen,
        new Promise((resolve) => setTimeout(resolve, 500).unref()),
      ]).then(() => {
        if (this.waiter !== undefined)
          this.setFault(`${this.exitReason ?? "closed its output"} before answering`);
      });
    });
    child.stderr!.on("data", (chunk: Buffer) => this.stderrText.push(chunk));
    child.stdin!.on("error", () => {
      // EPIPE when the bot has exited; reported through the exit.
    });
    if (child.pid !== undefined) {
      this.pid = child.pid;
      trackGroup(child.pid, this.token);
      this.reader = new ProcessUsageReader(child.pid, true, boxed ? BOX_LEVELS : 0);
    }
    await new Promise<void>((resolve) => {
      child.once("spawn", () => resolve());
      child.once("error", () => resolve());
    });
    if (this.fault !== undefined) throw new BotFault(this.fault);

    const { engine, match, player } = ctx;
    const protocol = engine.protocol;
    const settings = engine.settingsJson(match);
    const message: Json = protocol
      ? protocol.start(match, player, settings)
      : {
          type: "start",
          game: engine.name,
          player,
          players: match.numPlayers,
          seed: ctx.seed,
          settings,
        };
    this.send(message);
    if (protocol?.startReply) {
      const reply = await this.receive(ctx, "start reply");
      try {
        this.selfName = protocol.acceptStart?.(reply);
      } catch (error) {
        throw new BotFault(`bad start reply: ${(error as Error).message}`);
      }
    }
  }

  async play(ctx: PlayContext): Promise<void> {
    if (this.fault !== undefined) throw new BotFault(this.fault);
    if (this.lines.length > 0) {
      throw new BotFault(
        `wrote ${this.lines.length} line(s) it was not asked for: ${preview(this.lines[0]!)}`,
      );
    }
    const { engine, match, player } = ctx;
    const protocol = engine.protocol;
    this.round = match.round();
    this.send(
      protocol
        ? protocol.turn(match, player)
        : {
            type: "turn",
            round: match.round(),
            view: match.viewJson(player),
            // The orders of its previous turn that were rejected, and why (only when some were).
            ...(ctx.rejected !== undefined && ctx.rejected.length > 0
              ? { rejected: ctx.rejected as unknown as Json }
              : {}),
          },
    );
    const reply = await this.receive(ctx, "turn");
    let raw: unknown[];
    if (protocol) {
      try {
        raw = protocol.orders(reply);
      } catch (error) {
        throw new BotFault(`bad reply: ${(error as Error).message}`);
      }
    } else {
      const orders = (reply as { orders?: unknown } | null)?.orders;
      if (typeof reply !== "object" || reply === null || !Array.isArray(orders)) {
        throw new BotFault(
          `bad reply: expected {"orders":[...]}, got ${preview(JSON.stringify(reply))}`,
        );
      }
      raw = orders;
    }
    // A malformed order is rejected alone (reported at the next turn); the others still apply.
    for (let k = 0; k < raw.length; k++) {
      let order: unknown;
      try {
        order = engine.parseOrder(raw[k]);
      } catch (error) {
        ctx.collector.reject(
          "malformed",
          `${preview(JSON.stringify(raw[k]) ?? "undefined")}: ${(error as Error).message}`,
        );
        continue;
      }
      ctx.collector.add(match.orderKey(order), order);
    }
    // Optional debug annotations beside the orders (core README, "Bot annotations").
    const annotations = (reply as { annotations?: unknown } | null)?.annotations;
    if (annotations !== undefined && annotations !== null) {
      try {
        ctx.collector.annotate(annotations as never);
      } catch (error) {
        throw new BotFault(`bad annotations: ${(error as Error).message}`);
      }
    }
  }

  /**
   * The command line that runs the program in its box: what its command line names readable,
   * the kernel's limits of a program (and, with a total budget, its CPU time past the budget).
   */
  private boxCommand(ctx: StartContext, cwd: string): string[] {
    const limits: ProcessLimits = {
      ...programLimits(this.options.memoryMiB ?? 1024),
      ...cpuBackstop(ctx),
    };
    this.limitsInBox = limits;
    return sandboxed(this.argv, {
      cwd,
      readable: commandLineReadable(this.argv, cwd),
      scratchBytes: SCRATCH_BYTES,
      limits,
    });
  }

  afterStep(ctx: PlayContext): void {
    const message = ctx.engine.protocol?.result?.(ctx.match, ctx.player);
    if (message !== undefined) this.send(message);
  }

  private kill(): void {
    this.readCpu();
    if (this.pid !== undefined) {
      killTree(this.pid);
      untrackGroup(this.pid);
    }
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    this.child = undefined;
    child.stdin?.destroy();
    this.kill();
    killByToken(this.token);
    this.reader?.close();
    // Wait (briefly) until the child is reaped so that no zombie is left behind.
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
}

/**
 * The kernel's CPU-time limit of a bot process as a backstop of a total budget (arena stops the
 * bot at its budget; the kernel a second past it, should arena not see it in time): none without
 * a total budget.
 */
export function cpuBackstop(ctx: StartContext): Pick<ProcessLimits, "cpuMs" | "cpuHardMs"> {
  const total = ctx.budget.totalMs;
  if (total === undefined) return {};
  const grace = ctx.budget.graceMs ?? 20;
  return { cpuMs: total + grace + 1000, cpuHardMs: total + grace + 2000 };
}

/**
 * An external bot: any program speaking one JSON object per line on stdin/stdout (protocol in the
 * core README, or the game's own `Engine.protocol`). `command` is a shell-like command line, run
 * directly (no shell) in its own process group; the whole group is killed at the end of the match,
 * when the bot misbehaves, and when this process exits. Defaults: 10 s to start, 10 s per turn.
 */
export function externalBot(command: string, options: ExternalOptions = {}): Controller {
  if (command.trim() === "")
    throw new ArenaError("BAD_BOT", "empty command line for an external bot");
  return new ExternalController(command, options);
}
