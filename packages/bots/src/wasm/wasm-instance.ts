// Browser-safe: one instance of a compiled C++ player (a metered WebAssembly module, see
// metering.ts) with the kit's adapter, called in this thread: frames are written into its memory,
// replies read from it, every call within an instruction limit, every fault told in words.
import { FUEL_EXPORT, TRAP_EXPORT, TRAP_FUEL, TRAP_MEMORY } from "./metering";
import { PlayerExit, wasiImports } from "./wasi-imports";
import { INSTRUCTIONS_PER_SECOND } from "./wasm-limits";
import {
  type WasmGlobal,
  type WasmMemory,
  type WasmModule,
  WebAssemblyApi,
} from "./webassembly-api";

/**
 * Nanoseconds of a player's virtual clock per instruction: `clock()`, `time()`,
 * `chrono::steady_clock` read the instructions executed, not a clock, at the calibrated rate
 * (`INSTRUCTIONS_PER_SECOND`), so that a player that stops its search after so many milliseconds
 * stops after a comparable amount of work, the same on every machine.
 */
const NANOSECONDS_PER_INSTRUCTION = 1e9 / INSTRUCTIONS_PER_SECOND;

/** The fuel given to a call without an instruction limit (never reached in practice). */
const UNLIMITED = 1n << 62n;

/** Why a player stopped: its instruction limit, its memory cap, an exit, or a crash. */
export class WasmFault extends Error {
  constructor(
    readonly kind: "instructions" | "memory" | "exit" | "crash",
    message: string,
  ) {
    super(message);
    this.name = "WasmFault";
  }
}

/** What the exports of a player module are (the kit's adapter, see arena-io.hh). */
interface PlayerExports {
  memory: WasmMemory;
  _initialize?: () => void;
  __main_argc_argv: (argc: number, argv: number) => number;
  arena_buffer: (size: number) => number;
  arena_start: (size: number) => number;
  arena_turn: (slot: number, size: number, continued: number, used: number) => void;
  arena_reply: () => number;
  arena_reply_size: () => number;
  arena_name: () => number;
  [FUEL_EXPORT]: WasmGlobal;
  [TRAP_EXPORT]: WasmGlobal;
}

/** Options of an instance. */
export interface InstanceOptions {
  /** Environment variables (`NAME=value`), none by default. */
  env?: readonly string[];
  /** Receives what the player writes on stdout and stderr. */
  onOutput: (bytes: Uint8Array) => void;
  /** Seeds its random bytes (std::random_device). */
  seed: number;
  /** A directory mounted at `/arena` (tests), by file name; written files land here. */
  files?: Map<string, Uint8Array>;
}

const MiB = 2 ** 20;

/** A crash's reason, from the engine's trap (as the native crash reasons read). */
function crashReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError && /call stack/i.test(message))
    return "crashed with a stack overflow (a recursion too deep for WebAssembly's call stack)";
  if (/unreachable/.test(message))
    return "crashed with an abort (a failed assertion, std::abort, or a C++ exception thrown: WebAssembly players have none)";
  if (/out of bounds/.test(message))
    return "crashed with a memory access out of bounds (natively a segmentation fault: a bad pointer, an index past an array, or a stack overflow)";
  if (/divide by zero|remainder by zero/.test(message))
    return "crashed with an integer division by zero (natively SIGFPE)";
  return `crashed: ${message}`;
}

/** A player module's instance (see this file's head). */
export class WasmInstance {
  /** Instructions executed so far (every call's, from initialisation on). */
  executed = 0;
  private readonly exports: PlayerExports;
  private readonly sync: () => void;
  /** The fuel the current call started with (its instructions so far: that less what is left). */
  private callFuel = 0n;
  private initialized = false;

  constructor(module: WasmModule, options: InstanceOptions) {
    const wasi = wasiImports({
      env: options.env ?? [],
      onOutput: options.onOutput,
      seed: options.seed,
      nanoseconds: () =>
        BigInt(
          Math.round((this.executed + Number(this.callExecuted())) * NANOSECONDS_PER_INSTRUCTION),
        ),
      ...(options.files !== undefined ? { files: options.files } : {}),
    });
    const instance = new WebAssemblyApi.Instance(module, wasi.imports);
    wasi.bind(instance);
    this.exports = instance.exports as unknown as PlayerExports;
    this.sync = wasi.sync;
  }

  /** Instructions of the current call so far. */
  private callExecuted(): bigint {
    return this.callFuel - (this.exports[FUEL_EXPORT].value as bigint);
  }

  /**
   * Runs `call` with at most `limit` instructions (the module stops one count past it): its
   * result, or a `WasmFault`. The instructions it executed are added to `executed` either way.
   */
  private run<T>(limit: number, call: () => T): T {
    const fuel = this.exports[FUEL_EXPORT];
    this.callFuel = Number.isFinite(limit) ? BigInt(Math.max(0, Math.floor(limit))) : UNLIMITED;
    fuel.value = this.callFuel;
    this.exports[TRAP_EXPORT].value = 0;
    try {
      if (!this.initialized) {
        this.initialized = true;
        this.exports._initialize?.();
        this.exports.__main_argc_argv(0, 0);
      }
      return call();
    } catch (error) {
      throw this.fault(error);
    } finally {
      this.executed += Number(this.callExecuted());
      this.sync();
    }
  }

  /** The fault of a call that threw. */
  private fault(error: unknown): WasmFault {
    if (error instanceof PlayerExit) return new WasmFault("exit", error.message);
    const trap = this.exports[TRAP_EXPORT].value as number;
    if (trap === TRAP_FUEL) return new WasmFault("instructions", "ran out of instructions");
    if (trap === TRAP_MEMORY) {
      const had = Math.round(this.exports.memory.buffer.byteLength / MiB);
      return new WasmFault(
        "memory",
        `could not grow its memory: it has ${had} MiB, the cap of its WebAssembly memory`,
      );
    }
    if (error instanceof WebAssemblyApi.RuntimeError || error instanceof RangeError)
      return new WasmFault("crash", crashReason(error));
    throw error;
  }

  /** Copies `frame` into the module's buffer (within the current call). */
  private put(frame: Uint8Array): number {
    const at = this.exports.arena_buffer(frame.length);
    new Uint8Array(this.exports.memory.buffer, at, frame.length).set(frame);
    return frame.length;
  }

  /** A seat's start frame: its slot; -1 when the file registers no player. */
  start(frame: Uint8Array, limit: number): number {
    return this.run(limit, () => this.exports.arena_start(this.put(frame)));
  }

  /**
   * Seat `slot`'s turn on the state `frame` (`continued`: as the adapter's), `used` its use so far
   * in the start frame's budget unit: the reply's bytes (a copy).
   */
  turn(
    slot: number,
    frame: Uint8Array,
    continued: boolean,
    used: number,
    limit: number,
  ): Uint8Array {
    return this.run(limit, () => {
      this.exports.arena_turn(slot, this.put(frame), continued ? 1 : 0, used);
      const at = this.exports.arena_reply();
      return new Uint8Array(
        this.exports.memory.buffer,
        at,
        this.exports.arena_reply_size(),
      ).slice();
    });
  }

  /** The registered PLAYER_NAME, or undefined (it registers none). */
  name(limit: number): string | undefined {
    return this.run(limit, () => {
      const at = this.exports.arena_name();
      if (at === 0) return undefined;
      const bytes = new Uint8Array(this.exports.memory.buffer, at);
      return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
    });
  }

  /** Bytes of linear memory the player has now. */
  memoryBytes(): number {
    return this.exports.memory.buffer.byteLength;
  }
}
