import { App } from "./app";
import { followLive } from "./live";

/** Reads the files embedded in the page by `arena view` (base64 in `<script class="arena-file">`). */
function embeddedFiles(): Array<{ bytes: Uint8Array; name: string }> {
  return [...document.querySelectorAll<HTMLElement>("script.arena-file, #arena-file")].map(
    (node) => {
      const binary = atob((node.textContent ?? "").trim());
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return { bytes, name: node.dataset.name ?? "replay" };
    },
  );
}

const params = new URLSearchParams(location.search);
const embedded = params.has("embed");
const app = new App(document.body, { embedded });
(window as unknown as { arenaViewer: App["api"] }).arenaViewer = app.api;

// Messages from the page embedding this one (or from the viewer that opened this window):
// { type: "arena:open", bytes, name, frame? }, { type: "arena:seek", frame }, "arena:play",
// "arena:pause". The viewer answers "arena:ready" once it listens.
window.addEventListener("message", (event) => {
  const data = event.data as {
    type?: string;
    bytes?: Uint8Array | ArrayBuffer;
    name?: string;
    url?: string;
    frame?: number;
  };
  switch (data?.type) {
    case "arena:open":
      if (data.url !== undefined) void app.openUrl(data.url);
      else if (data.bytes !== undefined) {
        app.open(new Uint8Array(data.bytes), data.name ?? "replay");
        if (data.frame !== undefined) app.seek(data.frame);
      }
      break;
    case "arena:seek":
      app.seek(Number(data.frame));
      break;
    case "arena:play":
      app.play();
      break;
    case "arena:pause":
      app.pause();
      break;
  }
});
const host = window.parent !== window ? window.parent : (window.opener as Window | null);
host?.postMessage({ type: "arena:ready" }, "*");

const files = embeddedFiles();
const replayUrl = params.get("replay");
const live = document.querySelector<HTMLMetaElement>('meta[name="arena-live"]')?.content;
if (live !== undefined) followLive(app, live);
else if (replayUrl !== null) void app.openUrl(replayUrl);
else if (files.length === 2) app.compare(files[0]!, files[1]!);
else if (files.length === 1) app.open(files[0]!.bytes, files[0]!.name);
