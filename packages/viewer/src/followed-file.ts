// The file a live page follows: a replay still being written, under its own name or, while
// @arena/core writes it, `<path>.partial` (renamed to `<path>` when the match is over).
import { readFileSync, statSync } from "node:fs";
import type { LivePreview } from "./live-server";

/** A file being written, read as it is now. */
export class FollowedFile {
  /** The names it may have, the named one first. */
  readonly paths: readonly string[];

  constructor(path: string) {
    this.paths = path.endsWith(".partial")
      ? [path, path.slice(0, -".partial".length)]
      : [path, `${path}.partial`];
  }

  /** Whichever of its names exists now, if any. */
  current(): string | undefined {
    for (const candidate of this.paths) {
      try {
        statSync(candidate);
        return candidate;
      } catch {
        // not there (yet, or any more)
      }
    }
    return undefined;
  }

  /** Its bytes now (none while it is not there or cannot be read). */
  read(): Uint8Array {
    const file = this.current();
    if (file === undefined) return new Uint8Array(0);
    try {
      return readFileSync(file);
    } catch {
      return new Uint8Array(0);
    }
  }

  /** Its size now, or undefined while it is not there. */
  size(): number | undefined {
    const file = this.current();
    if (file === undefined) return undefined;
    try {
      return statSync(file).size;
    } catch {
      return undefined;
    }
  }
}

/**
 * The file as the pages see it: with a preview, the prefix of `bytes` the writer knows of and the
 * steps not yet written (the file only grows, so the prefix is what the preview was made of).
 */
export function previewedBytes(bytes: Uint8Array, preview: LivePreview | undefined): Uint8Array {
  if (preview === undefined || bytes.length < preview.bytes) return bytes;
  if (preview.frame === undefined) return bytes.subarray(0, preview.bytes);
  const out = new Uint8Array(preview.bytes + preview.frame.length);
  out.set(bytes.subarray(0, preview.bytes), 0);
  out.set(preview.frame, preview.bytes);
  return out;
}
