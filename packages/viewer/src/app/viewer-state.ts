// What the page shows: the files open, the frame, playing or not, live or not, the pinned unit.
// Every panel reads it; only the App changes it.
import type { Source } from "./source";
import type { Piece } from "./types";

/** One opened file. */
export interface Opened {
  source: Source;
  name: string;
  /** Where it was loaded from, when it came from a URL (for links). */
  url?: string;
  bytes: Uint8Array;
}

/** The state of the viewer page. */
export class ViewerState {
  /** The files shown: one, or two side by side on one timeline (compare). */
  opened: Opened[] = [];
  /** Their names, `A vs B` when comparing. */
  fileName = "";
  /** Position in frames; fractional while an animation runs between two frames. */
  pos = 0;
  playing = false;
  /** Following a match still being played (or a file still being written). */
  live = false;
  /** The pinned piece (followed across frames): its key and the board it is on. */
  pinned: { key: string; board: number } | undefined;

  /** The first file's frames, or undefined with nothing open. */
  get source(): Source | undefined {
    return this.opened[0]?.source;
  }

  /** Frames on the timeline: the longest of the files shown. */
  get length(): number {
    return Math.max(0, ...this.opened.map((o) => o.source.length));
  }

  /** The pieces of file `k` at frame `i` (its last frame when it is shorter). */
  piecesOf(k: number, i: number): Piece[] {
    const source = this.opened[k]!.source;
    return source.pieces(Math.min(i, source.length - 1));
  }
}
