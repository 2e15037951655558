import type { AnyEngine } from "@arena/core";
import type { Kysely } from "kysely";
import type { Dialect } from "./db/migrations";
import type { Database } from "./db/schema";

/** What every part of a running server shares. */
export interface ServerContext {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The data folder (absolute): sources, replays, the C++ cache, jutge results. */
  dataDir: string;
  /** The games this server offers: name → engine (loaded on first use). */
  engine(game: string): Promise<AnyEngine>;
  /** The games' names. */
  games: readonly string[];
  /** Tells the background work that something changed (a submission, a match to play). */
  wake(): void;
  /** Problems worth a line in the server's log. */
  log(message: string): void;
}

/** Now, as stored (ISO 8601, UTC). */
export const now = (): string => new Date().toISOString();
