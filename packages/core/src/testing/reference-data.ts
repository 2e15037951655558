// Test helper (`@arena/core/testing`, Node-only): the recorded original matches in `../shared`.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { expect } from "vitest";
import { firstDifference } from "./text-diff";

/** A game's reference data (`../shared/reference/<game>/`), which a checkout may lack. */
export interface ReferenceData {
  /** The directory's path, with a trailing `/`. */
  readonly directory: string;
  /** True when the directory is there; the tests that need it skip otherwise. */
  readonly available: boolean;
  /** The text of the file `name` (relative to the directory; a `.gz` file is unpacked). */
  read(name: string): string;
}

/**
 * The reference data in the directory `url` (a `file:` URL ending with `/`, or a path). When it is
 * absent, says once (console.warn) that `title`'s conformance tests are skipped.
 */
export function referenceData(url: string | URL, title: string): ReferenceData {
  const directory = url instanceof URL || url.startsWith("file:") ? fileURLToPath(url) : url;
  const available = existsSync(directory);
  if (!available)
    console.warn(`${title} conformance tests skipped: ${directory} (../shared) is absent`);
  return {
    directory,
    available,
    read(name) {
      const bytes = readFileSync(`${directory}${name}`);
      return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
    },
  };
}

/** Expects (vitest) `got` to be `want`, failing with the first differing line of the two. */
export function expectSameText(got: string, want: string): void {
  const difference = firstDifference(got, want);
  if (difference !== undefined) expect.fail(difference);
}
