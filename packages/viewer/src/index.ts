import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename } from "node:path";

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

/**
 * One self-contained HTML page: the viewer and, when given, the file inside it. It needs no
 * network and opens from disk.
 */
export function viewerHtml(file?: ViewerFile): string {
  const embedded =
    file === undefined
      ? ""
      : `<script id="arena-file" type="application/octet-stream" data-name="${escapeAttribute(file.name)}">${Buffer.from(file.bytes).toString("base64")}</script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:">
<title>arena viewer${file ? ` · ${escapeAttribute(file.name)}` : ""}</title>
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

/** A running viewer server. */
export interface ViewerServer {
  /** The page's URL (loopback). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves the viewer with `file` on 127.0.0.1 (`port` 0 picks a free one). `GET /` is the page,
 * `GET /file` the file's bytes.
 */
export function serveViewer(file: ViewerFile, port = 0): Promise<ViewerServer> {
  const page = viewerHtml(file);
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
    } else if (path === "/" || path === "/index.html") {
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        .end(page);
    } else if (path === "/file") {
      response
        .writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": `attachment; filename="${file.name.replace(/["\\\r\n]/g, "_")}"`,
        })
        .end(file.bytes);
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        server,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

export { detectRes } from "./detect";
