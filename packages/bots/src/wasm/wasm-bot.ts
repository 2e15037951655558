// Node-only: a student's C++ player compiled to WebAssembly and played in this thread (see the
// README's "C++ players as WebAssembly").
import {
  type AnyEngine,
  ArenaError,
  BotFault,
  type Controller,
  type CppKit,
  type PlayContext,
  type StartContext,
} from "@arena/core";
import { buildCppPlayer, type CompileOptions } from "../cpp/compile";
import type { CppProcessMode } from "../cpp/cpp-bot";
import { frameBytes, listSeats, parseReply, ReplyOrders, sameBytes } from "../cpp/reply";
import { CappedText } from "../process/capped-text";
import { WasmFault, WasmInstance } from "./wasm-instance";
import { loadPlayerModule } from "./wasm-module";
import { type WasmCompiler, wasmToolchain } from "./wasm-toolchain";
import { DEFAULT_TURN_INSTRUCTIONS, WASM_MEMORY_MIB } from "./wasm-limits";

/** Characters of stderr quoted in a fault reason. */
const STDERR_TAIL = 400;

/** Options of `wasmBot`. */
export interface WasmBotOptions extends Omit<CompileOptions, "compiler"> {
  /** The WebAssembly compiler: `auto` (default: Debian's clang, else @yowasp/clang), `clang`, `yowasp`. */
  compiler?: WasmCompiler;
  /** Label in results (default: the path as given). */
  label?: string;
  /** Bytes of its output (stderr and stdout) kept (default 64 KiB). */
  stderrBytes?: number;
  /** Copies of one player in a match share one instance (`shared`, default) or have one each (`seat`). */
  process?: CppProcessMode;
  /** The cap of its memory, MiB (default `WASM_MEMORY_MIB`, Jutge's 64 MB). */
  memoryMiB?: number;
  /** Environment variables the player sees (none by default; tests pass some). */
  env?: Readonly<Record<string, string>>;
  /**
   * A directory mounted at `/arena` (tests: what a test player reads or writes), by file name;
   * what the player writes there lands in this map. None by default: no file system at all.
   */
  files?: Map<string, Uint8Array>;
}

/** A compiled C++ player as a WebAssembly controller. */
export interface WasmPlayer extends Controller {
  /** Its registered `PLAYER_NAME`, known once compiled. */
  botName(): string;
  /** Instructions its seat executed so far (its start and its turns). */
  instructions(): number;
}

/** Instances that seats of a match may still join: by match, by module and options. */
const openInstances = new WeakMap<object, Map<string, WasmHost>>();

/**
 * One instance of a player module, serving one seat or several (copies of one player in a match,
 * each with its own Player object, as in the original). A fault of the instance (a crash, an exit,
 * its memory, or a turn stopped at its instruction limit, which leaves the module's state halfway)
 * freezes every seat it serves.
 */
class WasmHost {
  readonly seats: WasmSeat[] = [];
  readonly output: CappedText;
  private instance: WasmInstance | undefined;
  failure: string | undefined;
  turns = 0;
  private open = 0;
  /** The last frame written and the step it was for (`continued` when the next is the same). */
  private lastFrame: Uint8Array | undefined;
  private lastStep = -1;

  constructor(
    private readonly kit: CppKit,
    private readonly modulePath: string,
    private readonly options: WasmBotOptions,
  ) {
    this.output = new CappedText(options.stderrBytes ?? 64 * 1024);
  }

  /** The instance, made at the first seat's start. */
  private live(ctx: StartContext): WasmInstance {
    if (this.instance === undefined) {
      const module = loadPlayerModule(this.modulePath, this.options.memoryMiB ?? WASM_MEMORY_MIB);
      const env = Object.entries(this.options.env ?? {}).map(([name, value]) => `${name}=${value}`);
      this.instance = new WasmInstance(module, {
        env,
        onOutput: (bytes) => this.output.push(bytes),
        seed: ctx.seed * 31 + ctx.player,
        ...(this.options.files !== undefined ? { files: this.options.files } : {}),
      });
    }
    return this.instance;
  }

  /** Runs `call` for `seat`: its instructions charged to it; a fault of the instance thrown. */
  private call<T>(seat: WasmSeat, call: (instance: WasmInstance) => T, ctx: StartContext): T {
    if (this.failure !== undefined) throw new BotFault(this.failure);
    const instance = this.live(ctx);
    const before = instance.executed;
    try {
      return call(instance);
    } catch (error) {
      if (!(error instanceof WasmFault)) throw error;
      throw new BotFault(this.fail(error));
    } finally {
      seat.executed += instance.executed - before;
    }
  }

  /** A fault of the instance: every seat's reason from then on. */
  private fail(error: WasmFault): string {
    const tail = this.tail();
    let reason = error.kind === "memory" ? `ran out of memory: it ${error.message}` : error.message;
    if (error.kind !== "instructions") reason += tail;
    const players = this.seats.map((seat) => seat.player);
    this.failure =
      players.length > 1
        ? `${reason} (one instance served seats ${listSeats(players)}: copies of one player share it)`
        : reason;
    return this.failure;
  }

  /** The end of its output for a fault reason (`; stderr: …`), or "". */
  private tail(): string {
    const text = (this.output.text() ?? "").slice(-4 * STDERR_TAIL).trim();
    if (text === "") return "";
    const cut = text.length > STDERR_TAIL ? `…${text.slice(-STDERR_TAIL)}` : text;
    return `; stderr: ${cut.replace(/\s*\n\s*/g, " | ")}`;
  }

  /** Adds a seat (its start frame): its slot. */
  join(seat: WasmSeat, ctx: StartContext): number {
    this.seats.push(seat);
    this.open++;
    const total = ctx.budget.totalInstructions;
    const budget = total === undefined ? 0 : Math.max(1, Math.round(total / 1000));
    const start = Buffer.from(
      `player ${ctx.player}\nseed ${ctx.seed}\nbudget ${budget}\n${this.kit.start(ctx.match, ctx.player)}`,
    );
    const limit = ctx.instructionLimit ?? Number.POSITIVE_INFINITY;
    const slot = this.call(seat, (instance) => instance.start(start, limit), ctx);
    if (slot < 0) {
      this.failure = "registers no player: end the file with RegisterPlayer(PLAYER_NAME);";
      throw new BotFault(this.failure);
    }
    return slot;
  }

  /** A seat's turn: its reply's orders into its collector. */
  turn(seat: WasmSeat, ctx: PlayContext): void {
    this.turns++;
    const frame = frameBytes(this.kit.turn(ctx.match, ctx.player));
    const continued =
      this.lastStep === ctx.step &&
      this.lastFrame !== undefined &&
      sameBytes(frame, this.lastFrame);
    this.lastFrame = frame;
    this.lastStep = ctx.step;
    const limit = ctx.instructionLimit ?? Number.POSITIVE_INFINITY;
    // The seat's use so far in the start frame's budget unit (thousands of instructions).
    const used = seat.executed / 1000;
    const reply = this.call(
      seat,
      (instance) => instance.turn(seat.slot, frame, continued, used, limit),
      ctx,
    );
    const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.length);
    const read = parseReply(bytes, 0, bytes.length);
    if (read === undefined)
      throw new BotFault(`gave an incomplete reply: '${bytes.toString("latin1", 0, 80)}'`);
    seat.orders.apply(ctx, read.reply);
  }

  /** A seat is closed: the instance is dropped with its last seat. */
  release(): void {
    this.open--;
    if (this.open <= 0) this.instance = undefined;
  }
}

/** A seat of a WebAssembly player, served by an instance of its own or one it shares. */
class WasmSeat implements WasmPlayer {
  readonly defaultBudget = { turnInstructions: DEFAULT_TURN_INSTRUCTIONS };
  readonly orders: ReplyOrders;
  private host: WasmHost | undefined;
  slot = 0;
  player = 0;
  executed = 0;
  private closed = false;

  constructor(
    private readonly kit: CppKit,
    parseOrder: (value: unknown) => unknown,
    private readonly modulePath: string,
    private readonly name: string,
    readonly label: string,
    private readonly options: WasmBotOptions,
  ) {
    this.orders = new ReplyOrders(kit, parseOrder);
  }

  botName(): string {
    return this.name;
  }

  instructions(): number {
    return this.executed;
  }

  stderr(): string | undefined {
    return this.host?.output.text();
  }

  start(ctx: StartContext): void {
    this.player = ctx.player;
    this.closed = false;
    this.executed = 0;
    let host: WasmHost | undefined;
    let open: Map<string, WasmHost> | undefined;
    const key = `${this.modulePath}\0${JSON.stringify(ctx.budget)}\0${JSON.stringify(this.options.env ?? {})}\0${this.options.memoryMiB}\0${this.options.files !== undefined}`;
    if ((this.options.process ?? "shared") === "shared") {
      open = openInstances.get(ctx.match);
      if (open === undefined) {
        open = new Map();
        openInstances.set(ctx.match, open);
      }
      host = open.get(key);
      if (host !== undefined && (host.turns > 0 || host.failure !== undefined)) host = undefined;
    }
    if (host === undefined) {
      host = new WasmHost(this.kit, this.modulePath, this.options);
      open?.set(key, host);
    }
    this.host = host;
    this.slot = host.join(this, ctx);
  }

  play(ctx: PlayContext): void {
    if (this.host === undefined) throw new BotFault("was not started");
    this.host.turn(this, ctx);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.host?.release();
  }
}

/**
 * A student's C++ player (`AI<Name>.cc`, written against the original kit's player API) for
 * `engine`, compiled to WebAssembly (or taken from the cache) with the game's kit and played in
 * this thread: no process, no pipe; its instructions counted (`Controller.instructions`: the
 * runner's instruction budgets, the replay's usage records), its memory capped. Copies of it in
 * a match share one instance (one player object per seat, as in the original) unless
 * `process: "seat"`. Throws `ArenaError` when the game has no C++ kit, no WebAssembly compiler is
 * there (`NO_COMPILER`) or the file does not compile (`CPP_COMPILE`, or `CPP_WASM` naming a
 * feature WebAssembly players lack).
 */
export async function wasmBot(
  engine: AnyEngine,
  file: string,
  options: WasmBotOptions = {},
): Promise<WasmPlayer> {
  const kit = engine.cpp;
  if (kit === undefined) {
    throw new ArenaError("BAD_BOT", `${engine.title} has no C++ player support`, {
      file: options.shownAs ?? file,
    });
  }
  const toolchain = await wasmToolchain(options.compiler);
  const compiled = await buildCppPlayer(toolchain, kit, file, options);
  return new WasmSeat(
    kit,
    (value) => engine.parseOrder(value),
    compiled.binary,
    compiled.name,
    options.label ?? options.shownAs ?? file,
    options,
  );
}
