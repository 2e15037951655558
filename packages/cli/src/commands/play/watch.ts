// `arena play --watch`: a loopback viewer page follows the match while it is played.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type AnyEngine, ArenaError } from "@arena/core";
import type { LiveServer } from "@arena/viewer";
import { integerFlag, type ParsedArgs } from "../../args";
import type { CliIo } from "../../io";

/** The page following a match, and the replay file it follows. */
export interface MatchWatch {
  /** The replay the match writes and the page follows: `--out`, or a file in a temporary folder. */
  readonly path: string;
  /** The viewer's server: `update()` after each step, `end()` when the match is over. */
  readonly server: LiveServer;
  /** After the match: says where the page stays, and resolves on Ctrl-C or SIGTERM. */
  stayOpen(): Promise<void>;
  /** Stops the server (once; later calls do nothing). */
  close(): Promise<void>;
}

/**
 * With `--watch`: serves the page and resolves once a page follows it (the match starts then);
 * without, undefined (and `--port` is refused).
 */
export async function startWatch(
  engine: AnyEngine,
  args: ParsedArgs,
  io: CliIo,
  outPath: string | undefined,
): Promise<MatchWatch | undefined> {
  const path = !args.flags.has("watch")
    ? undefined
    : outPath !== undefined
      ? resolve(io.cwd, outPath)
      : join(mkdtempSync(join(tmpdir(), "arena-watch-")), `${engine.name}.arena`);
  if (path === undefined && args.flags.has("port")) {
    throw new ArenaError("BAD_FLAG", "--port goes with --watch");
  }
  if (path === undefined) return undefined;
  // Loaded only with --watch: the viewer's server is not part of a plain match's start-up.
  const view = await import("../view");
  const server = await view.watchMatch(path, io, integerFlag(args, "port", 0));
  let closed = false;
  const watch: MatchWatch = {
    path,
    server,
    async stayOpen() {
      io.err(`The match is over; the viewer stays at ${server.url} until Ctrl-C\n`);
      await view.untilStopped();
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
    },
  };
  await server.connected;
  return watch;
}
