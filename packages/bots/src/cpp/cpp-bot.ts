// Node-only: a compiled C++ player as an external player (see CppKit for the transport).
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, fstatSync, readSync, writeSync } from "node:fs";
import {
  type AnyEngine,
  ArenaError,
  BotFault,
  type Budget,
  type Controller,
  type ControllerGroup,
  type CppKit,
  cpuFault,
  DEFAULT_GRACE_MS,
  memoryFault,
  type PlayContext,
  type StartContext,
  wallFault,
} from "@arena/core";
import { INTERRUPTED_FAULT } from "../process/interrupted";
import { killTree } from "../process/live-groups";
import { BOX_LEVELS, boxEnvironment, boxSignal } from "../sandbox/box";
import { type SandboxMode, usesBox } from "../sandbox/sandbox";
import { type CompileOptions, compileCppPlayer } from "./compile";
import { frameBytes, listSeats, sameBytes } from "./frames";
import { keepOnOneCpu } from "./one-cpu";
import { openPlayerPipes, type PlayerPipes } from "./pipes";
import {
  type CppLimitsProfile,
  DEFAULT_CPP_MEMORY_MIB,
  type PlayerRun,
  playerCommand,
  playerMemoryBytes,
  profileBudget,
} from "./player-command";
import { parseReply, type Reply, ReplyOrders } from "./reply";
import { startWatchdog, Watch } from "./watchdog";

/** Default time limits of a C++ player (ms), as for any external bot. */
const DEFAULT_START_MS = 10_000;
const DEFAULT_TURN_MS = 10_000;
/** Bytes of stderr's end kept past the cap (as `CappedText`). */
const STDERR_KEPT_TAIL = 8 * 1024;
/** Characters of stderr quoted in a crash reason. */
const STDERR_TAIL = 400;

const describeSignal = (signal: NodeJS.Signals): string =>
  ({
    SIGSEGV: "SIGSEGV (segmentation fault)",
    SIGABRT: "SIGABRT (abort: a failed assertion or an uncaught exception)",
    SIGFPE: "SIGFPE (arithmetic error, e.g. a division by zero)",
    SIGBUS: "SIGBUS (bus error)",
    SIGILL: "SIGILL (illegal instruction)",
    SIGKILL: "SIGKILL",
    SIGXCPU: "SIGXCPU (over its CPU-time limit)",
    SIGXFSZ: "SIGXFSZ (over its file-size limit)",
  })[signal as string] ?? signal;

/**
 * How the seats of a match played by copies of one compiled player are run: `shared` (default)
 * by one process holding one player object per seat, as in the original (its globals and
 * `static` variables are shared by the copies); `seat`: a process per seat.
 */
export type CppProcessMode = "shared" | "seat";

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
  /**
   * `shared` (default): the seats of one match played by the same compiled player with the same
   * options (budget, stderr cap, wrap) share one process, asked once for a run of consecutive
   * seats; `seat`: a process per seat.
   */
  process?: CppProcessMode;
  /**
   * Run the player in its box (bubblewrap: no network, no file but its own binary, the kernel's
   * limits): `"auto"` (default) wherever the box can run, `true` always (an
   * `ArenaError("NO_SANDBOX")` where it cannot), `false` never (`--trust`: arena's rights).
   */
  sandbox?: SandboxMode;
  /**
   * The limits' profile: `default` (its memory cap as its address space, the match's budget) or
   * `jutge` (Jutge's SecGame limits, `JUTGE_LIMITS`; a process per seat; its default budget 3 s of
   * CPU time for the match and 6 s of wall-clock time per move).
   */
  limits?: CppLimitsProfile;
  /** Memory cap of the player's process (MiB; default 1024): its address space in the box. */
  memoryMiB?: number;
  /**
   * Keep the thread that plays the match, and so the player's process, on one CPU
   * (`keepOnOneCpu`) when the process starts: a turn's hand-over is then a switch between two
   * tasks rather than a wake-up of another CPU (see the README's "One CPU"). The thread stays
   * there after the match. Default false; `arena play` and `arena tournament` set it.
   */
  oneCpu?: boolean;
  /**
   * Keep the address-space randomisation (tests only): by default a player's process runs without
   * it (the kit re-executes it with the `personality` flag `setarch -R` sets), so that a player
   * whose moves depend on addresses plays the same match every run.
   */
  randomLayout?: boolean;
}

/**
 * The environment of a player's process: arena's `ARENA_*` variables (a test player's files),
 * sorted, and nothing else, the same every run (the environment is on the process's stack: a
 * different one moves the stack's addresses).
 */
function playerEnvironment(randomLayout: boolean): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of Object.keys(process.env).sort()) {
    if (name.startsWith("ARENA_") && name !== "ARENA_RANDOM_LAYOUT") env[name] = process.env[name]!;
  }
  if (randomLayout) env.ARENA_RANDOM_LAYOUT = "1";
  return env;
}

/** A compiled C++ player as a controller. */
export interface CppPlayer extends Controller {
  /** Its registered `PLAYER_NAME`, known once compiled. */
  botName(): string;
  /** CPU time its seat had used at its last answer, in ms (see `cppBot`). */
  cpuMs(): number;
}

/** Bytes of the reply buffer at first (it grows for larger replies). */
const REPLY_BUFFER = 64 * 1024;
/** Bytes of the frame buffer at first (it grows for larger frames). */
const FRAME_BUFFER = 16 * 1024;

/** Processes that seats of a match may still join: by match, by binary and options. */
const openProcesses = new WeakMap<object, Map<string, CppProcess>>();

/**
 * The process of a compiled player, serving one seat or several (copies of one player in a
 * match). Its turns are synchronous (the runner's fast path: no event loop, no promise, no timer
 * per turn): a turn request (the frame once and the seats to play) is one write to a blocking
 * pipe, the replies are read with blocking reads, and the wall-clock limit is enforced by the
 * watchdog thread, which kills the process (the read then ends). Its stderr goes to a file, read
 * only when it is asked for (a crash's reason, `stderr()`), so that a player that writes much
 * never blocks on it. A fault of the process (a crash, a kill, a garbled reply) is the fault of
 * every seat it serves.
 */
class CppProcess implements ControllerGroup {
  private child: ChildProcess | undefined;
  private pipes: PlayerPipes | undefined;
  private watch: Watch | undefined;
  private exited: Promise<void> | undefined;
  private exitReason: string | undefined;
  /** The reply bytes read so far: `[0, filled)`. */
  private input = Buffer.allocUnsafe(REPLY_BUFFER);
  private filled = 0;
  /** The frame being written (it grows for larger frames). */
  private output = Buffer.allocUnsafe(FRAME_BUFFER);
  /** The stderr text once the process is closed (its file is gone). */
  private stderrFinal: string | undefined;
  /** Bytes of the stderr file given to turns so far (`turnStderr`). */
  private stderrSeen = 0;
  /** The watchdog's count of bytes cut from the file when it was last looked at. */
  private stderrDroppedSeen = 0;
  /** The seats served, by slot (the order of their start frames). */
  readonly seats: CppController[] = [];
  /** Seats not closed yet. */
  private open = 0;
  /** Turn requests sent: seats join only before the first. */
  turns = 0;
  /** The fault of the whole process, once it failed: every seat's fault from then on. */
  failure: string | undefined;
  closed = false;
  private spawning: Promise<void> | undefined;

  constructor(
    private readonly kit: CppKit,
    private readonly argv: readonly string[],
    private readonly stderrBytes: number,
    /** Its memory cap (bytes): the resident size of its process tree the watchdog allows. */
    private readonly memoryBytes: number,
    /** It runs in a box (bubblewrap exits with 128 + the signal that killed the player). */
    private readonly boxed: boolean,
    private readonly randomLayout: boolean,
  ) {}

  /** Starts the process (once). */
  spawn(): Promise<void> {
    this.spawning ??= this.launch();
    return this.spawning;
  }

  private async launch(): Promise<void> {
    await startWatchdog();
    const [program, ...args] = this.argv;
    const pipes = openPlayerPipes();
    this.pipes = pipes;
    let child: ChildProcess;
    try {
      // Not a process group of its own: in arena's, Ctrl-C at a terminal ends the player (its
      // box's bubblewrap, whose death ends the box) while this thread waits in its turn. Its
      // environment: ARENA_* only (the same every run), and in its box the box's own.
      const env = playerEnvironment(this.randomLayout);
      child = spawn(program!, args, {
        detached: false,
        stdio: [...pipes.child],
        env: this.boxed ? boxEnvironment(env) : env,
      });
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
      // SIGINT to its process (the box's bubblewrap): Ctrl-C; in the box, its own signals are
      // in bubblewrap's exit code.
      const killedBy = signal ?? (this.boxed ? boxSignal(code) : undefined);
      this.exitReason ??=
        signal === "SIGINT"
          ? INTERRUPTED_FAULT
          : killedBy
            ? `crashed with ${describeSignal(killedBy)}`
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
      this.boxed ? BOX_LEVELS : 0,
    );
  }

  /** Adds a seat: its slot. Throws `BotFault` when the process is gone. */
  async join(seat: CppController, ctx: StartContext): Promise<number> {
    await this.spawn();
    const slot = this.seats.length;
    this.seats.push(seat);
    this.open++;
    const total = ctx.budget.totalMs ?? 0;
    const start = Buffer.from(
      `player ${ctx.player}\nseed ${ctx.seed}\nbudget ${total}\n${this.kit.start(ctx.match, ctx.player)}`,
    );
    if (this.failure !== undefined) throw new BotFault(this.failure);
    if (!this.send(undefined, start)) return this.gone();
    return slot;
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
   * What the process wrote on stderr, kept as `CappedText` keeps a stream: its first bytes up to
   * the cap (less 8 KiB) and, past the cap, its last 8 KiB, with a note of what is not kept.
   */
  stderrNow(): string | undefined {
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

  /** A fault of the whole process: every seat's reason (naming the seats when it served several). */
  private fail(reason: string): string {
    if (this.failure !== undefined) return this.failure;
    const players = this.seats.map((seat) => seat.player);
    this.failure =
      players.length > 1
        ? `${reason} (one process served seats ${listSeats(players)}: copies of one player share it)`
        : reason;
    return this.failure;
  }

  /**
   * Writes one frame (header, the turn request's line and the bytes, copied into one buffer and
   * written in one system call); false when the process is gone.
   */
  private send(request: string | undefined, bytes: Uint8Array): boolean {
    const fd = this.pipes?.toPlayer;
    if (fd === undefined) return false;
    // The header and the request line are ASCII: a character is a byte.
    const lineLength = request === undefined ? 0 : request.length;
    const header = `${lineLength + bytes.length}\n`;
    const total = header.length + lineLength + bytes.length;
    if (this.output.length < total)
      this.output = Buffer.allocUnsafe(Math.max(total, 2 * this.output.length));
    const output = this.output;
    let at = output.write(header, 0, "latin1");
    if (request !== undefined) at += output.write(request, at, "latin1");
    output.set(bytes, at);
    let done = 0;
    try {
      // A frame larger than the pipe's buffer: the rest as the player reads it.
      while (done < total) done += writeSync(fd, output, done, total - done);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EPIPE") return false;
      throw error;
    }
    return true;
  }

  /**
   * The process is gone (end of its output, or a write refused): waits briefly for its exit
   * status, then fails with it and the tail of its stderr.
   */
  private async gone(): Promise<never> {
    // The exit status usually arrives just after the output closes: wait for it briefly.
    await Promise.race([this.exited, new Promise((r) => setTimeout(r, 500).unref())]);
    const tail = this.tail();
    // An allocation refused at its address space's cap: say so (the player's own message follows).
    const memory = /bad_alloc|Cannot allocate memory|out of memory/i.test(tail)
      ? ` (out of memory: ${memoryFault(undefined, Math.round(this.memoryBytes / 2 ** 20))})`
      : "";
    throw new BotFault(this.fail(`${this.exitReason ?? "closed its output"}${memory}${tail}`));
  }

  /**
   * Reads until a complete reply (header and its order lines) is in the buffer from `from`: the
   * reply and the offset after it, or undefined at the end of the process's output.
   */
  private readReply(from: number): { reply: Reply; end: number } | undefined {
    const fd = this.pipes!.fromPlayer;
    for (;;) {
      const reply = this.parseReply(from);
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

  /** The complete reply at `from` in the buffer, if it is all there. */
  private parseReply(from: number): { reply: Reply; end: number } | undefined {
    return parseReply(this.input, from, this.filled);
  }

  /**
   * Plays `seats` (of this process, consecutive in the round's call order) with their contexts:
   * each seat's fault reason or undefined, or a promise of them when the process is gone. Seats
   * that see the same frame go in one request; a seat whose frame differs (something the seats
   * before it changed) starts a new request once their replies are applied.
   */
  playAll(
    seats: readonly Controller[],
    ctxs: readonly PlayContext[],
  ): Array<string | undefined> | Promise<Array<string | undefined>> {
    const faults = new Array<string | undefined>(seats.length).fill(undefined);
    let from = 0;
    while (from < seats.length) {
      const frame = frameBytes(this.kit.turn(ctxs[from]!.match, ctxs[from]!.player));
      let to = from + 1;
      while (
        to < seats.length &&
        sameBytes(frameBytes(this.kit.turn(ctxs[to]!.match, ctxs[to]!.player)), frame)
      )
        to++;
      // A fault of the process is the fault of every seat asked.
      const failed = (error: unknown): Array<string | undefined> => {
        if (!(error instanceof BotFault)) throw error;
        return faults.fill(error.message);
      };
      let done: Promise<never> | undefined;
      try {
        done = this.request(
          seats.slice(from, to) as CppController[],
          ctxs.slice(from, to),
          frame,
          faults,
          from,
        );
      } catch (error) {
        return failed(error);
      }
      if (done !== undefined) return done.catch(failed);
      from = to;
    }
    return faults;
  }

  /**
   * One turn request: `frame` for `seats` (in order); their faults go to `faults[offset…]`.
   * Undefined when answered, a promise (rejected with the process's fault) when it is gone.
   */
  private request(
    seats: readonly CppController[],
    ctxs: readonly PlayContext[],
    frame: Uint8Array,
    faults: Array<string | undefined>,
    offset: number,
  ): Promise<never> | undefined {
    if (this.failure !== undefined) return Promise.reject(new BotFault(this.failure));
    if (this.filled > 0) throw new BotFault(this.fail("wrote output it was not asked for"));
    if (this.exitReason !== undefined) return this.gone();
    const watch = this.watch!;
    // The watchdog's limits: a request gets the sum of its seats' (CPU time read from /proc,
    // not what the player reports; the wall-clock safety net; the memory cap).
    let wallMs = 0;
    let cpuMs = 0;
    let request = "turn";
    for (let k = 0; k < seats.length; k++) {
      const ctx = ctxs[k]!;
      wallMs += ctx.wallLimitMs ?? ctx.timeLimitMs;
      cpuMs += ctx.timeLimitMs;
      request += ` ${seats[k]!.slot}`;
    }
    watch.begin({
      wallMs: Number.isFinite(wallMs) ? Math.max(0, wallMs) : Number.POSITIVE_INFINITY,
      cpuMs: Number.isFinite(cpuMs) ? Math.max(0, cpuMs) : Number.POSITIVE_INFINITY,
      memoryBytes: this.memoryBytes,
    });
    this.turns++;
    const replies: Reply[] = [];
    let at = 0;
    let failure: unknown;
    let ended = false;
    try {
      if (this.send(`${request}\n`, frame)) {
        for (let k = 0; k < seats.length; k++) {
          const read = this.readReply(at);
          if (read === undefined) break;
          replies.push(read.reply);
          at = read.end;
        }
        ended = replies.length < seats.length;
      } else ended = true;
    } catch (error) {
      failure = error;
    }
    // The watchdog stopped it, whatever came meanwhile.
    if (!watch.end()) throw new BotFault(this.fail(this.stopReason(watch, ctxs, wallMs, cpuMs)));
    if (failure !== undefined) {
      throw failure instanceof BotFault ? new BotFault(this.fail(failure.message)) : failure;
    }
    if (ended) return this.gone();
    // Anything after the replies was written unasked: seen at the next request.
    this.input.copyWithin(0, at, this.filled);
    this.filled -= at;
    const output = this.turnStderr(replies);
    for (let k = 0; k < seats.length; k++) {
      try {
        seats[k]!.apply(ctxs[k]!, replies[k]!, output?.[k]);
      } catch (error) {
        faults[offset + k] = (error as Error).message;
      }
    }
    return undefined;
  }

  /**
   * What each seat of a request wrote on stderr during its turn (undefined: nothing new): the
   * stderr file from where the last turn ended, split at each seat's reported end (a shared
   * process; a report out of order or past the file is brought within it), the last seat's to the
   * file's end. Nothing is read when the file did not grow. When the watchdog cut the file back
   * (over its slack) or the player shrank it, reading starts again at the kept head.
   */
  private turnStderr(replies: readonly Reply[]): Array<string | undefined> | undefined {
    const fd = this.pipes?.stderr;
    if (fd === undefined) return undefined;
    const size = fstatSync(fd).size;
    const dropped = this.watch?.stderrDropped() ?? 0;
    let from = this.stderrSeen;
    if (dropped !== this.stderrDroppedSeen || size < from) {
      from = Math.min(from, Math.max(0, this.stderrBytes - STDERR_KEPT_TAIL), size);
      this.stderrDroppedSeen = dropped;
    }
    this.stderrSeen = size;
    if (size === from) return undefined;
    const texts = new Array<string | undefined>(replies.length);
    for (let k = 0; k < replies.length; k++) {
      const reported = replies[k]!.stderrEnd;
      const end =
        k === replies.length - 1
          ? size
          : reported === undefined
            ? from
            : Math.min(size, Math.max(from, reported));
      if (end > from) texts[k] = this.readStderr(from, end - from);
      from = end;
    }
    return texts;
  }

  /** Why the watchdog stopped the process in a request (with `wallMs` and `cpuMs`, its limits). */
  private stopReason(
    watch: Watch,
    ctxs: readonly PlayContext[],
    wallMs: number,
    cpuMs: number,
  ): string {
    const { reason, measure } = watch.stopped();
    const grace = ctxs[0]?.budget.graceMs ?? DEFAULT_GRACE_MS;
    if (reason === "cpu") return cpuFault("turn", measure, cpuMs - grace * ctxs.length, grace);
    if (reason === "memory") return memoryFault(measure, Math.round(this.memoryBytes / 2 ** 20));
    if (reason === "aborted") return "stopped: the match was aborted";
    return `${wallFault("turn", wallMs, undefined)}${this.tail()}`;
  }

  /** A seat is closed: the process ends with its last seat. */
  async release(): Promise<void> {
    this.open--;
    if (this.open > 0 && this.failure === undefined) return;
    await this.close();
  }

  /** Kills the process and closes its pipes (once). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const child = this.child;
    const pipes = this.pipes;
    this.child = undefined;
    if (child !== undefined) {
      killPlayer(child);
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

/** A seat of a compiled C++ player, served by its own process or one it shares (`CppProcess`). */
class CppController implements CppPlayer {
  readonly defaultBudget: Budget;
  private host: CppProcess | undefined;
  /** Its slot in the process. */
  slot = 0;
  /** Its player number in the match. */
  player = 0;
  private cpuMicros = 0;
  private closed = false;
  /** Its replies' orders, read (`CppKit.order`) once per distinct line. */
  private readonly orders: ReplyOrders;

  constructor(
    private readonly kit: CppKit,
    /** The game's `Engine.parseOrder`. */
    parseOrder: (value: unknown) => unknown,
    private readonly binary: string,
    private readonly name: string,
    readonly label: string,
    private readonly stderrBytes: number,
    private readonly wrap: ((argv: readonly string[]) => string[]) | undefined,
    private readonly mode: CppProcessMode,
    private readonly oneCpu: boolean,
    private readonly randomLayout: boolean,
    private readonly run: PlayerRun,
  ) {
    this.orders = new ReplyOrders(kit, parseOrder);
    this.defaultBudget = profileBudget(run.profile) ?? {
      startMs: DEFAULT_START_MS,
      turnMs: DEFAULT_TURN_MS,
    };
  }

  /** The player's registered name (`PLAYER_NAME`), known once compiled. */
  botName(): string {
    return this.name;
  }

  /** CPU time its seat had used at its last answer, in ms. */
  cpuMs(): number {
    return this.cpuMicros / 1000;
  }

  /** Its process when it shares one with other seats (the runner asks them together). */
  get group(): ControllerGroup | undefined {
    const host = this.host;
    return host !== undefined && host.seats.length > 1 ? host : undefined;
  }

  stderr(): string | undefined {
    return this.host?.stderrNow();
  }

  async start(ctx: StartContext): Promise<void> {
    // A controller may play several matches, one after another (a process each time).
    this.player = ctx.player;
    this.closed = false;
    this.cpuMicros = 0;
    const own = this.wrap ? this.wrap([this.binary]) : [this.binary];
    const argv = playerCommand(own, this.binary, this.run, ctx);
    let host: CppProcess | undefined;
    let open: Map<string, CppProcess> | undefined;
    const key = `${argv.join("\0")}\0${this.stderrBytes}\0${JSON.stringify(ctx.budget)}\0${this.randomLayout}`;
    if (this.mode === "shared") {
      open = openProcesses.get(ctx.match);
      if (open === undefined) {
        open = new Map();
        openProcesses.set(ctx.match, open);
      }
      host = open.get(key);
      if (host !== undefined && (host.turns > 0 || host.closed || host.failure !== undefined))
        host = undefined;
    }
    if (host === undefined) {
      host = new CppProcess(
        this.kit,
        argv,
        this.stderrBytes,
        playerMemoryBytes(this.run),
        usesBox(this.run.sandbox),
        this.randomLayout,
      );
      open?.set(key, host);
    }
    this.host = host;
    // Before the process starts: it inherits this thread's CPU.
    if (this.oneCpu) keepOnOneCpu();
    this.slot = await host.join(this, ctx);
  }

  play(ctx: PlayContext): Promise<void> | undefined {
    const host = this.host;
    if (host === undefined) throw new BotFault("was not started");
    const faults = host.playAll([this], [ctx]);
    if (isPromise(faults)) {
      return faults.then((list) => {
        if (list[0] !== undefined) throw new BotFault(list[0]);
      });
    }
    if (faults[0] !== undefined) throw new BotFault(faults[0]);
    return undefined;
  }

  /**
   * Hands the reply to the kit, its orders and annotations to the collector (`ReplyOrders`); what
   * the player wrote on stderr during its turn to the runner (`ctx.onOutput`).
   */
  apply(ctx: PlayContext, reply: Reply, stderr: string | undefined): void {
    this.cpuMicros = reply.cpu;
    if (stderr !== undefined) ctx.onOutput?.(stderr);
    this.orders.apply(ctx, reply);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.host?.release();
  }
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | undefined)?.then === "function";

/** Players still running, killed when this process exits or is told to stop. */
const liveChildren = new Set<ChildProcess>();
let hooksInstalled = false;

/** Kills a player's process and its tree (its box: bubblewrap, whose death ends the box). */
function killPlayer(child: ChildProcess): void {
  if (child.pid !== undefined) killTree(child.pid);
}

const killAll = (): void => {
  for (const child of liveChildren) killPlayer(child);
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
 * an external player. The seats of a match played by the same compiled player with the same
 * options share one process (one player object per seat, as in the original) unless
 * `process: "seat"`. Its registered `PLAYER_NAME` is `botName()`. A crash freezes it (and every
 * seat sharing its process) with the signal and the tail of its stderr. Throws `ArenaError` when the game has no
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
  const profile = options.limits ?? "default";
  return new CppController(
    kit,
    (value) => engine.parseOrder(value),
    compiled.binary,
    compiled.name,
    options.label ?? options.shownAs ?? file,
    options.stderrBytes ?? 64 * 1024,
    options.wrap,
    // Jutge's limits are a process's: a process per seat.
    profile === "jutge" ? "seat" : (options.process ?? "shared"),
    options.oneCpu ?? false,
    options.randomLayout ?? false,
    {
      sandbox: options.sandbox,
      profile,
      memoryMiB: options.memoryMiB ?? DEFAULT_CPP_MEMORY_MIB,
    },
  );
}
