// Node-only: a file written whole or not at all.
import { renameSync, writeFileSync } from "node:fs";

/**
 * Writes `data` to `path` through a temporary file beside it and a rename, so a reader (another
 * match, another process) sees the old file or the new one, never a part.
 */
export function writeAtomically(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}
