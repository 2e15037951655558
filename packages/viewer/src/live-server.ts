// The live view's server: the page follows a file that is still being written (a match being
// played, a replay being recorded), told of every change by server-sent events.
import { readFileSync, statSync, unwatchFile, watchFile } from "node:fs";
import type { ServerResponse } from "node:http";
import { basename } from "node:path";
import { Worker } from "node:worker_threads";
import { decodeReplay, looksLikeReplay } from "@arena/core";
import { viewerHtml } from "./index";
import { startServer, type ViewerServer } from "./server";

/** A viewer server following a file as it grows. */
export interface LiveServer extends Omit<ViewerServer, "server"> {
  /**
   * Tells the pages the file changed (also noticed by polling the file). With `preview` (a
   * `ReplayWriter.preview()` of the match writing the file), the pages are shown the steps not yet
   * written too: the file's first `bytes` bytes and then `frame`, so they follow the match step by
   * step although the file grows by batches of 64 steps.
   */
  update(preview?: LivePreview): void;
  /** Tells the pages the file is complete: they read it a last time and stop following. */
  end(): void;
  /** Resolves when a first page follows the stream. */
  connected: Promise<void>;
}

/** The replay as its writer sees it now: the file's first `bytes` bytes, then `frame`. */
export interface LivePreview {
  bytes: number;
  frame?: Uint8Array;
}

/** Whether a replay file's bytes end with its end record. */
function complete(bytes: Uint8Array): boolean {
  if (!looksLikeReplay(bytes)) return false;
  try {
    return decodeReplay(bytes, "replay", { allowTruncated: true }).complete;
  } catch {
    return false;
  }
}

/**
 * Serves the viewer following `path` on 127.0.0.1 (`port` 0: a free one). `GET /` is the page,
 * `GET /file` the file as it is now, `GET /events` the event stream (`update`, then `end` once
 * an arena replay has its end record or `end()` is called). The file is polled every
 * `pollMs` milliseconds.
 */
export async function serveLive(
  path: string,
  options: { port?: number; pollMs?: number; name?: string } = {},
): Promise<LiveServer> {
  const name = options.name ?? basename(path);
  const clients = new Set<ServerResponse>();
  let ended = false;
  let connect!: () => void;
  const connected = new Promise<void>((done) => (connect = done));
  // @arena/core writes a replay to `<path>.partial` and renames it to `<path>` when the match is
  // over: follow whichever of the two exists (the named one first).
  const paths = path.endsWith(".partial")
    ? [path, path.slice(0, -".partial".length)]
    : [path, `${path}.partial`];
  const current = (): string | undefined => {
    for (const candidate of paths) {
      try {
        statSync(candidate);
        return candidate;
      } catch {
        // not there (yet, or any more)
      }
    }
    return undefined;
  };
  let preview: LivePreview | undefined;
  const read = (): Uint8Array => {
    const file = current();
    if (file === undefined) return new Uint8Array(0);
    try {
      return readFileSync(file);
    } catch {
      return new Uint8Array(0);
    }
  };
  // The file as the pages see it: with a preview, its prefix the writer knows of and the steps
  // not yet written (the file only grows, so the prefix is what the preview was made of).
  const previewed = (): Uint8Array => {
    const bytes = read();
    if (preview === undefined || ended || bytes.length < preview.bytes) return bytes;
    if (preview.frame === undefined) return bytes.subarray(0, preview.bytes);
    const out = new Uint8Array(preview.bytes + preview.frame.length);
    out.set(bytes.subarray(0, preview.bytes), 0);
    out.set(preview.frame, preview.bytes);
    return out;
  };
  const send = (event: string): void => {
    for (const client of clients) client.write(`event: ${event}\ndata: 0\n\n`);
  };
  const page = viewerHtml(undefined, { live: "events" });
  const server = await startServer(options.port ?? 0, (route) => {
    if (route === "/" || route === "/index.html") return { html: page };
    if (route === "/file") return { file: { name, bytes: previewed() } };
    if (route !== "/events") return undefined;
    return {
      handle(request, response) {
        response.writeHead(200, {
          "content-type": "text/event-stream",
          "cache-control": "no-store",
          connection: "keep-alive",
        });
        response.write("retry: 1000\n\n");
        response.write(`event: ${ended ? "end" : "update"}\ndata: 0\n\n`);
        if (ended) {
          response.end();
          return;
        }
        clients.add(response);
        request.on("close", () => clients.delete(response));
        connect();
      },
    };
  });
  let size = -1;
  const end = (): void => {
    if (ended) return;
    ended = true;
    for (const file of paths) unwatchFile(file, poll);
    send("end");
    for (const client of clients) client.end();
    clients.clear();
  };
  const update = (next?: LivePreview): void => {
    if (ended) return;
    if (next !== undefined) {
      // A step was played: the pages read it now, whether or not the file grew.
      preview = next;
      send("update");
      return;
    }
    let now = -1;
    const file = current();
    if (file === undefined) return;
    try {
      now = statSync(file).size;
    } catch {
      return;
    }
    if (now === size) return;
    size = now;
    if (complete(read())) end();
    else send("update");
  };
  function poll(): void {
    // A preview covers the file's growth until the match is over; the end record ends it.
    if (preview !== undefined) {
      const bytes = read();
      if (complete(bytes)) end();
      return;
    }
    update();
  }
  for (const file of paths) watchFile(file, { interval: options.pollMs ?? 250 }, poll);
  update();
  const close = server.close;
  return {
    ...server,
    update,
    end,
    connected,
    close: async () => {
      end();
      await close();
    },
  };
}

/** The worker's side of `serveLiveInWorker` (CommonJS text run with `eval`). */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.module)
  .then(async ({ serveLive }) => {
    const server = await serveLive(workerData.path, workerData.options);
    parentPort.postMessage({ type: "ready", url: server.url });
    server.connected.then(() => parentPort.postMessage({ type: "connected" }));
    parentPort.on("message", async (message) => {
      if (message === "update") server.update();
      else if (message && message.type === "update") server.update(message.preview);
      else if (message === "end") server.end();
      else if (message === "close") {
        await server.close();
        parentPort.close();
      }
    });
  })
  .catch((error) => parentPort.postMessage({ type: "error", message: error.message, code: error.code }));
`;

/**
 * `serveLive` on a thread of its own: the page is served and the file followed even while this
 * thread is busy (a match of in-process bots never gives the event loop a turn until it ends).
 */
export function serveLiveInWorker(
  path: string,
  options: { port?: number; pollMs?: number; name?: string } = {},
): Promise<LiveServer> {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { module: new URL("./index.js", import.meta.url).href, path, options },
  });
  let connect!: () => void;
  const connected = new Promise<void>((done) => (connect = done));
  return new Promise((resolve, reject) => {
    worker.on("error", reject);
    worker.on(
      "message",
      (message: { type: string; url?: string; message?: string; code?: string }) => {
        if (message.type === "connected") connect();
        else if (message.type === "error")
          reject(Object.assign(new Error(message.message), { code: message.code }));
        else if (message.type === "ready")
          resolve({
            url: message.url!,
            connected,
            update: (preview?: LivePreview) =>
              worker.postMessage(preview === undefined ? "update" : { type: "update", preview }),
            end: () => worker.postMessage("end"),
            close: () =>
              new Promise<void>((done) => {
                worker.once("exit", () => done());
                worker.postMessage("close");
              }),
          });
      },
    );
  });
}
