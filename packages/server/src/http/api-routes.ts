import { readFileSync } from "node:fs";
import { z } from "zod";
import * as actions from "../actions";
import { mayRead, readableContest, type Services } from "../services";
import { matchesOf, replayFile, standingsOf } from "../views";
import * as s from "./api-schemas";
import { HttpError, notFound } from "./errors";
import { type ApiRoute, apiRoute } from "./route-table";

/** The server's URL as the client reached it (for the replays' URLs). */
export const baseUrl = (request: { protocol: string; host: string }) =>
  `${request.protocol}://${request.host}`;

const contestsResponse = z.object({
  contests: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      game: z.string(),
      format: z.string(),
      state: z.string(),
      deadline: z.string().nullable(),
    }),
  ),
});

const matchParams = z.object({
  id: z.string().regex(/^[0-9a-f]{20}$/, "a match id: 20 hex digits"),
});

/**
 * Every route of the JSON API (the issue's, names and shapes exactly, and a few more). Longer
 * than a screen because it is a table: one short declaration per route, read in the order of the
 * OpenAPI document it generates; the work is in `actions.ts` and `views.ts`.
 */
export function apiRoutes(services: Services): ApiRoute[] {
  return [
    apiRoute({
      method: "POST",
      url: "/api/contests",
      summary: "Create a contest (organiser)",
      role: "organiser",
      body: s.createContestBody,
      response: s.idResponse,
      handler: async ({ body }) => ({ id: await actions.createContest(services, body) }),
    }),
    apiRoute({
      method: "GET",
      url: "/api/contests",
      summary: "The contests this caller may see",
      role: "anyone",
      response: contestsResponse,
      handler: async ({ auth }) => {
        const rows = await services.ctx.db
          .selectFrom("contests")
          .selectAll()
          .orderBy("id")
          .execute();
        return {
          contests: rows
            .filter((row) => mayRead(row, auth))
            .map(({ id, name, game, format, state, deadline }) => ({
              id,
              name,
              game,
              format,
              state,
              deadline,
            })),
        };
      },
    }),
    apiRoute({
      method: "POST",
      url: "/api/contests/:id/invites",
      summary: "Create invite codes (organiser)",
      role: "organiser",
      params: s.contestParams,
      body: s.createInvitesBody,
      response: s.invitesResponse,
      handler: async ({ params, body }) => ({
        codes: await actions.createInvites(services, params.id, body.count),
      }),
    }),
    apiRoute({
      method: "POST",
      url: "/api/join",
      summary: "Join a contest with an invite code: a participant and its token (shown once)",
      role: "anyone",
      body: s.joinBody,
      response: s.joinResponse,
      rateLimit: { max: 30, timeWindow: "1 minute" },
      handler: async ({ body }) => actions.join(services, body.code, body.name),
    }),
    apiRoute({
      method: "POST",
      url: "/api/contests/:id/submissions",
      summary: "Submit a revision of your player (participant)",
      role: "participant",
      params: s.contestParams,
      body: s.submitBody,
      response: s.submitResponse,
      rateLimit: { max: services.limits.submissionsPerHour, timeWindow: "1 hour" },
      handler: async ({ params, body, auth }) => actions.submit(services, auth, params.id, body),
    }),
    apiRoute({
      method: "GET",
      url: "/api/submissions/:id",
      summary: "A revision's state, compile log and validation (its participant, the organiser)",
      role: "participant",
      params: s.submissionParams,
      response: s.submissionResponse,
      handler: async ({ params, auth }) =>
        actions.submissionView(services, await actions.ownSubmission(services, auth, params.id)),
    }),
    apiRoute({
      method: "GET",
      url: "/api/submissions/:id/source",
      summary: "A revision's source (its participant, the organiser)",
      role: "participant",
      params: s.submissionParams,
      response: z.object({ filename: z.string(), source: z.string() }),
      handler: async ({ params, auth }) => {
        const row = await actions.ownSubmission(services, auth, params.id);
        return {
          filename: row.filename,
          source: readFileSync(`${services.ctx.dataDir}/${row.file}`, "utf8"),
        };
      },
    }),
    apiRoute({
      method: "POST",
      url: "/api/submissions/:id/activate",
      summary: "Make a ready revision the active one (its participant)",
      role: "participant",
      params: s.submissionParams,
      response: s.okResponse,
      handler: async ({ params, auth }) => {
        await actions.activate(services, auth, params.id);
        return { ok: true as const };
      },
    }),
    apiRoute({
      method: "GET",
      url: "/api/contests/:id/standings",
      summary: "Ratings (OpenSkill), matches and wins of every participant",
      role: "anyone",
      params: s.contestParams,
      response: s.standingsResponse,
      handler: async ({ params, auth }) => {
        const contest = await readableContest(services, params.id, auth);
        const lines = await standingsOf(services, contest);
        return {
          players: lines.map(({ name, rating, matches, wins }) => ({
            name,
            rating,
            matches,
            wins,
          })),
        };
      },
    }),
    apiRoute({
      method: "GET",
      url: "/api/contests/:id/matches",
      summary: "The contest's matches, newest first",
      role: "anyone",
      params: s.contestParams,
      query: s.matchesQuery,
      response: s.matchesResponse,
      handler: async ({ params, query, auth, request }) => {
        const contest = await readableContest(services, params.id, auth);
        return {
          matches: await matchesOf(services, contest, {
            base: baseUrl(request),
            ...(query.limit !== undefined ? { limit: query.limit } : {}),
            ...(query.before !== undefined ? { before: query.before } : {}),
          }),
        };
      },
    }),
    apiRoute({
      method: "POST",
      url: "/api/contests/:id/scrimmages",
      summary: "Ask for a match of your active revision (participant; rate-limited per hour)",
      role: "participant",
      params: s.contestParams,
      body: s.scrimmageBody,
      response: s.scrimmageResponse,
      rateLimit: { max: services.limits.scrimmagesPerHour, timeWindow: "1 hour" },
      handler: async ({ params, body, auth }) => ({
        id: await actions.scrimmage(services, auth, params.id, body.opponents),
      }),
    }),
    apiRoute({
      method: "POST",
      url: "/api/contests/:id/run",
      summary: "Run the jutge contest now (organiser): qualification, eliminations, final",
      role: "organiser",
      params: s.contestParams,
      response: s.okResponse,
      status: 202,
      handler: async ({ params }) => {
        const contest = await readableContest(services, params.id, { role: "organiser" });
        if (contest.format !== "jutge") {
          throw new HttpError(
            409,
            "NOT_JUTGE",
            "only a jutge contest is run; a ladder plays all the time",
          );
        }
        if (contest.state !== "open" && contest.state !== "failed") {
          throw new HttpError(409, "ALREADY_RUN", `this contest is ${contest.state}`);
        }
        services.startJutge(contest.id);
        return { ok: true as const };
      },
    }),
    apiRoute({
      method: "GET",
      url: "/api/contests/:id/result",
      summary: "The jutge contest's standings and champion once it is done",
      role: "anyone",
      params: s.contestParams,
      response: s.resultResponse,
      handler: async ({ params, auth }) => {
        const contest = await readableContest(services, params.id, auth);
        if (contest.state !== "done" || contest.result === null) {
          return { state: contest.state, standings: [] };
        }
        const summary = JSON.parse(contest.result) as {
          champion?: string;
          standings: Array<{
            place: number;
            player: string;
            reached: string;
            points?: number;
            reason?: string;
          }>;
        };
        return {
          state: contest.state,
          ...(summary.champion !== undefined ? { champion: summary.champion } : {}),
          standings: summary.standings.map(({ place, player, reached, points, reason }) => ({
            place,
            player,
            reached,
            ...(points !== undefined ? { points } : {}),
            ...(reason !== undefined ? { reason } : {}),
          })),
        };
      },
    }),
    apiRoute({
      method: "GET",
      url: "/api/matches/:id/replay",
      summary: "A match's replay (.arena), for `arena replay` or `arena view`",
      role: "anyone",
      params: matchParams,
      response: z.string().describe("the .arena file (application/octet-stream)"),
      handler: async ({ params, auth, reply }) => {
        const match = await services.ctx.db
          .selectFrom("matches")
          .select(["id", "contest_id"])
          .where("id", "=", params.id)
          .executeTakeFirst();
        if (match === undefined) throw notFound("match");
        await readableContest(services, match.contest_id, auth);
        const file = replayFile(services, match);
        if (file === undefined) throw notFound("replay");
        void reply
          .header("content-type", "application/octet-stream")
          .header("content-disposition", `attachment; filename="${match.id}.arena"`);
        return readFileSync(file);
      },
    }),
    apiRoute({
      method: "GET",
      url: "/api/queue",
      summary: "Queue health (organiser): pending, running, failed with the reason",
      role: "organiser",
      response: s.queueResponse,
      handler: async () => queueHealth(services),
    }),
    apiRoute({
      method: "POST",
      url: "/api/queue/:id/retry",
      summary: "Play a failed match again (organiser)",
      role: "organiser",
      params: matchParams,
      response: s.okResponse,
      handler: async ({ params }) => {
        if (!(await services.queue.retry(params.id))) throw notFound("failed match");
        return { ok: true as const };
      },
    }),
  ];
}

/** Pending, running and failed matches. */
export async function queueHealth(services: Services) {
  const rows = await services.ctx.db
    .selectFrom("pending_matches")
    .select(["id", "kind", "state", "reason"])
    .execute();
  return {
    pending: rows.filter((row) => row.state === "pending").length,
    running: rows.filter((row) => row.state === "running").length,
    failed: rows
      .filter((row) => row.state === "failed")
      .map((row) => ({ id: row.id, kind: row.kind, reason: row.reason ?? "" })),
  };
}
