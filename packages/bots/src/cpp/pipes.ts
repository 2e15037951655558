// Node-only: blocking pipes for C++ players' synchronous turns. Node's own child pipes are
// non-blocking sockets (a synchronous read of one fails with EAGAIN); named pipes opened here are
// blocking, so that a turn is one write and one read system call, without the event loop.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, constants, mkdtempSync, openSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Named pipes made at once: one `mkfifo` process (a few ms: a fork of this process) for 32
 * players' processes. Each is opened at once (read-write, which does not block) and removed with
 * its folder: the pool holds descriptors, and nothing is left on disk whatever ends the process
 * (a worker thread terminated, a signal). A player's ends are opened through `/proc/self/fd`.
 */
const BATCH = 64;

let made = 0;
/** Read-write descriptors of named pipes already removed from the disk. */
const pool: number[] = [];

/**
 * Closes the named pipes made ahead and not used yet (those in use are held by their players):
 * for a long-lived process between batches. Nothing of them is on disk. Returns how many it closed.
 */
export function discardUnusedPipes(): number {
  const count = pool.length;
  for (const fd of pool.splice(0)) closeSync(fd);
  return count;
}

/** A named pipe's read-write descriptor (its name is gone). */
function fifo(): number {
  if (pool.length === 0) {
    const directory = mkdtempSync(join(tmpdir(), "arena-cpp-"));
    try {
      const paths: string[] = [];
      for (let k = 0; k < BATCH; k++) paths.push(join(directory, `fifo-${made++}`));
      execFileSync("mkfifo", ["-m", "600", ...paths], { stdio: "ignore" });
      for (const path of paths) pool.push(openSync(path, constants.O_RDWR));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
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
 * Opens a player's pipes. Each named pipe is held by a read-write descriptor (opening one end
 * alone blocks until the other is open), its ends opened through `/proc/self/fd`, then the
 * read-write one closed: in the end, this process holds only its own end of each, so that a
 * player's death is an end of file (or EPIPE) here. Its stderr is a file made and removed at once.
 */
export function openPlayerPipes(): PlayerPipes {
  const input = fifo();
  const output = fifo();
  const open: number[] = [input, output];
  const reopen = (fd: number, flags: number): number => {
    const end = openSync(`/proc/self/fd/${fd}`, flags);
    open.push(end);
    return end;
  };
  try {
    const toPlayer = reopen(input, constants.O_WRONLY);
    const childIn = reopen(input, constants.O_RDONLY);
    const fromPlayer = reopen(output, constants.O_RDONLY);
    const childOut = reopen(output, constants.O_WRONLY);
    const errorPath = join(tmpdir(), `arena-stderr-${randomBytes(12).toString("hex")}`);
    // Appended to (O_APPEND): the watchdog cuts the file back while the player writes.
    const { O_RDWR, O_CREAT, O_EXCL, O_APPEND } = constants;
    const stderr = openSync(errorPath, O_RDWR | O_CREAT | O_EXCL | O_APPEND, 0o600);
    open.push(stderr);
    unlinkSync(errorPath);
    closeSync(input);
    closeSync(output);
    open.splice(0, 2);
    return { toPlayer, fromPlayer, stderr, child: [childIn, childOut, stderr] };
  } catch (error) {
    for (const fd of open) closeSync(fd);
    throw error;
  }
}
