import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { startServer, type ViewerServer } from "./server";

let appSource: string | undefined;

/** The browser app (dist/viewer.js, built by `vite build`). */
export function viewerScript(): string {
  if (appSource === undefined) {
    // Beside this module once built (dist/), or in dist/ when run from the sources (tests).
    for (const candidate of ["./viewer.js", "../dist/viewer.js"]) {
      try {
        appSource = readFileSync(new URL(candidate, import.meta.url), "utf8");
        break;
      } catch {
        // try the next place
      }
    }
    if (appSource === undefined) {
      throw new Error(
        `the viewer app (viewer.js) is missing beside ${new URL(".", import.meta.url).pathname}: build @arena/viewer first`,
      );
    }
  }
  return appSource;
}

/** A file to show in the viewer. */
export interface ViewerFile {
  /** Shown in the page title; also tells the user what they opened. */
  name: string;
  /** The file's bytes: an arena replay or an original `.res`. */
  bytes: Uint8Array;
}

/** Keeps `</script` out of inline script text. */
const inlineScript = (code: string): string => code.replace(/<\/(script)/gi, "<\\/$1");

const escapeAttribute = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How a page is made: the files inside it, or where it follows a live match. */
export interface PageOptions {
  /**
   * The page follows a match as it is played: it listens to the server-sent events at this URL
   * (relative to the page) and reads the file again at `file` on each `update`.
   */
  live?: string;
}

const CSP =
  // connect-src: `?replay=<url>` and the live view fetch on request; nothing else leaves the page.
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self' http: https:";

/**
 * One self-contained HTML page: the viewer and, when given, the file inside it (two files: the
 * compare view, side by side). It needs no network and opens from disk.
 */
export function viewerHtml(file?: ViewerFile | ViewerFile[], options: PageOptions = {}): string {
  const files = file === undefined ? [] : Array.isArray(file) ? file : [file];
  const embedded = files
    .map(
      (f, k) =>
        `<script${k === 0 ? ' id="arena-file"' : ""} class="arena-file" type="application/octet-stream" data-name="${escapeAttribute(f.name)}">${Buffer.from(f.bytes).toString("base64")}</script>`,
    )
    .join("\n");
  const title = files.map((f) => escapeAttribute(f.name)).join(" vs ");
  const live =
    options.live === undefined
      ? ""
      : `<meta name="arena-live" content="${escapeAttribute(options.live)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
${live}
<title>arena viewer${title ? ` · ${title}` : ""}</title>
${embedded}
</head>
<body>
<script>${inlineScript(viewerScript())}</script>
</body>
</html>
`;
}

/** Reads a file for the viewer. */
export function readViewerFile(path: string): ViewerFile {
  return { name: basename(path), bytes: readFileSync(path) };
}

/**
 * Serves the viewer with `file` (two files: the compare view) on 127.0.0.1 (`port` 0 picks a free
 * one). `GET /` is the page, `GET /file` (and `/file/1`) the file's bytes, `GET /viewer` the
 * viewer without a file (open one with `?replay=<url>`). Requests whose `Host` is not this
 * loopback address are refused (no DNS rebinding).
 */
export function serveViewer(file: ViewerFile | ViewerFile[], port = 0): Promise<ViewerServer> {
  const files = Array.isArray(file) ? file : [file];
  const page = viewerHtml(files);
  const empty = viewerHtml();
  return startServer(port, (path) => {
    if (path === "/" || path === "/index.html") return { html: page };
    if (path === "/viewer") return { html: empty };
    const m = /^\/file(?:\/(\d+))?$/.exec(path);
    const served = m ? files[Number(m[1] ?? 0)] : undefined;
    return served === undefined ? undefined : { file: served };
  });
}

export { detectRes } from "./detect";
export { type LivePreview, type LiveServer, serveLive, serveLiveInWorker } from "./live-server";
export type { ViewerServer } from "./server";
