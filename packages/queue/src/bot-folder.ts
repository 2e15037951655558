// A worker's own bot folder (`--dir`), looked up by content hash: a job names a bot file by the
// SHA-256 of its content, never by a path, and a file found here is played in place (so a module
// that imports its neighbours finds them).
import { type Dirent, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readInputFile } from "@arena/core";
import { BOT_FILE, sha256 } from "./bot-store";
import { MAX_BOT_BYTES } from "./match-job";

/** How deep the folder is searched (the folder itself is depth 0). */
const MAX_DEPTH = 3;
/** The most entries a search looks at: a worker started in a huge folder still answers. */
const MAX_ENTRIES = 10_000;

/**
 * The bot files under a folder by content hash. Each search walks the folder (`MAX_DEPTH` levels,
 * `MAX_ENTRIES` entries, no hidden folders, no `node_modules`, no symbolic links) and hashes only
 * the files it has not seen with the same size and modification time.
 */
export class BotFolder {
  private readonly hashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();

  constructor(readonly dir: string) {}

  /** The path of a bot file whose content hashes to `hash`, or undefined. */
  find(hash: string): string | undefined {
    let seen = 0;
    const walk = (dir: string, depth: number): string | undefined => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return undefined;
      }
      for (const entry of entries) {
        if (++seen > MAX_ENTRIES) return undefined;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (depth >= MAX_DEPTH || entry.name.startsWith(".") || entry.name === "node_modules")
            continue;
          const found = walk(path, depth + 1);
          if (found !== undefined) return found;
        } else if (entry.isFile() && BOT_FILE.test(entry.name) && this.hashOf(path) === hash) {
          return path;
        }
      }
      return undefined;
    };
    return walk(this.dir, 0);
  }

  /** The hash of the file at `path` (kept while its size and time are the same), or undefined. */
  private hashOf(path: string): string | undefined {
    try {
      const stat = statSync(path);
      if (stat.size > MAX_BOT_BYTES) return undefined;
      const known = this.hashes.get(path);
      if (known !== undefined && known.size === stat.size && known.mtimeMs === stat.mtimeMs) {
        return known.hash;
      }
      const hash = sha256(readInputFile(path, { what: "a bot file", maxBytes: MAX_BOT_BYTES }));
      this.hashes.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, hash });
      return hash;
    } catch {
      return undefined;
    }
  }
}
