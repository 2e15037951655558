import { readFileSync } from "node:fs";
import { z } from "zod";
import * as actions from "../../actions";
import { readableContest, type Services } from "../../services";
import { matchesOf, readableReplayFile, standingsOf } from "../../views";
import * as s from "../api-schemas";
import type { Auth } from "../auth";
import { type ApiRoute, apiRoute } from "../route-table";

/** The server's URL as the client reached it (for the replays' URLs). */
const baseUrl = (request: { protocol: string; host: string }) =>
  `${request.protocol}://${request.host}`;

/**
 * What a contest's readers see of its play: the standings, the matches (newest first), each
 * match's replay; and a participant's scrimmages (rate-limited).
 */
export function matchRoutes(services: Services): ApiRoute[] {
  return [
    apiRoute({
      method: "GET",
      url: "/api/contests/:id/standings",
      summary: "Ratings (OpenSkill), matches and wins of every participant",
      role: "anyone",
      params: s.contestParams,
      response: s.standingsResponse,
      handler: async ({ params, auth }) => standings(services, params.id, auth),
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
      method: "GET",
      url: "/api/matches/:id/replay",
      summary: "A match's replay (.arena), for `arena replay` or `arena view`",
      role: "anyone",
      params: s.matchParams,
      response: z.string().describe("the .arena file (application/octet-stream)"),
      handler: async ({ params, auth, reply }) => {
        const file = await readableReplayFile(services, params.id, auth);
        void reply
          .header("content-type", "application/octet-stream")
          .header("content-disposition", `attachment; filename="${params.id}.arena"`);
        return readFileSync(file);
      },
    }),
  ];
}

/** The standings of contest `id` as the API shows them (a 404 where `auth` may not read it). */
async function standings(services: Services, id: number, auth: Auth) {
  const contest = await readableContest(services, id, auth);
  const lines = await standingsOf(services, contest);
  return {
    players: lines.map(({ name, rating, matches, wins }) => ({ name, rating, matches, wins })),
  };
}
