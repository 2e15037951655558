// Browser-safe: the seats of a C++ player compiled to WebAssembly, played in this thread (Node,
// or a browser's page): an instance of the player's module serves one seat or the copies of the
// player in a match; frames are written into its memory, replies read from it (see the README's
// "C++ players as WebAssembly"). `wasmBot` (Node) compiles the player and makes its seats.
import {
  BotFault,
  type Controller,
  type ControllerGroup,
  type CppKit,
  type PlayContext,
  type StartContext,
} from "@arena/core";
import { frameBytes, listSeats, sameBytes } from "../cpp/frames";
import { parseReply, ReplyOrders } from "../cpp/reply";
import { WasmFault, WasmInstance } from "./wasm-instance";
import { DEFAULT_TURN_INSTRUCTIONS } from "./wasm-limits";
import type { WasmModule } from "./webassembly-api";

/** Characters of stderr quoted in a fault reason. */
const STDERR_TAIL = 400;

/** A compiled C++ player as a WebAssembly controller. */
export interface WasmPlayer extends Controller {
  /** Its registered `PLAYER_NAME`, known once compiled. */
  botName(): string;
  /** Instructions its seat executed so far (its start and its turns). */
  instructions(): number;
}

/** Where a player's output (stdout and stderr) is kept. */
export interface WasmOutput {
  push(bytes: Uint8Array): void;
  /** What is kept, or undefined when nothing was written. */
  text(): string | undefined;
}

/** What a seat of a WebAssembly player is made of. */
export interface WasmSeatSetup {
  /** The game's C++ kit. */
  kit: CppKit;
  /** The game's `Engine.parseOrder`. */
  parseOrder: (value: unknown) => unknown;
  /** The player's registered PLAYER_NAME. */
  name: string;
  /** Label in results. */
  label: string;
  /** The metered module (`compilePlayerModule`), asked for when an instance is made. */
  module: () => WasmModule;
  /**
   * What identifies the module and the options: copies of the player in a match with the same key
   * (and budget) share one instance unless `process` is `seat`.
   */
  key: string;
  process?: "shared" | "seat";
  /** Environment variables (`NAME=value`), none by default. */
  env?: readonly string[];
  /** A new keeper of an instance's output. */
  output: () => WasmOutput;
  /** The files mounted at `/arena` (tests): read when an instance is made, handed back after each call. */
  files?: { read(): Map<string, Uint8Array>; write(files: Map<string, Uint8Array>): void };
}

/** Instances that seats of a match may still join: by match, by module and options. */
const openInstances = new WeakMap<object, Map<string, WasmHost>>();

/**
 * One instance of a player module, serving one seat or several (copies of one player in a match,
 * each with its own Player object, as in the original). A fault of the instance (a crash, an exit,
 * its memory, or a turn stopped at its instruction limit, which leaves the module's state halfway)
 * freezes every seat it serves.
 */
class WasmHost implements ControllerGroup {
  readonly seats: WasmSeat[] = [];
  readonly output: WasmOutput;
  private instance: WasmInstance | undefined;
  failure: string | undefined;
  turns = 0;
  private open = 0;
  /** The mounted files (`WasmSeatSetup.files`). */
  private files: Map<string, Uint8Array> | undefined;
  /** The last frame written and the step it was for (`continued` when the next is the same). */
  private lastFrame: Uint8Array | undefined;
  private lastStep = -1;

  constructor(private readonly setup: WasmSeatSetup) {
    this.output = setup.output();
  }

  /** The instance, made at the first seat's start. */
  private live(ctx: StartContext): WasmInstance {
    if (this.instance === undefined) {
      const { setup } = this;
      this.files = setup.files?.read();
      this.instance = new WasmInstance(setup.module(), {
        env: setup.env ?? [],
        onOutput: (bytes) => this.output.push(bytes),
        seed: ctx.seed * 31 + ctx.player,
        ...(this.files !== undefined ? { files: this.files } : {}),
      });
    }
    return this.instance;
  }

  /** Hands the mounted files back (`WasmSeatSetup.files`). */
  private writeMount(): void {
    if (this.files !== undefined) this.setup.files?.write(this.files);
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
      this.writeMount();
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
    const start = frameBytes(
      `player ${ctx.player}\nseed ${ctx.seed}\nbudget ${budget}\n${this.setup.kit.start(ctx.match, ctx.player)}`,
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
    const frame = frameBytes(this.setup.kit.turn(ctx.match, ctx.player));
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
    const read = parseReply(reply, 0, reply.length);
    if (read === undefined) throw new BotFault("gave an incomplete reply");
    seat.orders.apply(ctx, read.reply);
  }

  /**
   * Copies of the player consecutive in a round's call order, asked together by the runner: each
   * in turn, as alone (`turn`): each seat's fault reason, or undefined.
   */
  playAll(seats: readonly Controller[], ctxs: readonly PlayContext[]): Array<string | undefined> {
    return seats.map((seat, k) => {
      try {
        this.turn(seat as WasmSeat, ctxs[k]!);
        return undefined;
      } catch (error) {
        if (error instanceof BotFault) return error.message;
        throw error;
      }
    });
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

  readonly label: string;

  constructor(private readonly setup: WasmSeatSetup) {
    this.orders = new ReplyOrders(setup.kit, setup.parseOrder);
    this.label = setup.label;
  }

  botName(): string {
    return this.setup.name;
  }

  instructions(): number {
    return this.executed;
  }

  stderr(): string | undefined {
    return this.host?.output.text();
  }

  /** Its instance when it shares one with other seats (the runner asks them together). */
  get group(): ControllerGroup | undefined {
    const host = this.host;
    return host !== undefined && host.seats.length > 1 ? host : undefined;
  }

  start(ctx: StartContext): void {
    this.player = ctx.player;
    this.closed = false;
    this.executed = 0;
    let host: WasmHost | undefined;
    let open: Map<string, WasmHost> | undefined;
    const key = `${this.setup.key}\0${JSON.stringify(ctx.budget)}`;
    if ((this.setup.process ?? "shared") === "shared") {
      open = openInstances.get(ctx.match);
      if (open === undefined) {
        open = new Map();
        openInstances.set(ctx.match, open);
      }
      host = open.get(key);
      if (host !== undefined && (host.turns > 0 || host.failure !== undefined)) host = undefined;
    }
    if (host === undefined) {
      host = new WasmHost(this.setup);
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

/** A seat of the WebAssembly player `setup` (see `WasmSeatSetup`). */
export const wasmSeat = (setup: WasmSeatSetup): WasmPlayer => new WasmSeat(setup);
