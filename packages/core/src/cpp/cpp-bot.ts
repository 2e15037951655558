// Node-only: a compiled C++ player as an external player (see CppKit for the transport).
import { type ChildProcess, spawn } from "node:child_process";
import { CappedText } from "../bots/capped-text";
import type { AnyEngine } from "../engine";
import { ArenaError } from "../errors";
import {
  BotFault,
  type Controller,
  type PlayContext,
  type StartContext,
} from "../runner/controller";
import { type CompileOptions, compileCppPlayer } from "./compile";
import type { CppKit } from "./kit";

/** Default time limits of a C++ player (ms), as for any external bot. */
const DEFAULT_START_MS = 10_000;
const DEFAULT_TURN_MS = 10_000;
/** Characters of stderr quoted in a crash reason. */
const STDERR_TAIL = 400;
/** Distinct order lines remembered per player (the memo starts again when full). */
const ORDER_CACHE = 4096;
/** Most order lines a reply may announce (the adapter keeps one per unit). */
const MAX_ORDERS = 100_000;

const describeSignal = (signal: NodeJS.Signals): string =>
  ({
    SIGSEGV: "SIGSEGV (segmentation fault)",
    SIGABRT: "SIGABRT (abort: a failed assertion or an uncaught exception)",
    SIGFPE: "SIGFPE (arithmetic error, e.g. a division by zero)",
    SIGBUS: "SIGBUS (bus error)",
    SIGILL: "SIGILL (illegal instruction)",
    SIGKILL: "SIGKILL",
  })[signal as string] ?? signal;

/** Options of `cppBot`. */
export interface CppBotOptions extends CompileOptions {
  /** Label in results (default: the path as given). */
  label?: string;
  /** Bytes of stderr kept (default 64 KiB). */
  stderrBytes?: number;
  /**
   * Rewrites the command line that runs the compiled player, e.g. to run it under a sandbox
   * (`[bwrap, …options, "--", ...argv]`). Default: run it as is.
   */
  wrap?: (argv: readonly string[]) => string[];
}

/** A turn's answer: every command given, the extra header words, the kept order lines. */
interface Reply {
  offered: number;
  extra: string | undefined;
  lines: string[];
}

/** A compiled C++ player as a controller. */
export interface CppPlayer extends Controller {
  /** Its registered `PLAYER_NAME`, known once compiled. */
  botName(): string;
  /** CPU time (user + system) its process had used at its last answer, in ms. */
  cpuMs(): number;
}

class CppController implements CppPlayer {
  readonly defaultBudget = { startMs: DEFAULT_START_MS, turnMs: DEFAULT_TURN_MS };
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private exitReason: string | undefined;
  private readonly stderrText: CappedText;
  private stderrTail = "";
  private buffer = "";
  private outputClosed = false;
  private cpuMicros = 0;
  private waiter: { resolve(): void; reject(error: Error): void } | undefined;
  /** When the pending turn times out (`performance.now()` ms; +∞ when no turn is pending). */
  private deadline = Number.POSITIVE_INFINITY;
  private wallMs = 0;
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  private timerDue = 0;
  /** Order lines already read (`CppKit.order`), by line. */
  private readonly orders = new Map<string, unknown>();

  constructor(
    private readonly kit: CppKit,
    private readonly binary: string,
    private readonly name: string,
    readonly label: string,
    stderrBytes: number,
    private readonly wrap: ((argv: readonly string[]) => string[]) | undefined,
  ) {
    this.stderrText = new CappedText(stderrBytes);
  }

  /** The player's registered name (`PLAYER_NAME`), known once compiled. */
  botName(): string {
    return this.name;
  }

  /** CPU time (user + system) the player's process had used at its last answer, in ms. */
  cpuMs(): number {
    return this.cpuMicros / 1000;
  }

  stderr(): string | undefined {
    return this.stderrText.text();
  }

  private tail(): string {
    const text = this.stderrTail.trim();
    if (text === "") return "";
    const cut = text.length > STDERR_TAIL ? `…${text.slice(-STDERR_TAIL)}` : text;
    return `; stderr: ${cut.replace(/\s*\n\s*/g, " | ")}`;
  }

  private wake(error?: Error): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter === undefined) return;
    if (error !== undefined) waiter.reject(error);
    else waiter.resolve();
  }

  async start(ctx: StartContext): Promise<void> {
    const [program, ...args] = this.wrap ? this.wrap([this.binary]) : [this.binary];
    const child = spawn(program!, args, { detached: true, stdio: ["pipe", "pipe", "pipe"] });
    this.child = child;
    liveChildren.add(child);
    installHooks();
    this.exited = new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.once("error", () => resolve());
    });
    child.once("error", (error) => {
      this.exitReason ??= `could not be started: ${error.message}`;
      this.wake(new BotFault(this.exitReason));
    });
    child.once("exit", (code, signal) => {
      liveChildren.delete(child);
      this.exitReason ??= signal
        ? `crashed with ${describeSignal(signal)}`
        : `exited with code ${code}`;
    });
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      this.buffer += chunk;
      this.wake();
    });
    child.stdout!.once("close", () => {
      this.outputClosed = true;
      this.wake();
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      this.stderrText.push(chunk);
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4 * STDERR_TAIL);
    });
    child.stdin!.on("error", () => {
      // EPIPE once the player has died; reported through its exit.
    });
    await new Promise<void>((resolve) => {
      child.once("spawn", () => resolve());
      child.once("error", () => resolve());
    });
    if (this.exitReason !== undefined) throw new BotFault(this.exitReason);
    const total = ctx.budget.totalMs ?? 0;
    this.send(
      `player ${ctx.player}\nseed ${ctx.seed}\nbudget ${total}\n${this.kit.start(ctx.match, ctx.player)}`,
    );
  }

  private send(message: string | Uint8Array): void {
    if (this.exitReason !== undefined) throw new BotFault(`${this.exitReason}${this.tail()}`);
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null) return;
    const bytes = typeof message === "string" ? Buffer.from(message) : message;
    // One write system call for the frame header and its bytes.
    stdin.cork();
    stdin.write(`${bytes.length}\n`);
    stdin.write(bytes);
    stdin.uncork();
  }

  /**
   * Sets the pending turn's wall-clock deadline, `wallMs` from now. One timer serves every turn (a
   * cheap win: creating and clearing a timer per turn cost more than a whole turn's parsing): it
   * is armed only when none is, or when it would fire after this deadline; when it fires early it
   * re-arms for what is left.
   */
  private armDeadline(wallMs: number): void {
    const now = performance.now();
    this.deadline = now + Math.max(0, wallMs);
    this.wallMs = wallMs;
    if (this.deadlineTimer !== undefined && this.timerDue <= this.deadline) return;
    if (this.deadlineTimer !== undefined) clearTimeout(this.deadlineTimer);
    this.timerDue = this.deadline;
    // Unreferenced: between turns it must not keep the process alive (the player's pipes do
    // while a turn is pending).
    this.deadlineTimer = setTimeout(this.onDeadline, this.deadline - now).unref();
  }

  private readonly onDeadline = (): void => {
    this.deadlineTimer = undefined;
    const left = this.deadline - performance.now();
    if (left === Number.POSITIVE_INFINITY) return; // no turn pending
    if (left > 0) {
      this.timerDue = this.deadline;
      this.deadlineTimer = setTimeout(this.onDeadline, left).unref();
      return;
    }
    this.wake(
      new BotFault(`timed out: no orders within ${Math.round(this.wallMs)} ms${this.tail()}`),
    );
  };

  /** The complete reply in the buffer (header and its order lines), if it has arrived. */
  private takeReply(): Reply | undefined {
    const end = this.buffer.indexOf("\n");
    if (end < 0) return undefined;
    const header = /^orders (\d+) (\d+) (\d+)(?: (.*))?$/.exec(this.buffer.slice(0, end));
    if (header === null) {
      throw new BotFault(
        `wrote '${this.buffer.slice(0, Math.min(end, 80))}' where its orders were expected (a player must not write to stdout through other means than cout)`,
      );
    }
    const count = Number(header[1]);
    if (count > MAX_ORDERS) throw new BotFault(`announced ${count} orders`);
    const lines: string[] = [];
    let at = end + 1;
    for (let k = 0; k < count; k++) {
      const next = this.buffer.indexOf("\n", at);
      if (next < 0) return undefined;
      lines.push(this.buffer.slice(at, next));
      at = next + 1;
    }
    this.buffer = this.buffer.slice(at);
    this.cpuMicros = Number(header[3]);
    return { offered: Number(header[2]), extra: header[4], lines };
  }

  async play(ctx: PlayContext): Promise<void> {
    if (this.buffer !== "") throw new BotFault("wrote output it was not asked for");
    this.send(this.kit.turn(ctx.match, ctx.player));
    // The CPU limit is checked by the runner (cpuMs); this is the wall-clock safety net.
    const wallMs = ctx.wallLimitMs ?? ctx.timeLimitMs;
    if (Number.isFinite(wallMs)) this.armDeadline(wallMs);
    let reply: Reply | undefined;
    try {
      for (;;) {
        reply = this.takeReply();
        if (reply !== undefined) break;
        if (this.outputClosed) {
          // The exit status usually arrives just after the output closes: wait for it briefly.
          await Promise.race([this.exited, new Promise((r) => setTimeout(r, 500).unref())]);
          throw new BotFault(`${this.exitReason ?? "closed its output"}${this.tail()}`);
        }
        await new Promise<void>((resolve, reject) => {
          this.waiter = { resolve, reject };
        });
      }
    } finally {
      this.waiter = undefined;
      this.deadline = Number.POSITIVE_INFINITY;
    }
    const { offered, extra, lines } = reply;
    const { match, collector } = ctx;
    if (extra !== undefined && this.kit.reply !== undefined) {
      try {
        this.kit.reply(match, ctx.player, extra);
      } catch (error) {
        throw new BotFault(`bad reply '${extra}': ${(error as Error).message}`);
      }
    }
    // The runner validates every order (`Engine.parseOrder`) once the turn is over; here an order
    // line is only read, once per distinct line (players repeat the same orders round after
    // round: a cheap win on the per-turn cost).
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k]!;
      let order = this.orders.get(line);
      if (order === undefined) {
        try {
          order = this.kit.order(line);
        } catch (error) {
          throw new BotFault(`bad order '${line}': ${(error as Error).message}`);
        }
        if (this.orders.size >= ORDER_CACHE) this.orders.clear();
        this.orders.set(line, order);
      }
      collector.add(match.orderKey(order), order);
    }
    // Duplicates were dropped by the adapter (first wins); the limit counts every command given.
    collector.offered += Math.max(0, offered - lines.length);
  }

  async close(): Promise<void> {
    if (this.deadlineTimer !== undefined) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = undefined;
    const child = this.child;
    if (child === undefined) return;
    this.child = undefined;
    child.stdin?.destroy();
    killGroup(child);
    liveChildren.delete(child);
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    child.stdout?.destroy();
    child.stderr?.destroy();
    if (liveChildren.size === 0) removeHooks();
  }
}

/** Players still running, killed when this process exits or is told to stop. */
const liveChildren = new Set<ChildProcess>();
let hooksInstalled = false;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  try {
    child.kill("SIGKILL");
  } catch {
    // Already gone.
  }
}

const killAll = (): void => {
  for (const child of liveChildren) killGroup(child);
  liveChildren.clear();
};
const hookSignals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
function onSignal(signal: NodeJS.Signals): void {
  killAll();
  removeHooks();
  process.kill(process.pid, signal);
}
function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAll);
  for (const signal of hookSignals) process.on(signal, onSignal);
}
function removeHooks(): void {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off("exit", killAll);
  for (const signal of hookSignals) process.off(signal, onSignal);
}

/**
 * A student's C++ player (`AI<Name>.cc`, written against the original kit's player API) for
 * `engine`: compiled (or taken from the cache) with the game's compatibility kit, then run as
 * an external player, one process per seat. Its registered `PLAYER_NAME` is `botName()`. A crash
 * freezes it with the signal and the tail of its stderr. Throws `ArenaError` when the game has no
 * C++ kit, g++ is absent or the file does not compile.
 */
export async function cppBot(
  engine: AnyEngine,
  file: string,
  options: CppBotOptions = {},
): Promise<CppPlayer> {
  const kit = engine.cpp;
  if (kit === undefined) {
    throw new ArenaError("BAD_BOT", `${engine.title} has no C++ player support`, {
      file: options.shownAs ?? file,
    });
  }
  const compiled = await compileCppPlayer(kit, file, options);
  return new CppController(
    kit,
    compiled.binary,
    compiled.name,
    options.label ?? options.shownAs ?? file,
    options.stderrBytes ?? 64 * 1024,
    options.wrap,
  );
}
