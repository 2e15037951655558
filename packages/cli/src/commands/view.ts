import { basename, resolve } from "node:path";
import { ArenaError, decodeReplay, looksLikeReplay } from "@arena/core";
import { detectRes, serveViewer, type ViewerFile, viewerHtml } from "@arena/viewer";
import { checkFlags, type ParsedArgs, stringFlag } from "../args";
import { gunzipInput, readInputBytes, writeOutputFile } from "../files";
import { checkGameName } from "../games";
import type { CliIo } from "../io";

export const viewHelp = `Usage: arena view <file> [options]

Shows an arena replay, or an original .res file (also gzipped) of Money Heist,
Mad Max, Mad Max Revisited or Bola de Drac, in the web viewer.

Without --html it serves the viewer on 127.0.0.1, prints the URL and runs
until you stop it (Ctrl-C).

Options:
  --html FILE           write one self-contained HTML page (viewer and file
                        inside, opens offline) instead of serving
  --port N              port to serve on (default: a free one)
  --debug               show stack traces of errors
`;

/** Reads and checks the file, so that a wrong one fails here and not only in the page. */
export function readViewable(path: string): ViewerFile {
  const bytes = readInputBytes(path, "the file to view");
  const name = basename(path);
  if (looksLikeReplay(bytes)) {
    const replay = decodeReplay(bytes, path, { allowTruncated: true });
    checkGameName(replay.header.game, path);
    return { name, bytes };
  }
  let text = bytes;
  // Capped: a decompression bomb is refused before it fills the memory (files.ts).
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) text = gunzipInput(bytes, path, "the file to view");
  const head = Buffer.from(text.subarray(0, 1024)).toString("utf8");
  if (detectRes(head) === undefined) {
    throw new ArenaError(
      "BAD_FILE",
      "neither an arena replay nor the .res of Money Heist, Mad Max, Mad Max Revisited or Bola de Drac",
      { file: path },
    );
  }
  return { name, bytes };
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
const untilStopped = (): Promise<void> =>
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
  const [file, ...extra] = args.positionals;
  if (args.flags.has("help") || file === undefined) {
    io.out(viewHelp);
    return file === undefined && !args.flags.has("help") ? 2 : 0;
  }
  if (extra.length > 0)
    throw new ArenaError("BAD_FLAG", `'arena view' takes one file, got also: ${extra.join(" ")}`);
  const html = stringFlag(args, "html");
  const portText = stringFlag(args, "port");
  if (html !== undefined && portText !== undefined)
    throw new ArenaError("BAD_FLAG", "--port is for serving; --html writes a file instead");
  const port = portText === undefined ? 0 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ArenaError("BAD_FLAG", `--port must be a port number (0–65535), got '${portText}'`);
  const viewable = readViewable(resolve(io.cwd, file));
  if (html !== undefined) {
    const out = resolve(io.cwd, html);
    writeOutputFile(out, viewerHtml(viewable), "HTML");
    io.out(`viewer: ${out}\n`);
    return 0;
  }
  let server: Awaited<ReturnType<typeof serveViewer>>;
  try {
    server = await serveViewer(viewable, port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ArenaError(
      "CANNOT_SERVE",
      code === "EADDRINUSE"
        ? `port ${port} is in use (try another --port, or leave it out for a free one)`
        : `cannot serve the viewer (${code ?? (error as Error).message})`,
    );
  }
  io.out(`Viewing ${viewable.name} at ${server.url}  (Ctrl-C stops)\n`);
  await wait();
  await server.close();
  return 0;
}
