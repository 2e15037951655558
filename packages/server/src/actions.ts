import { ArenaError } from "@arena/core";
import { now } from "./context";
import type { Auth, Participant } from "./http/auth";
import { forbidden, HttpError, notFound } from "./http/errors";
import { hashSecret, newSecret } from "./http/tokens";
import { type ContestRow, contestById, participantIn, type Services } from "./services";
import { activeSeats } from "./work/contest-bots";
import { fillWithBaseline, nextSeed, queueMatch, seatsOf } from "./work/ladder";
import { shuffle } from "./work/pick-seats";
import { languageOf, sourceHash, storeSource } from "./work/sources";
import type { Validation } from "./work/submissions";

/** What creating a contest takes (the API's body, the organiser's form). */
export interface NewContest {
  name: string;
  game: string;
  format: "ladder" | "jutge";
  baseline?: string | undefined;
  config?: string | undefined;
  deadline?: string | undefined;
  public?: boolean | undefined;
}

/** Creates a contest; bad games, baselines and configs are one clear 400. */
export async function createContest(services: Services, input: NewContest): Promise<number> {
  const { ctx } = services;
  if (!ctx.games.includes(input.game)) {
    throw new HttpError(
      400,
      "UNKNOWN_GAME",
      `body field 'game': unknown game '${input.game}'; the games are ${ctx.games.join(", ")}`,
    );
  }
  const engine = await ctx.engine(input.game);
  const baseline =
    input.baseline ?? ("Demo" in engine.bots ? "Demo" : Object.keys(engine.bots)[0]!);
  if (!Object.hasOwn(engine.bots, baseline)) {
    throw new HttpError(
      400,
      "UNKNOWN_BOT",
      `body field 'baseline': ${engine.name} has no built-in bot '${baseline}'; it has ${Object.keys(engine.bots).join(", ")}`,
    );
  }
  if (input.config !== undefined) {
    try {
      engine.parseConfig(input.config, "config");
    } catch (error) {
      if (error instanceof ArenaError) {
        throw new HttpError(
          400,
          "BAD_CONFIG",
          `body field 'config': ${error.message.slice(0, 500)}`,
        );
      }
      throw error;
    }
  }
  const row = await ctx.db
    .insertInto("contests")
    .values({
      name: input.name,
      game: input.game,
      format: input.format,
      baseline,
      config: input.config ?? null,
      deadline: input.deadline !== undefined ? new Date(input.deadline).toISOString() : null,
      public: input.public === false ? 0 : 1,
      state: "open",
      result: null,
      limits: null,
      created_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ctx.wake();
  services.warmKit(input.game);
  return row.id;
}

/** Makes `count` invite codes for a contest (stored hashed; shown once). */
export async function createInvites(services: Services, contestId: number, count: number) {
  await contestById(services, contestId);
  const codes = Array.from({ length: count }, () => newSecret(12));
  await services.ctx.db
    .insertInto("invites")
    .values(
      codes.map((code) => ({
        code_hash: hashSecret(code),
        contest_id: contestId,
        used_by: null,
        created_at: now(),
      })),
    )
    .execute();
  return codes;
}

/** Joins with an invite code: a participant and its token (shown once, stored hashed). */
export async function join(services: Services, code: string, name: string) {
  const { db } = services.ctx;
  const token = newSecret();
  return db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom("invites")
      .selectAll()
      .where("code_hash", "=", hashSecret(code))
      .executeTakeFirst();
    if (invite === undefined || invite.used_by !== null) {
      throw new HttpError(403, "BAD_INVITE", "this invite code is unknown or already used");
    }
    const taken = await trx
      .selectFrom("participants")
      .select("id")
      .where("contest_id", "=", invite.contest_id)
      .where("name", "=", name)
      .executeTakeFirst();
    if (taken !== undefined) {
      throw new HttpError(
        409,
        "NAME_TAKEN",
        `body field 'name': '${name}' is taken in this contest; choose another`,
      );
    }
    const row = await trx
      .insertInto("participants")
      .values({
        contest_id: invite.contest_id,
        name,
        token_hash: hashSecret(token),
        active_submission_id: null,
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const used = await trx
      .updateTable("invites")
      .set({ used_by: row.id })
      .where("code_hash", "=", invite.code_hash)
      .where("used_by", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) {
      throw new HttpError(403, "BAD_INVITE", "this invite code is unknown or already used");
    }
    return { token, participant: { id: row.id, name, contest: invite.contest_id } };
  });
}

/** `text` with its control characters shown as `?` (a file name is shown, never used as a path). */
function printable(text: string): string {
  return [...text].map((c) => (c < " " || c === "\u007f" ? "?" : c)).join("");
}

/** A new revision: stored by content hash, queued for compile and validation. */
export async function submit(
  services: Services,
  auth: Auth,
  contestId: number,
  input: { filename: string; source: string; activate?: boolean | undefined },
) {
  const contest = await contestById(services, contestId);
  const participant = participantIn(auth, contest.id);
  if (contest.deadline !== null && contest.deadline <= now()) {
    throw forbidden(`submissions closed at the deadline, ${contest.deadline}`);
  }
  if (contest.format === "jutge" && contest.state !== "open") {
    throw forbidden("submissions are closed: the contest has been run");
  }
  const { language, ext } = languageOf(input.filename, input.source);
  const hash = sourceHash(input.source);
  const file = storeSource(services.ctx.dataDir, hash, ext, input.source);
  const at = now();
  const row = await services.ctx.db
    .insertInto("submissions")
    .values({
      contest_id: contest.id,
      participant_id: participant.id,
      filename: printable(input.filename).slice(0, 200),
      language,
      source_hash: hash,
      file,
      status: "queued",
      log: "",
      validation: null,
      activate: input.activate === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  services.ctx.wake();
  return { id: row.id, status: "queued" as const };
}

/** A submission `auth` may read: its owner's or the organiser's (403 for another participant). */
export async function ownSubmission(services: Services, auth: Auth, id: number) {
  const row = await services.ctx.db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (row === undefined) throw notFound("submission");
  if (auth.role === "organiser") return row;
  if (auth.role === "participant" && auth.participant.id === row.participant_id) return row;
  throw forbidden("this submission is another participant's");
}

/** The API's view of a submission (`active` when it is its participant's active revision). */
export async function submissionView(
  services: Services,
  row: Awaited<ReturnType<typeof ownSubmission>>,
) {
  const participant = await services.ctx.db
    .selectFrom("participants")
    .select("active_submission_id")
    .where("id", "=", row.participant_id)
    .executeTakeFirstOrThrow();
  const status = participant.active_submission_id === row.id ? "active" : row.status;
  return {
    id: row.id,
    status,
    log: row.log,
    ...(row.validation !== null ? { validation: JSON.parse(row.validation) as Validation } : {}),
    filename: row.filename,
    language: row.language,
    created: row.created_at,
  };
}

/** Makes a ready revision its participant's active one. */
export async function activate(services: Services, auth: Auth, id: number): Promise<void> {
  const row = await ownSubmission(services, auth, id);
  if (row.status !== "ready") {
    throw new HttpError(
      409,
      "NOT_READY",
      `only a ready revision can be made active; this one is ${row.status}`,
    );
  }
  await services.ctx.db
    .updateTable("participants")
    .set({ active_submission_id: row.id })
    .where("id", "=", row.participant_id)
    .execute();
  services.ctx.wake();
}

/**
 * A scrimmage the participant asks for: its active revision against the named participants'
 * (or, without names, others drawn at random), the rest of the seats the baseline.
 */
export async function scrimmage(
  services: Services,
  auth: Auth,
  contestId: number,
  opponents: string[] | undefined,
) {
  const contest = await contestById(services, contestId);
  const participant = participantIn(auth, contest.id);
  const engine = await services.ctx.engine(contest.game);
  const active = await activeSeats(services.ctx, engine, contest);
  const mine = active.find((seat) => seat.participant === participant.id);
  if (mine === undefined) throw new HttpError(409, "NO_ACTIVE", "you have no active revision yet");
  const seats = seatsOf(engine);
  let others = active.filter((seat) => seat !== mine);
  if (opponents !== undefined) {
    others = opponents.map((name) => {
      const seat = others.find((other) => other.name === name);
      if (seat === undefined)
        throw new HttpError(
          400,
          "UNKNOWN_OPPONENT",
          `body field 'opponents': '${name}' has no active revision in this contest`,
        );
      return seat;
    });
  } else others = shuffle([...others], Math.random);
  const chosen = fillWithBaseline(
    contest as ContestRow,
    [mine, ...others.slice(0, seats - 1)],
    seats,
  );
  return queueMatch(
    services.ctx,
    contest,
    "scrimmage",
    await nextSeed(services.ctx, contest.id),
    chosen,
  );
}

/** Who `participant` is, for pages. */
export type { Participant };
