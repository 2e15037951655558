// The embedded page's (`?embed`) "open full viewer" link: the same file at the same frame in a
// whole viewer, by its URL or, for a file that has none, by handing the bytes to the new window.
import type { ViewerState } from "./viewer-state";

/** The link to the full viewer, shown only in an embedded page with a file open. */
export class FullViewerLink {
  constructor(
    private readonly link: HTMLAnchorElement,
    private readonly embedded: boolean,
    private readonly state: ViewerState,
  ) {
    link.addEventListener("click", (e) => this.open(e));
  }

  /** Points the link at the file and the frame shown. */
  update(): void {
    const link = this.link;
    link.hidden = !this.embedded || this.state.opened.length === 0;
    if (link.hidden) return;
    const url = new URL(location.href);
    url.searchParams.delete("embed");
    const from = this.state.opened[0]?.url;
    if (from !== undefined) url.searchParams.set("replay", new URL(from, location.href).href);
    url.hash = `frame=${Math.round(this.state.pos)}`;
    link.href = url.href;
  }

  /** Opens the full viewer in a new window and hands it the bytes (no URL to give it). */
  private open(event: Event): void {
    const first = this.state.opened[0];
    if (first === undefined || first.url !== undefined) return; // the link's href does it
    event.preventDefault();
    const full = window.open(this.link.href, "_blank");
    if (full === null) return;
    const frame = Math.round(this.state.pos);
    const send = (e: MessageEvent) => {
      if (e.source !== full || (e.data as { type?: string })?.type !== "arena:ready") return;
      window.removeEventListener("message", send);
      full.postMessage({ type: "arena:open", bytes: first.bytes, name: first.name, frame }, "*");
    };
    window.addEventListener("message", send);
  }
}
