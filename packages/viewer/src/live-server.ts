// The live view's server: the page follows a file that is still being written (a match being
// played, a replay being recorded), told of every change by server-sent events.
import { unwatchFile, watchFile } from "node:fs";
import { basename } from "node:path";
import { Worker } from "node:worker_threads";
import { decodeReplay, looksLikeReplay } from "@arena/core";
import { EventStream } from "./event-stream";
import { FollowedFile, previewedBytes } from "./followed-file";
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
  const file = new FollowedFile(path);
  const stream = new EventStream();
  let ended = false;
  let preview: LivePreview | undefined;
  const page = viewerHtml(undefined, { live: "events" });
  const server = await startServer(options.port ?? 0, (route) => {
    if (route === "/" || route === "/index.html") return { html: page };
    if (route === "/file")
      return { file: { name, bytes: previewedBytes(file.read(), ended ? undefined : preview) } };
    if (route !== "/events") return undefined;
    return { handle: (request, response) => stream.handle(request, response) };
  });
  let size = -1;
  const end = (): void => {
    if (ended) return;
    ended = true;
    for (const followed of file.paths) unwatchFile(followed, poll);
    stream.end();
  };
  const update = (next?: LivePreview): void => {
    if (ended) return;
    if (next !== undefined) {
      // A step was played: the pages read it now, whether or not the file grew.
      preview = next;
      stream.update();
      return;
    }
    const now = file.size();
    if (now === undefined || now === size) return;
    size = now;
    if (complete(file.read())) end();
    else stream.update();
  };
  function poll(): void {
    // A preview covers the file's growth until the match is over; the end record ends it.
    if (preview !== undefined) {
      if (complete(file.read())) end();
      return;
    }
    update();
  }
  for (const followed of file.paths) watchFile(followed, { interval: options.pollMs ?? 250 }, poll);
  update();
  const close = server.close;
  return {
    ...server,
    update,
    end,
    connected: stream.connected,
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
