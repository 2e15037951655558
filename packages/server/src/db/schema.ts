import type { Generated } from "kysely";

/**
 * The server's tables (one schema for SQLite and PostgreSQL; `migrations.ts` creates it). JSON
 * columns are text; times are ISO 8601 text (UTC); booleans are integers 0/1 on both databases.
 */
export interface Database {
  settings: SettingTable;
  contests: ContestTable;
  invites: InviteTable;
  participants: ParticipantTable;
  sessions: SessionTable;
  submissions: SubmissionTable;
  matches: MatchTable;
  match_seats: MatchSeatTable;
  pending_matches: PendingMatchTable;
}

/** Key–value settings (the organiser's token hash when the server made it). */
export interface SettingTable {
  key: string;
  value: string;
}

/** The contest formats. */
export type ContestFormat = "ladder" | "jutge";

/** A contest: one game, one format. */
export interface ContestTable {
  id: Generated<number>;
  name: string;
  game: string;
  format: ContestFormat;
  /** The built-in bot that fills seats and that qualification is played against. */
  baseline: string;
  /** The text of the `.cnf` or map, or null for the game's default. */
  config: string | null;
  /** Submissions close at this time (ISO), or never. */
  deadline: string | null;
  /** Spectators may read its pages and standings without a token. */
  public: number;
  /** `open`, or for a jutge contest `running`, `done`, `failed`. */
  state: string;
  /** The jutge contest's summary (JSON), once done; or the reason it failed. */
  result: string | null;
  /** Budget of every bot's time, JSON (core's `Budget`), or null for the game's defaults. */
  limits: string | null;
  created_at: string;
}

/** An invite code (stored hashed), used once. */
export interface InviteTable {
  code_hash: string;
  contest_id: number;
  used_by: number | null;
  created_at: string;
}

/** A participant of a contest. */
export interface ParticipantTable {
  id: Generated<number>;
  contest_id: number;
  name: string;
  /** SHA-256 of its API token. */
  token_hash: string;
  active_submission_id: number | null;
  created_at: string;
}

/** A browser session (cookie), stored hashed. */
export interface SessionTable {
  hash: string;
  role: "organiser" | "participant";
  participant_id: number | null;
  expires_at: string;
}

/** A submission's states (`active` is not stored: it is the participant's active revision). */
export type StoredStatus =
  | "queued"
  | "compiling"
  | "compile-error"
  | "validating"
  | "invalid"
  | "ready";

/** A revision of a participant's player. */
export interface SubmissionTable {
  id: Generated<number>;
  contest_id: number;
  participant_id: number;
  /** The name it was uploaded as (shown only; the file is stored by content hash). */
  filename: string;
  language: "cpp" | "js" | "ts" | "python";
  /** SHA-256 of the source: its file is `sources/<hash>.<ext>` in the data folder. */
  source_hash: string;
  /** The stored file, relative to the data folder: `sources/<hash>.<ext>`. */
  file: string;
  status: StoredStatus;
  /** The compile log (C++), or why it could not be built. */
  log: string;
  /** The validation's outcome, JSON `{ match, round?, reason? }`. */
  validation: string | null;
  /** Make it the active revision once ready. */
  activate: number;
  created_at: string;
  updated_at: string;
}

/** A finished match: never recorded twice (`id` is unique). */
export interface MatchTable {
  seq: Generated<number>;
  /** The match id of `@arena/tournament` (a hash of game, version, config, seed, seats). */
  id: string;
  contest_id: number;
  /** `ladder`, `scrimmage`, `validation` or `jutge`. */
  kind: string;
  /** The jutge contest's stage (`qualification`, `final`…). */
  stage: string | null;
  seed: number;
  /** JSON: `[{ name, participant, submission }]` per seat. */
  seats: string;
  scores: string;
  ranks: string;
  /** JSON: each seat's `SeatStatus`. */
  status: string;
  rounds: number;
  duration_ms: number;
  /** The match failed as a whole (not a bot): why. */
  error: string | null;
  /** Whether its replay file `replays/<id>.arena` exists. */
  has_replay: number;
  created_at: string;
}

/** A seat of a finished match, for the per-participant queries. */
export interface MatchSeatTable {
  match_id: string;
  contest_id: number;
  seat: number;
  participant_id: number | null;
  submission_id: number | null;
  rank: number;
  score: number;
  frozen: number;
  reason: string | null;
  frozen_round: number | null;
}

/** A match to play (ladder, scrimmage, validation): kept until recorded, replayed on restart. */
export interface PendingMatchTable {
  id: string;
  contest_id: number;
  kind: string;
  seed: number;
  /** JSON: `[{ name, spec, identity, participant, submission }]`. */
  seats: string;
  /** `pending`, `running` or `failed`. */
  state: string;
  attempts: number;
  reason: string | null;
  created_at: string;
}
