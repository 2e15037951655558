// `#frame=N` in the address: the frame shown, kept there as the viewer moves (so a link points
// at it), and followed when the address changes.
import type { ViewerState } from "./viewer-state";

/** The frame the address points at (`#frame=N`), if any. */
export function hashFrame(): number | undefined {
  const hash = /frame=(\d+)/.exec(location.hash);
  return hash ? Number(hash[1]) : undefined;
}

/** Writes the frame shown in the address, and follows the address when it is edited. */
export class FrameAddress {
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `written` runs after each write (the frame shown is in the address). */
  constructor(
    private readonly state: ViewerState,
    private readonly written: () => void,
  ) {}

  /** Puts the frame in the address (`#frame=N`), once scrubbing settles (browsers throttle it). */
  remember(delay = 150): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.state.source) return;
      const frame = Math.round(this.state.pos);
      if (hashFrame() !== frame) history.replaceState(null, "", `#frame=${frame}`);
      this.written();
    }, delay);
  }

  /** Calls `go` with the frame when the address is changed to another one. */
  follow(go: (frame: number) => void): void {
    window.addEventListener("hashchange", () => {
      const frame = hashFrame();
      if (frame !== undefined && frame !== Math.round(this.state.pos)) go(frame);
    });
  }
}
