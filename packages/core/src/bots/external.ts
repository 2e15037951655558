// Node-only: external bots as child processes speaking JSON lines on stdin/stdout.
import { type ChildProcess, spawn } from "node:child_process";
import type { Json, Match } from "../engine";
import { ArenaError } from "../errors";
import {
  BotFault,
  type Controller,
  type MessageEvent,
  type PlayContext,
  type StartContext,
} from "../runner/controller";
import { CappedText } from "./capped-text";
import { splitCommandLine } from "./command-line";

/** Options of `externalBot`. */
export interface ExternalOptions {
  /** Working directory of the program (default: this process's). */
  cwd?: string;
  /** Environment of the program (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Label in results (default `exec:<command>`). */
  label?: string;
  /** Longest line the bot may write, in bytes (default 1 MiB); longer output is a flood fault. */
  maxLineBytes?: number;
  /** Bytes of stderr kept (default 64 KiB); the rest is counted and dropped. */
  stderrBytes?: number;
}

/** Process groups of live bots, killed when this process exits or is told to stop. */
const liveGroups = new Set<number>();
let hooksInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function killAllGroups(): void {
  for (const pid of liveGroups) killGroup(pid);
  liveGroups.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAllGroups();
  // Restore the default behaviour and re-raise, so the process ends as it would have.
  removeHooks();
  process.kill(process.pid, signal);
}

const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAllGroups);
  for (const signal of signals) process.on(signal, onSignal);
}

function removeHooks(): void {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off("exit", killAllGroups);
  for (const signal of signals) process.off(signal, onSignal);
}

const preview = (text: string): string => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** Default start-up time of an external bot (ms). */
const DEFAULT_START_MS = 10_000;
/** Default time per turn of an external bot (ms). */
const DEFAULT_TURN_MS = 10_000;
/** Lines a bot may have written ahead before it is a flood fault. */
const MAX_PENDING_LINES = 64;

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

  constructor(
    readonly command: string,
    private readonly options: ExternalOptions,
  ) {
    this.argv = splitCommandLine(command);
    this.stderrText = new CappedText(options.stderrBytes ?? 64 * 1024);
    this.label = options.label ?? `exec:${command}`;
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

  /** The next line of output within `ms`, as parsed JSON. */
  private async receive(ms: number, what: string): Promise<unknown> {
    if (this.fault !== undefined) throw new BotFault(this.fault);
    let line = this.lines.shift();
    if (line === undefined) {
      if (this.exitReason !== undefined) throw new BotFault(this.exitReason);
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        line = await new Promise<string>((resolve, reject) => {
          this.waiter = { resolve, reject };
          if (Number.isFinite(ms)) {
            timer = setTimeout(
              () => {
                this.waiter = undefined;
                reject(new BotFault(`timed out: no ${what} within ${Math.round(ms)} ms`));
              },
              Math.max(0, ms),
            );
          }
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
      throw new BotFault(`wrote invalid JSON as its ${what}: ${preview(line)}`);
    }
  }

  async start(ctx: StartContext): Promise<void> {
    this.player = ctx.player;
    this.match = ctx.match;
    this.onMessage = ctx.onMessage;
    const [program, ...args] = this.argv;
    installHooks();
    const child = spawn(program!, args, {
      cwd: this.options.cwd,
      env: this.options.env ?? process.env,
      detached: true,
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
      if (this.pid !== undefined) liveGroups.delete(this.pid);
      this.exitReason ??= signal ? `was killed by ${signal}` : `exited with code ${code}`;
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
      liveGroups.add(child.pid);
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
      const reply = await this.receive(ctx.timeLimitMs, "start reply");
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
        : { type: "turn", round: match.round(), view: match.viewJson(player) },
    );
    const reply = await this.receive(ctx.timeLimitMs, "orders");
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
    for (let k = 0; k < raw.length; k++) {
      let order: unknown;
      try {
        order = engine.parseOrder(raw[k]);
      } catch (error) {
        throw new BotFault(
          `bad order ${k + 1} (${preview(JSON.stringify(raw[k]) ?? "undefined")}): ${(error as Error).message}`,
        );
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

  afterStep(ctx: PlayContext): void {
    const message = ctx.engine.protocol?.result?.(ctx.match, ctx.player);
    if (message !== undefined) this.send(message);
  }

  private kill(): void {
    if (this.pid !== undefined) {
      killGroup(this.pid);
      liveGroups.delete(this.pid);
    }
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    this.child = undefined;
    child.stdin?.destroy();
    this.kill();
    // Wait (briefly) until the child is reaped so that no zombie is left behind.
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    child.stdout?.destroy();
    child.stderr?.destroy();
    if (liveGroups.size === 0) removeHooks();
  }
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
