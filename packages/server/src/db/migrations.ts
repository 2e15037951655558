import { ArenaError } from "@arena/core";
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";

/** Which database the schema is created on (auto-increment columns differ). */
export type Dialect = "sqlite" | "postgres";

/**
 * The migrations, in order; a new one is a new entry (never edit a shipped one). The first is
 * long because it is the whole schema, table after table, as `schema.ts` declares it.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const auto = dialect === "sqlite";
  return {
    "0001-initial": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("settings")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("contests")
          .addColumn("id", serial, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("game", "text", (c) => c.notNull())
          .addColumn("format", "text", (c) => c.notNull())
          .addColumn("baseline", "text", (c) => c.notNull())
          .addColumn("config", "text")
          .addColumn("deadline", "text")
          .addColumn("public", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("result", "text")
          .addColumn("limits", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("participants")
          .addColumn("id", serial, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn("contest_id", "integer", (c) => c.notNull().references("contests.id"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("token_hash", "text", (c) => c.notNull().unique())
          .addColumn("active_submission_id", "integer")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addUniqueConstraint("participants_contest_name", ["contest_id", "name"])
          .execute();
        await db.schema
          .createTable("invites")
          .addColumn("code_hash", "text", (c) => c.primaryKey())
          .addColumn("contest_id", "integer", (c) => c.notNull().references("contests.id"))
          .addColumn("used_by", "integer")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("sessions")
          .addColumn("hash", "text", (c) => c.primaryKey())
          .addColumn("role", "text", (c) => c.notNull())
          .addColumn("participant_id", "integer")
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("submissions")
          .addColumn("id", serial, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn("contest_id", "integer", (c) => c.notNull().references("contests.id"))
          .addColumn("participant_id", "integer", (c) => c.notNull().references("participants.id"))
          .addColumn("filename", "text", (c) => c.notNull())
          .addColumn("language", "text", (c) => c.notNull())
          .addColumn("source_hash", "text", (c) => c.notNull())
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("log", "text", (c) => c.notNull())
          .addColumn("validation", "text")
          .addColumn("activate", "integer", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("submissions_participant")
          .on("submissions")
          .columns(["participant_id", "id"])
          .execute();
        await db.schema
          .createTable("matches")
          .addColumn("seq", serial, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn("id", "text", (c) => c.notNull().unique())
          .addColumn("contest_id", "integer", (c) => c.notNull().references("contests.id"))
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("stage", "text")
          .addColumn("seed", "integer", (c) => c.notNull())
          .addColumn("seats", "text", (c) => c.notNull())
          .addColumn("scores", "text", (c) => c.notNull())
          .addColumn("ranks", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("rounds", "integer", (c) => c.notNull())
          .addColumn("duration_ms", "real", (c) => c.notNull())
          .addColumn("error", "text")
          .addColumn("has_replay", "integer", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("matches_contest")
          .on("matches")
          .columns(["contest_id", "seq"])
          .execute();
        await db.schema
          .createTable("match_seats")
          .addColumn("match_id", "text", (c) => c.notNull().references("matches.id"))
          .addColumn("contest_id", "integer", (c) => c.notNull())
          .addColumn("seat", "integer", (c) => c.notNull())
          .addColumn("participant_id", "integer")
          .addColumn("submission_id", "integer")
          .addColumn("rank", "integer", (c) => c.notNull())
          .addColumn("score", "real", (c) => c.notNull())
          .addColumn("frozen", "integer", (c) => c.notNull())
          .addColumn("reason", "text")
          .addColumn("frozen_round", "integer")
          .addPrimaryKeyConstraint("match_seats_pk", ["match_id", "seat"])
          .execute();
        await db.schema
          .createIndex("match_seats_participant")
          .on("match_seats")
          .columns(["participant_id", "match_id"])
          .execute();
        await db.schema
          .createTable("pending_matches")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("contest_id", "integer", (c) => c.notNull().references("contests.id"))
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("seed", "integer", (c) => c.notNull())
          .addColumn("seats", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("attempts", "integer", (c) => c.notNull())
          .addColumn("reason", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
      },
    },
  };
}

/**
 * Brings the database's schema up to date (Kysely's `Migrator`; its own table records what ran).
 * Throws `ArenaError` `DB_MIGRATION` naming the failed migration.
 */
export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error");
    throw new ArenaError(
      "DB_MIGRATION",
      `the database's schema could not be brought up to date${failed ? ` (migration ${failed.migrationName})` : ""}: ${(error as Error).message}`,
    );
  }
  // The planner's figures, for the standings' queries on a large table.
  if (dialect === "sqlite") await sql`pragma optimize`.execute(db);
}
