import { App } from "./ui";

/** Reads the file embedded in the page by `arena view` (base64 in `<script id="arena-file">`). */
function embeddedFile(): { bytes: Uint8Array; name: string } | undefined {
  const node = document.getElementById("arena-file");
  if (node === null) return undefined;
  const binary = atob((node.textContent ?? "").trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { bytes, name: node.dataset.name ?? "replay" };
}

const file = embeddedFile();
const app = new App(document.body);
(window as unknown as { arenaViewer: App["api"] }).arenaViewer = app.api;
if (file !== undefined) app.open(file.bytes, file.name);
