// Following a match as it is played (or a replay file as it is written): the loopback server
// sends server-sent events (`update` when the file grew, `end` when it is complete) and the page
// fetches the file again, at most as often as re-reading it allows.
import type { App } from "./app";

/** Follows the server's event stream at `eventsUrl`; the file is at `fileUrl`. */
export function followLive(app: App, eventsUrl: string, fileUrl = "file"): void {
  app.setLive(true);
  let busy = false;
  let pending = false;
  let ended = false;
  let wait = 200;
  const load = async (): Promise<void> => {
    if (busy) {
      pending = true;
      return;
    }
    busy = true;
    try {
      do {
        pending = false;
        const response = await fetch(fileUrl, { cache: "no-store" });
        const bytes = new Uint8Array(await response.arrayBuffer());
        const started = performance.now();
        if (bytes.length > 0) app.reload(bytes);
        // Re-reading a long match re-simulates it: leave the page time to breathe between reads.
        wait = Math.max(200, 2 * (performance.now() - started));
        if (pending) await new Promise((done) => setTimeout(done, wait));
      } while (pending);
    } catch {
      // the server went away: the last good state stays on the page
    } finally {
      busy = false;
      if (ended) app.setLive(false);
    }
  };
  const events = new EventSource(eventsUrl);
  events.addEventListener("update", () => void load());
  events.addEventListener("end", () => {
    ended = true;
    events.close();
    pending = true;
    void load();
  });
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED && !ended) app.setLive(false);
  };
}
