// The viewer's clock: the frame shown, play and pause, the speed, and the animation loop that
// moves the position between frames while playing.
import type { ViewerState } from "./viewer-state";

/** Playback speeds, in frames per second. */
export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500];

/** The speed (an index of `SPEEDS`) that plays a match of `frames` frames in about 30 s, or faster. */
export function defaultSpeed(frames: number): number {
  const wanted = frames / 30;
  const index = SPEEDS.findIndex((s) => s >= wanted);
  return Math.max(index < 0 ? SPEEDS.length - 1 : index, 3);
}

/** What the clock asks of the page. */
export interface PlaybackHost {
  /** Draws the position (the board every time, the rest when the frame changed). */
  render(): void;
  /** Shows playing or paused (the play button, the page's `data-playing`). */
  showPlaying(playing: boolean): void;
  /** The frame shown must be drawn again in full (after a pause). */
  forgetShownFrame(): void;
  /** Puts the frame in the address after `delay` ms (default: once scrubbing settles). */
  rememberFrame(delay?: number): void;
  /** Shows the speed (the speed list). */
  showSpeed(index: number): void;
}

/** Play, pause, seek and speed over `state.pos` and `state.playing`. */
export class Playback {
  /** An index of `SPEEDS`. */
  speed = 6;
  /** The previous animation frame's timestamp; undefined until the first frame after play(). */
  private lastTime: number | undefined;
  /** When the address last followed playback. */
  private hashAt = 0;

  constructor(
    private readonly state: ViewerState,
    private readonly host: PlaybackHost,
  ) {}

  /** Goes to frame `i` (clamped), stopping any animation in between. */
  seek(i: number, remember = true): void {
    const state = this.state;
    if (!state.source) return;
    state.pos = Math.max(0, Math.min(state.length - 1, Math.round(i)));
    this.host.render();
    if (!state.playing && remember) this.host.rememberFrame();
  }

  /** Pauses and moves `delta` frames. */
  stepBy(delta: number): void {
    this.pause();
    this.seek(Math.round(this.state.pos) + delta);
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  /** Plays from the frame shown (from the start when at the end). */
  play(): void {
    const state = this.state;
    if (!state.source) return;
    if (state.pos >= state.length - 1) state.pos = 0;
    state.playing = true;
    this.host.showPlaying(true);
    this.lastTime = undefined;
    requestAnimationFrame((t) => this.tick(t));
  }

  /** Pauses on a whole frame. */
  pause(): void {
    const state = this.state;
    if (!state.playing) return;
    state.playing = false;
    this.host.showPlaying(false);
    state.pos = Math.floor(state.pos);
    this.host.forgetShownFrame();
    this.host.render();
    this.host.rememberFrame();
  }

  /** Sets the speed (an index of `SPEEDS`, clamped). */
  setSpeed(index: number): void {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, index));
    this.host.showSpeed(this.speed);
  }

  private tick(now: number): void {
    const state = this.state;
    if (!state.playing || !state.source) return;
    // Time is measured between animation frames only: the first frame after play() starts it.
    const elapsed = this.lastTime === undefined ? 0 : Math.min(now - this.lastTime, 250);
    this.lastTime = now;
    state.pos += (elapsed / 1000) * SPEEDS[this.speed]!;
    if (state.pos >= state.length - 1) {
      state.pos = state.length - 1;
      this.host.render();
      this.pause();
      return;
    }
    this.host.render();
    // The address follows playback too, once a second.
    if (now - this.hashAt > 1000) {
      this.hashAt = now;
      this.host.rememberFrame(0);
    }
    requestAnimationFrame((t) => this.tick(t));
  }
}
