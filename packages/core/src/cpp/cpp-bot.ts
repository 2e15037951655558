// Node-only: a compiled C++ player as an external player (see CppKit for the transport).
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, fstatSync, readSync, writeSync, writevSync } from "node:fs";
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
import { openPlayerPipes, type PlayerPipes } from "./pipes";
import { startWatchdog, Watch } from "./watchdog";

/** Default time limits of a C++ player (ms), as for any external bot. */
const DEFAULT_START_MS = 10_000;
const DEFAULT_TURN_MS = 10_000;
/** Bytes of stderr's end kept past the cap (as `CappedText`). */
const STDERR_KEPT_TAIL = 8 * 1024;
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

/** Bytes of the reply buffer at first (it grows for larger replies). */
const REPLY_BUFFER = 64 * 1024;

/**
 * A compiled C++ player. Its turns are synchronous (the runner's fast path: no event loop, no
 * promise, no timer per turn): the frame is one write to a blocking pipe, the reply is read with
 * blocking reads, and the wall-clock limit is enforced by the watchdog thread, which kills the
 * player (the read then ends). Its stderr goes to a file, read only when it is asked for (a
 * crash's reason, `stderr()`), so that a player that writes much never blocks on it.
 */
class CppController implements CppPlayer {
  readonly defaultBudget = { startMs: DEFAULT_START_MS, turnMs: DEFAULT_TURN_MS };
  private child: ChildProcess | undefined;
  private pipes: PlayerPipes | undefined;
  private watch: Watch | undefined;
  private exited: Promise<void> | undefined;
  private exitReason: string | undefined;
  /** The reply bytes read so far: `[0, filled)`. */
  private input = Buffer.allocUnsafe(REPLY_BUFFER);
  private filled = 0;
  private cpuMicros = 0;
  /** The stderr text once the player is closed (its file is gone). */
  private stderrFinal: string | undefined;
  /** The last frame's bytes and their header (players of a round often get the same bytes). */
  private lastFrame: Uint8Array | undefined;
  private lastHeader: Buffer = Buffer.alloc(0);
  /** Order lines already read (`CppKit.order`), by line. */
  private readonly orders = new Map<string, unknown>();

  constructor(
    private readonly kit: CppKit,
    private readonly binary: string,
    private readonly name: string,
    readonly label: string,
    private readonly stderrBytes: number,
    private readonly wrap: ((argv: readonly string[]) => string[]) | undefined,
  ) {}

  /** The player's registered name (`PLAYER_NAME`), known once compiled. */
  botName(): string {
    return this.name;
  }

  /** CPU time (user + system) the player's process had used at its last answer, in ms. */
  cpuMs(): number {
    return this.cpuMicros / 1000;
  }

  /** `length` bytes of the stderr file from `position`, as text. */
  private readStderr(position: number, length: number): string {
    const fd = this.pipes?.stderr;
    if (fd === undefined || length <= 0) return "";
    const bytes = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(fd, bytes, done, length - done, position + done);
      if (n <= 0) break;
      done += n;
    }
    return bytes.toString("utf8", 0, done);
  }

  /**
   * What the player wrote on stderr, kept as `CappedText` keeps a stream: its first bytes up to
   * the cap (less 8 KiB) and, past the cap, its last 8 KiB, with a note of what is not kept.
   */
  private stderrNow(): string | undefined {
    const fd = this.pipes?.stderr;
    if (fd === undefined) return this.stderrFinal;
    const size = fstatSync(fd).size;
    if (size === 0) return undefined;
    const head = Math.max(0, this.stderrBytes - STDERR_KEPT_TAIL);
    const dropped =
      (this.watch?.stderrDropped() ?? 0) + Math.max(0, size - head - STDERR_KEPT_TAIL);
    if (dropped === 0) return this.readStderr(0, size);
    const tailFrom = Math.max(head, size - STDERR_KEPT_TAIL);
    return `${this.readStderr(0, head)}\n[stderr truncated: ${dropped} bytes not kept]\n${this.readStderr(tailFrom, size - tailFrom)}`;
  }

  stderr(): string | undefined {
    return this.stderrNow();
  }

  /** The end of stderr for a fault reason (`; stderr: …`), or "". */
  private tail(): string {
    const fd = this.pipes?.stderr;
    let text: string;
    if (fd === undefined) text = this.stderrFinal ?? "";
    else {
      const size = fstatSync(fd).size;
      const from = Math.max(0, size - 4 * STDERR_TAIL);
      text = this.readStderr(from, size - from);
    }
    text = text.slice(-4 * STDERR_TAIL).trim();
    if (text === "") return "";
    const cut = text.length > STDERR_TAIL ? `…${text.slice(-STDERR_TAIL)}` : text;
    return `; stderr: ${cut.replace(/\s*\n\s*/g, " | ")}`;
  }

  async start(ctx: StartContext): Promise<void> {
    await startWatchdog();
    const [program, ...args] = this.wrap ? this.wrap([this.binary]) : [this.binary];
    const pipes = openPlayerPipes();
    this.pipes = pipes;
    let child: ChildProcess;
    try {
      child = spawn(program!, args, { detached: true, stdio: [...pipes.child] });
    } finally {
      // Only the player holds its ends now: its death is an end of file here.
      closeSync(pipes.child[0]);
      closeSync(pipes.child[1]);
    }
    this.child = child;
    liveChildren.add(child);
    installHooks();
    this.exited = new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.once("error", () => resolve());
    });
    child.once("error", (error) => {
      this.exitReason ??= `could not be started: ${error.message}`;
    });
    child.once("exit", (code, signal) => {
      liveChildren.delete(child);
      this.exitReason ??= signal
        ? `crashed with ${describeSignal(signal)}`
        : `exited with code ${code}`;
    });
    await new Promise<void>((resolve) => {
      child.once("spawn", () => resolve());
      child.once("error", () => resolve());
    });
    if (this.exitReason !== undefined || child.pid === undefined) {
      throw new BotFault(this.exitReason ?? "could not be started");
    }
    this.watch = new Watch(
      child.pid,
      pipes.stderr,
      Math.max(0, this.stderrBytes - STDERR_KEPT_TAIL),
    );
    const total = ctx.budget.totalMs ?? 0;
    if (
      !this.send(
        Buffer.from(
          `player ${ctx.player}\nseed ${ctx.seed}\nbudget ${total}\n${this.kit.start(ctx.match, ctx.player)}`,
        ),
      )
    ) {
      return this.gone();
    }
  }

  /** Writes one frame (header and bytes in one system call); false when the player is gone. */
  private send(bytes: Uint8Array): boolean {
    const fd = this.pipes?.toPlayer;
    if (fd === undefined) return false;
    if (bytes !== this.lastFrame) {
      this.lastFrame = bytes;
      this.lastHeader = Buffer.from(`${bytes.length}\n`);
    }
    const header = this.lastHeader;
    const total = header.length + bytes.length;
    let done = 0;
    try {
      done = writevSync(fd, [header, bytes]);
      // A frame larger than the pipe's buffer: the rest as the player reads it.
      while (done < total) {
        done +=
          done < header.length
            ? writeSync(fd, header, done, header.length - done)
            : writeSync(fd, bytes, done - header.length, total - done);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EPIPE") return false;
      throw error;
    }
    return true;
  }

  /**
   * The player is gone (end of its output, or a write refused): waits briefly for its exit
   * status, then fails with it and the tail of its stderr.
   */
  private async gone(): Promise<never> {
    // The exit status usually arrives just after the output closes: wait for it briefly.
    await Promise.race([this.exited, new Promise((r) => setTimeout(r, 500).unref())]);
    throw new BotFault(`${this.exitReason ?? "closed its output"}${this.tail()}`);
  }

  /**
   * Reads until a complete reply (header and its order lines) is in the buffer: the reply and
   * the offset after it, or undefined at the end of the player's output.
   */
  private readReply(): { reply: Reply; end: number } | undefined {
    const fd = this.pipes!.fromPlayer;
    for (;;) {
      const reply = this.parseReply();
      if (reply !== undefined) return reply;
      if (this.filled === this.input.length) {
        const bigger = Buffer.allocUnsafe(this.input.length * 2);
        this.input.copy(bigger, 0, 0, this.filled);
        this.input = bigger;
      }
      let n: number;
      try {
        n = readSync(fd, this.input, this.filled, this.input.length - this.filled, null);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EAGAIN" || code === "EINTR") continue;
        throw error;
      }
      if (n === 0) return undefined;
      this.filled += n;
    }
  }

  /** The complete reply at the start of the buffer, if it is all there. */
  private parseReply(): { reply: Reply; end: number } | undefined {
    const input = this.input;
    const filled = this.filled;
    const end = input.indexOf(10, 0);
    if (end < 0 || end >= filled) return undefined;
    const headerText = input.toString("latin1", 0, end);
    const header = /^orders (\d+) (\d+) (\d+)(?: (.*))?$/.exec(headerText);
    if (header === null) {
      throw new BotFault(
        `wrote '${headerText.slice(0, 80)}' where its orders were expected (a player must not write to stdout through other means than cout)`,
      );
    }
    const count = Number(header[1]);
    if (count > MAX_ORDERS) throw new BotFault(`announced ${count} orders`);
    const lines: string[] = new Array(count);
    let at = end + 1;
    for (let k = 0; k < count; k++) {
      const next = input.indexOf(10, at);
      if (next < 0 || next >= filled) return undefined;
      lines[k] = input.toString("utf8", at, next);
      at = next + 1;
    }
    this.cpuMicros = Number(header[3]);
    return { reply: { offered: Number(header[2]), extra: header[4], lines }, end: at };
  }

  play(ctx: PlayContext): Promise<void> | undefined {
    if (this.filled > 0) throw new BotFault("wrote output it was not asked for");
    if (this.exitReason !== undefined) return this.gone();
    const watch = this.watch!;
    const frame = this.kit.turn(ctx.match, ctx.player);
    // The CPU limit is checked by the runner (cpuMs); this is the wall-clock safety net.
    const wallMs = ctx.wallLimitMs ?? ctx.timeLimitMs;
    watch.begin(Number.isFinite(wallMs) ? Math.max(0, wallMs) : Number.POSITIVE_INFINITY);
    let read: { reply: Reply; end: number } | undefined;
    let failure: unknown;
    try {
      read = this.send(typeof frame === "string" ? Buffer.from(frame) : frame)
        ? this.readReply()
        : undefined;
    } catch (error) {
      failure = error;
    }
    // The watchdog stopped it: a timeout, whatever came meanwhile.
    if (!watch.end()) {
      throw new BotFault(`timed out: no orders within ${Math.round(wallMs)} ms${this.tail()}`);
    }
    if (failure !== undefined) throw failure;
    if (read === undefined) return this.gone();
    const { reply, end } = read;
    // Anything after the reply was written unasked: seen at the next turn.
    this.input.copyWithin(0, end, this.filled);
    this.filled -= end;
    this.apply(ctx, reply);
    return undefined;
  }

  /** Hands the reply to the kit and the orders to the collector. */
  private apply(ctx: PlayContext, { offered, extra, lines }: Reply): void {
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
    const child = this.child;
    const pipes = this.pipes;
    this.child = undefined;
    if (child !== undefined) {
      killGroup(child);
      liveChildren.delete(child);
      await Promise.race([
        this.exited,
        new Promise((resolve) => setTimeout(resolve, 2000).unref()),
      ]);
    }
    this.watch?.release();
    this.watch = undefined;
    if (pipes !== undefined) {
      this.stderrFinal = this.stderrNow();
      this.pipes = undefined;
      closeSync(pipes.toPlayer);
      closeSync(pipes.fromPlayer);
      closeSync(pipes.stderr);
    }
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
