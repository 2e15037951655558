// Opening files for the page: each checked by building its first and last frames, so a file
// that cannot be shown fails when it is opened, clearly; two compared files must be one game.
import { openFile } from "./load";
import type { Opened } from "./viewer-state";

/** A file to open: its bytes and name, and its URL when it was fetched. */
export interface FileToOpen {
  bytes: Uint8Array;
  name: string;
  url?: string;
}

/** A file (or a pair to compare) that cannot be shown: `file` names it, the message says why. */
export class CannotOpen extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** Opens `files` (one, or two to compare, named together `fileName`); throws `CannotOpen`. */
export function openFiles(files: readonly FileToOpen[], fileName: string): Opened[] {
  const opened: Opened[] = [];
  for (const file of files) {
    try {
      const source = openFile(file.bytes, file.name);
      // Build the first and last frames now: a file that cannot be shown fails here, clearly.
      source.players(0);
      source.players(source.length - 1);
      opened.push({ source, ...file });
    } catch (error) {
      throw new CannotOpen(file.name, (error as Error).message);
    }
  }
  if (opened.length === 2 && opened[0]!.source.view !== opened[1]!.source.view) {
    throw new CannotOpen(
      fileName,
      `these are replays of two different games (${opened.map((o) => o.source.view.engine.title).join(" and ")}): compare needs two of the same game`,
    );
  }
  return opened;
}

/**
 * `current` opened again with new bytes (a file still being written), reusing what its source
 * already computed; undefined while the bytes end in a partly written frame.
 */
export function reopenFile(current: Opened, bytes: Uint8Array): Opened | undefined {
  try {
    return { ...current, source: openFile(bytes, current.name, current.source), bytes };
  } catch {
    return undefined; // a partly written frame: the next update will do
  }
}
