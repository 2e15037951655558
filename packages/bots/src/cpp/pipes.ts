// Node-only: blocking pipes for C++ players' synchronous turns. Node's own child pipes are
// non-blocking sockets (a synchronous read of one fails with EAGAIN); named pipes opened here are
// blocking, so that a turn is one write and one read system call, without the event loop.
import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Named pipes made at once: one `mkfifo` process (a few ms: a fork of this process) for 32
 * players' processes; unused ones go with the directory when this process exits.
 */
const BATCH = 64;

let directory: string | undefined;
let made = 0;
const pool: string[] = [];

let exitHooked = false;

const removeDirectory = (): void => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
};

/**
 * Removes the named pipes made ahead and not used yet, with their directory (those in use are
 * unlinked already); the next player's pipes are made in a new one. For a process that is not
 * ended by `exit` (a test runner's worker, stopped by a signal, which Node's `exit` event does
 * not see): the directory would otherwise stay in the temporary directory. Returns the directory
 * removed (undefined when there was none).
 */
export function discardUnusedPipes(): string | undefined {
  const removed = directory;
  removeDirectory();
  directory = undefined;
  pool.length = 0;
  return removed;
}

function fifo(): string {
  if (pool.length === 0) {
    if (directory === undefined) {
      directory = mkdtempSync(join(tmpdir(), "arena-cpp-"));
      if (!exitHooked) process.once("exit", removeDirectory);
      exitHooked = true;
    }
    const paths: string[] = [];
    for (let k = 0; k < BATCH; k++) paths.push(join(directory, `fifo-${made++}`));
    execFileSync("mkfifo", ["-m", "600", ...paths], { stdio: "ignore" });
    pool.push(...paths);
  }
  return pool.pop()!;
}

/** The descriptors of a player's three standard streams: this process's ends, the child's ends. */
export interface PlayerPipes {
  /** This process writes the frames here (blocking). */
  readonly toPlayer: number;
  /** This process reads the replies here (blocking; end of file once the player is gone). */
  readonly fromPlayer: number;
  /** The player's stderr: an unlinked file (the player appends; read with positions). */
  readonly stderr: number;
  /** The child's stdin, stdout and stderr (close the first two once it is spawned). */
  readonly child: readonly [number, number, number];
}

/**
 * Opens a player's pipes. Each named pipe is opened through a temporary read-write descriptor
 * (opening one end blocks until the other is open) and unlinked at once; in the end, this process
 * holds only its own end of each, so that a player's death is an end of file (or EPIPE) here.
 */
export function openPlayerPipes(): PlayerPipes {
  const input = fifo();
  const output = fifo();
  const open: number[] = [];
  try {
    const holdInput = openSync(input, constants.O_RDWR);
    open.push(holdInput);
    const toPlayer = openSync(input, constants.O_WRONLY);
    open.push(toPlayer);
    const childIn = openSync(input, constants.O_RDONLY);
    open.push(childIn);
    closeSync(holdInput);
    open.splice(open.indexOf(holdInput), 1);
    const holdOutput = openSync(output, constants.O_RDWR);
    open.push(holdOutput);
    const fromPlayer = openSync(output, constants.O_RDONLY);
    open.push(fromPlayer);
    const childOut = openSync(output, constants.O_WRONLY);
    open.push(childOut);
    closeSync(holdOutput);
    open.splice(open.indexOf(holdOutput), 1);
    const errorPath = `${output}.stderr`;
    const stderr = openSync(errorPath, "a+", 0o600);
    open.push(stderr);
    unlinkSync(errorPath);
    return { toPlayer, fromPlayer, stderr, child: [childIn, childOut, stderr] };
  } catch (error) {
    for (const fd of open) closeSync(fd);
    throw error;
  } finally {
    unlinkSync(input);
    unlinkSync(output);
  }
}
