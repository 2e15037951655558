import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ArenaError } from "@arena/core";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { type Dialect, migrate } from "./migrations";
import type { Database } from "./schema";

/** An open database, its schema up to date. */
export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where it is, for messages (a PostgreSQL URL without its password). */
  shown: string;
  close(): Promise<void>;
}

/** A PostgreSQL URL with its password hidden. */
export function shownDatabaseUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

/**
 * Opens `location` (a SQLite file path, or a `postgres://` / `postgresql://` URL) and migrates
 * it. SQLite runs in WAL mode: a write is on disk once its transaction commits, so a killed
 * server loses nothing it had recorded. Throws `ArenaError` `DB_UNREACHABLE` when PostgreSQL
 * does not answer, `DB_OPEN` when the file cannot be opened.
 */
export async function openDatabase(location: string): Promise<OpenDatabase> {
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location);
  let sqlite: import("better-sqlite3").Database;
  try {
    mkdirSync(dirname(location), { recursive: true });
    const { default: Sqlite } = await import("better-sqlite3");
    sqlite = new Sqlite(location);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
  } catch (error) {
    throw new ArenaError("DB_OPEN", `cannot open the database: ${(error as Error).message}`, {
      file: location,
    });
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db as Kysely<unknown>, "sqlite");
  return { db, dialect: "sqlite", shown: location, close: () => db.destroy() };
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on("error", () => {});
  const shown = shownDatabaseUrl(url);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new ArenaError(
      "DB_UNREACHABLE",
      `cannot reach PostgreSQL at ${shown}: ${(error as Error).message}`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrate(db as Kysely<unknown>, "postgres");
  return { db, dialect: "postgres", shown, close: () => db.destroy() };
}
