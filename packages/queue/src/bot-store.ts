// The organiser's store of bot files on Redis: each file of a run under the SHA-256 of its
// content, put there before its matches are queued; a worker fetches a file by that hash and
// hashes what it got, so a file changed in Redis is refused, never played.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { ArenaError, readInputFile, writeFileAtomically } from "@arena/core";
import type { BotInfo } from "@arena/tournament";
import { Redis } from "ioredis";
import { botKeyOf, type JobBot, MAX_BOT_BYTES } from "./match-job";

/** SHA-256 of `bytes`, hex. */
export const sha256 = (bytes: string | Uint8Array): string =>
  createHash("sha256").update(bytes).digest("hex");

/** The file kinds a bot file may be (its extension): JS and TypeScript modules, C++ players. */
export const BOT_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(m?js|cjs|m?ts|cts|cc|cpp)$/i;

/** A file name a job may carry for `path`: its base name, other characters replaced by `_`. */
const labelOf = (path: string): string =>
  basename(path)
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^[^A-Za-z0-9]+/, "") || "bot";

/**
 * How the jobs of a run name each of its bots (`JobBot`), after putting every bot file into Redis
 * under its hash (`botKeyOf`, expiring after `keepSeconds`). A file is read bounded
 * (`MAX_BOT_BYTES`) and must still have the content the run's match ids were hashed from
 * (`BOT_CHANGED` otherwise: it was edited since the run started).
 */
export async function storeBots(
  client: Redis,
  queue: string,
  bots: readonly BotInfo[],
  cwd: string,
  keepSeconds: number,
): Promise<Map<string, JobBot>> {
  const named = new Map<string, JobBot>();
  for (const bot of bots) {
    if (bot.identity.startsWith("builtin:")) {
      named.set(bot.name, { builtin: bot.identity.slice("builtin:".length) });
    } else if (bot.identity.startsWith("exec:")) {
      named.set(bot.name, { exec: sha256(bot.identity) });
    } else {
      const bytes = readInputFile(resolve(cwd, bot.spec), {
        what: "the bot file",
        shown: bot.spec,
        maxBytes: MAX_BOT_BYTES,
        code: "BAD_BOT",
      });
      const hash = sha256(bytes);
      if (`file:${hash}` !== bot.identity) {
        throw new ArenaError("BOT_CHANGED", "the bot file changed since the run started", {
          file: bot.spec,
        });
      }
      await client.set(
        botKeyOf(queue, hash),
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        "EX",
        keepSeconds,
      );
      named.set(bot.name, { file: hash, name: labelOf(bot.spec) });
    }
  }
  return named;
}

/**
 * A worker's copy of bot file `hash` fetched from the organiser's store into `cache` (a directory
 * of its own) as `<cache>/<hash>/<name>`: at most `MAX_BOT_BYTES` are read, and what was read must
 * hash to `hash`. Throws `WRONG_BOT` (missing, too large, or changed in Redis) naming `seat`.
 */
export async function fetchBot(
  redis: string,
  queue: string,
  hash: string,
  name: string,
  cache: string,
  seat: string,
): Promise<string> {
  const path = join(cache, hash, name);
  if (existsSync(path)) return path; // fetched and checked before, in this worker's own cache
  const client = new Redis(redis, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
  client.on("error", () => {});
  let bytes: Buffer;
  try {
    // At most one byte more than the cap, whatever the key holds now.
    bytes = await client.getrangeBuffer(botKeyOf(queue, hash), 0, MAX_BOT_BYTES);
  } finally {
    client.disconnect();
  }
  const refuse = (why: string) =>
    new ArenaError("WRONG_BOT", `bot '${seat}' (${name}, sha256 ${hash.slice(0, 12)}…): ${why}`);
  if (bytes.length === 0) throw refuse("not in the organiser's store on Redis (expired?)");
  if (bytes.length > MAX_BOT_BYTES)
    throw refuse(`the stored file is larger than ${MAX_BOT_BYTES} bytes`);
  const got = sha256(bytes);
  if (got !== hash) {
    throw refuse(
      `the file stored in Redis hashes to ${got.slice(0, 12)}…, not to the hash the job was signed with: it was changed after it was queued; refused`,
    );
  }
  mkdirSync(join(cache, hash), { recursive: true, mode: 0o700 });
  writeFileAtomically(path, bytes, { what: "the fetched bot file" });
  return path;
}
