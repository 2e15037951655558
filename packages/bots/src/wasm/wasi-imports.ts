// Browser-safe: the WASI functions a player module may import, from @bjorn3/browser_wasi_shim (the
// same code in Node and in a browser), made deterministic: clocks that tell the instructions
// executed (no wall clock), random bytes from a seeded stream, sleeping that returns at once, no
// file system but what a test mounts, no sockets, no signals.
import {
  ConsoleStdout,
  type Directory,
  type Fd,
  File,
  OpenFile,
  PreopenDirectory,
  WASI,
} from "@bjorn3/browser_wasi_shim";
import type { WasmImports, WasmInstanceObject, WasmMemory } from "./webassembly-api";

/** WASI's error numbers used here. */
const ERRNO_SUCCESS = 0;
const ERRNO_NOSYS = 52;
const ERRNO_NOTSUP = 58;
/** WASI's clock ids. */
const CLOCK_REALTIME = 0;
/** The wall clock a player reads: 1 January 2000, plus its virtual time. */
const EPOCH_NS = 946_684_800_000_000_000n;

/** How a player's system calls are answered. */
export interface WasiSetup {
  /** Environment variables (`NAME=value`). */
  env: readonly string[];
  /** Receives what the player writes on stdout and stderr (stdout goes where stderr goes). */
  onOutput: (bytes: Uint8Array) => void;
  /** Seeds `random_get` (std::random_device, getentropy). */
  seed: number;
  /** The player's virtual time in nanoseconds (its clocks): derived from its instructions. */
  nanoseconds: () => bigint;
  /**
   * A directory mounted at `/arena` (tests: files a test player reads or writes), by file name;
   * written files are found here after the match. None by default: no file system at all.
   */
  files?: Map<string, Uint8Array>;
}

/** The error a player's `exit()` / `abort()`-by-signal becomes. */
export class PlayerExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A seeded byte stream (xorshift32): `random_get`'s bytes, the same every run. */
function byteStream(seed: number): (out: Uint8Array) => void {
  let state = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return (out) => {
    for (let k = 0; k < out.length; k++) {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      out[k] = state & 0xff;
    }
  };
}

/** The mounted directory of a test, as the shim's files; written back into `files` by `sync`. */
function mounted(files: Map<string, Uint8Array>): { fd: Fd; sync: () => void } {
  const contents = new Map<string, File>();
  for (const [name, bytes] of files) contents.set(name, new File(bytes));
  const directory = new PreopenDirectory("/arena", contents);
  const sync = () => {
    for (const [name, entry] of (directory.dir as Directory).contents) {
      if (entry instanceof File) files.set(name, entry.data);
    }
  };
  return { fd: directory, sync };
}

/**
 * The `wasi_snapshot_preview1` imports of a player: the shim's, with the calls that would read
 * the machine (clocks, randomness, sleeping) or reach outside (sockets, signals) replaced.
 * `bind(instance)` must be called once the instance exists (before it runs anything); `sync()`
 * writes the mounted files back.
 */
export function wasiImports(setup: WasiSetup) {
  const output = new ConsoleStdout((bytes: Uint8Array) => setup.onOutput(bytes));
  const fds: Fd[] = [new OpenFile(new File(new Uint8Array(0))), output, output];
  const mount = setup.files !== undefined ? mounted(setup.files) : undefined;
  if (mount !== undefined) fds.push(mount.fd);
  const wasi = new WASI(["player"], [...setup.env], fds);
  const imports = wasi.wasiImport;
  let memory: WasmMemory | undefined;
  const view = () => new DataView(memory!.buffer);
  const random = byteStream(setup.seed);
  imports.clock_time_get = (id: number, _precision: bigint, at: number) => {
    const time = setup.nanoseconds();
    view().setBigUint64(at, id === CLOCK_REALTIME ? EPOCH_NS + time : time, true);
    return ERRNO_SUCCESS;
  };
  imports.clock_res_get = (_id: number, at: number) => {
    view().setBigUint64(at, 1n, true);
    return ERRNO_SUCCESS;
  };
  imports.random_get = (at: number, length: number) => {
    random(new Uint8Array(memory!.buffer, at, length));
    return ERRNO_SUCCESS;
  };
  // Sleeping returns at once (its time is not the player's to spend); one event, "done".
  imports.poll_oneoff = () => ERRNO_NOTSUP;
  imports.sched_yield = () => ERRNO_SUCCESS;
  imports.proc_exit = (code: number) => {
    throw new PlayerExit(code, `exited with code ${code}`);
  };
  imports.proc_raise = (signal: number) => {
    throw new PlayerExit(128 + signal, `raised signal ${signal}`);
  };
  for (const name of ["sock_accept", "sock_recv", "sock_send", "sock_shutdown"])
    imports[name] = () => ERRNO_NOSYS;
  return {
    imports: { wasi_snapshot_preview1: imports } as WasmImports,
    /** Gives the shim the instance (its memory); runs nothing (the caller initialises it). */
    bind(instance: WasmInstanceObject): void {
      memory = instance.exports.memory as WasmMemory;
      wasi.inst = instance as unknown as WASI["inst"];
    },
    sync: () => mount?.sync(),
  };
}
