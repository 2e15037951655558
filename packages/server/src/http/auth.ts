import type { FastifyRequest } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { Database, ParticipantTable } from "../db/schema";
import { HttpError } from "./errors";
import { hashSecret, sameHash } from "./tokens";

/** A participant row. */
export type Participant = Selectable<ParticipantTable>;

/** Who made a request. */
export type Auth =
  | { role: "none" }
  | { role: "organiser" }
  | { role: "participant"; participant: Participant };

/** What authentication reads: the database and the organiser's token hash. */
export interface AuthSource {
  db: Kysely<Database>;
  organiserHash: string;
}

/** The name of the browser session cookie. */
export const SESSION_COOKIE = "arena_session";

/** Who holds the token (hashed lookup; the organiser's compared in constant time). */
export async function authFromToken(source: AuthSource, token: string): Promise<Auth> {
  const hash = hashSecret(token);
  if (sameHash(hash, source.organiserHash)) return { role: "organiser" };
  const participant = await source.db
    .selectFrom("participants")
    .selectAll()
    .where("token_hash", "=", hash)
    .executeTakeFirst();
  return participant !== undefined ? { role: "participant", participant } : { role: "none" };
}

/**
 * Who made `request`: the `Authorization: Bearer <token>` header (the API), or with `cookies`
 * the browser session cookie (the pages). A token that is given but unknown is refused (401),
 * not treated as no token, so a script with a stale token learns it at once.
 */
export async function authenticate(
  request: FastifyRequest,
  source: AuthSource,
  options: { cookies: boolean },
): Promise<Auth> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
    if (match === null) {
      throw new HttpError(401, "UNAUTHORIZED", "the Authorization header must be 'Bearer <token>'");
    }
    const auth = await authFromToken(source, match[1]!);
    if (auth.role === "none") throw new HttpError(401, "UNAUTHORIZED", "unknown token");
    return auth;
  }
  if (!options.cookies) return { role: "none" };
  const raw = request.cookies?.[SESSION_COOKIE];
  if (raw === undefined) return { role: "none" };
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return { role: "none" };
  const session = await source.db
    .selectFrom("sessions")
    .selectAll()
    .where("hash", "=", hashSecret(unsigned.value))
    .executeTakeFirst();
  if (session === undefined || session.expires_at < new Date().toISOString())
    return { role: "none" };
  if (session.role === "organiser") return { role: "organiser" };
  const participant = await source.db
    .selectFrom("participants")
    .selectAll()
    .where("id", "=", session.participant_id ?? -1)
    .executeTakeFirst();
  return participant !== undefined ? { role: "participant", participant } : { role: "none" };
}
