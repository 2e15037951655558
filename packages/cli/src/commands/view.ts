import { rmSync } from "node:fs";
import { basename, resolve } from "node:path";
import { ArenaError, decodeReplay, looksLikeReplay } from "@arena/core";
import {
  detectRes,
  type LiveServer,
  serveLive,
  serveLiveInWorker,
  serveViewer,
  type ViewerFile,
  viewerHtml,
} from "@arena/viewer";
import { checkFlags, type ParsedArgs, stringFlag } from "../args";
import { gunzipInput, readInputBytes, writeOutputFile } from "../files";
import { checkGameName } from "../games";
import type { CliIo } from "../io";

export const viewHelp = `Usage: arena view <file> [<file2>] [options]

Shows an arena replay, or an original .res file (also gzipped) of Money Heist,
Mad Max, Mad Max Revisited or Bola de Drac, in the web viewer. With two files
of the same game (e.g. one seed played by two versions of a bot), shows them
side by side on one timeline with the score difference charted.

Without --html it serves the viewer on 127.0.0.1, prints the URL and runs
until you stop it (Ctrl-C). A replay still being written (no end record yet,
e.g. 'arena play --out' still running) is followed as it grows.

Options:
  --html FILE           write one self-contained HTML page (viewer and file
                        inside, opens offline) instead of serving
  --port N              port to serve on (default: a free one)
  --debug               show stack traces of errors
`;

/** A file checked for the viewer; `game` is its engine name, `complete` false for a replay still being written. */
export interface Viewable extends ViewerFile {
  game: string;
  complete: boolean;
}

/** Reads and checks the file, so that a wrong one fails here and not only in the page. */
export function readViewable(path: string): Viewable {
  const bytes = readInputBytes(path, "the file to view");
  const name = basename(path);
  if (looksLikeReplay(bytes)) {
    const replay = decodeReplay(bytes, path, { allowTruncated: true });
    checkGameName(replay.header.game, path);
    return { name, bytes, game: replay.header.game, complete: replay.complete };
  }
  let text = bytes;
  // Capped: a decompression bomb is refused before it fills the memory (files.ts).
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) text = gunzipInput(bytes, path, "the file to view");
  const head = Buffer.from(text.subarray(0, 1024)).toString("utf8");
  const game = detectRes(head);
  if (game === undefined) {
    throw new ArenaError(
      "BAD_FILE",
      "neither an arena replay nor the .res of Money Heist, Mad Max, Mad Max Revisited or Bola de Drac",
      { file: path },
    );
  }
  return { name, bytes, game, complete: true };
}

/** Turns a server start failure into one clear line. */
async function serving<T>(port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ArenaError(
      "CANNOT_SERVE",
      code === "EADDRINUSE"
        ? `port ${port} is in use (try another --port, or leave it out for a free one)`
        : `cannot serve the viewer (${code ?? (error as Error).message})`,
    );
  }
}

/**
 * `arena play --watch`: a loopback page following the replay at `path` while the match is played.
 * Call `update()` after each step (the file is also polled) and `end()` when the match is over.
 */
export async function watchMatch(path: string, io: CliIo, port = 0): Promise<LiveServer> {
  // The match writes this file from scratch: an older replay there is not the one to show.
  rmSync(path, { force: true });
  rmSync(`${path}.partial`, { force: true });
  const server = await serving(port, () => serveLiveInWorker(path, { port }));
  io.err(`Watching the match at ${server.url}  (it starts when the page is open; Ctrl-C stops)\n`);
  return server;
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
export const untilStopped = (): Promise<void> =>
  new Promise((done) => {
    process.once("SIGINT", () => done());
    process.once("SIGTERM", () => done());
  });

/** `arena view`: returns the process exit code. */
export async function view(
  args: ParsedArgs,
  io: CliIo,
  wait: () => Promise<void> = untilStopped,
): Promise<number> {
  checkFlags(args, new Set(["html", "port", "help", "debug"]), "view");
  const [file, second, ...extra] = args.positionals;
  if (args.flags.has("help") || file === undefined) {
    io.out(viewHelp);
    return file === undefined && !args.flags.has("help") ? 2 : 0;
  }
  if (extra.length > 0)
    throw new ArenaError(
      "BAD_FLAG",
      `'arena view' takes one file (two to compare), got also: ${extra.join(" ")}`,
    );
  const html = stringFlag(args, "html");
  const portText = stringFlag(args, "port");
  if (html !== undefined && portText !== undefined)
    throw new ArenaError("BAD_FLAG", "--port is for serving; --html writes a file instead");
  const port = portText === undefined ? 0 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ArenaError("BAD_FLAG", `--port must be a port number (0–65535), got '${portText}'`);
  const path = resolve(io.cwd, file);
  const viewable = readViewable(path);
  const files: ViewerFile[] = [{ name: viewable.name, bytes: viewable.bytes }];
  if (second !== undefined) {
    const other = readViewable(resolve(io.cwd, second));
    if (other.game !== viewable.game)
      throw new ArenaError(
        "BAD_FILE",
        `cannot compare a ${viewable.game} match with a ${other.game} one: give two files of the same game`,
        { file: second },
      );
    if (other.name === viewable.name) other.name = `${other.name} (2)`;
    files.push({ name: other.name, bytes: other.bytes });
  }
  if (html !== undefined) {
    const out = resolve(io.cwd, html);
    writeOutputFile(out, viewerHtml(files), "HTML");
    io.out(`viewer: ${out}\n`);
    return 0;
  }
  // A replay without its end record is still being written: follow it as it grows.
  const follow = second === undefined && !viewable.complete;
  const server = await serving<{ url: string; close(): Promise<void> }>(port, () =>
    follow ? serveLive(path, { port }) : serveViewer(files, port),
  );
  io.out(
    `${follow ? "Following" : "Viewing"} ${files.map((f) => f.name).join(" vs ")} at ${server.url}  (Ctrl-C stops)\n`,
  );
  await wait();
  await server.close();
  return 0;
}
