// The loopback HTTP server behind `arena view` and the live view: routes, and the `Host` check.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running viewer server. */
export interface ViewerServer {
  /** The page's URL (loopback). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** What a path serves: a page, a file's bytes, or a handler of its own (an event stream). */
export type Route =
  | { html: string }
  | { file: { name: string; bytes: Uint8Array } }
  | { handle(request: IncomingMessage, response: ServerResponse): void };

/** The `Host` values a loopback server on `port` answers to. */
export function loopbackHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/**
 * Starts a server on 127.0.0.1:`port` (0: a free one) answering GET and HEAD through `route`.
 * A request whose `Host` header is not this loopback address gets 403: a page of another site
 * that resolves its name to 127.0.0.1 (DNS rebinding) cannot read the files.
 */
export function startServer(
  port: number,
  route: (path: string) => Route | undefined,
): Promise<ViewerServer> {
  let hosts = new Set<string>();
  const server = createServer((request, response) => {
    if (!hosts.has(request.headers.host ?? "")) {
      response.writeHead(403, { "content-type": "text/plain" }).end("forbidden: wrong Host\n");
      return;
    }
    const path = (request.url ?? "/").split("?")[0]!;
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const found = route(path);
    if (found === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    } else if ("html" in found) {
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        .end(found.html);
    } else if ("file" in found) {
      response
        .writeHead(200, {
          "content-type": "application/octet-stream",
          "cache-control": "no-store",
          "content-disposition": `attachment; filename="${found.file.name.replace(/["\\\r\n]/g, "_")}"`,
        })
        .end(found.file.bytes);
    } else found.handle(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: actual } = server.address() as AddressInfo;
      hosts = loopbackHosts(actual);
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
