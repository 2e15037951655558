import { readableContest, type Services } from "../../services";
import * as s from "../api-schemas";
import type { Auth } from "../auth";
import { HttpError } from "../errors";
import { type ApiRoute, apiRoute } from "../route-table";

/** A jutge contest's run (the organiser starts it) and its result (its readers). */
export function jutgeRoutes(services: Services): ApiRoute[] {
  return [
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
      handler: async ({ params, auth }) => contestResult(services, params.id, auth),
    }),
  ];
}

/** The summary a jutge run stored (`ContestSummary`), as far as the API shows it. */
interface StoredSummary {
  champion?: string;
  standings: Array<{
    place: number;
    player: string;
    reached: string;
    points?: number;
    reason?: string;
  }>;
}

/** Contest `id`'s state, and its champion and standings once it is done. */
async function contestResult(services: Services, id: number, auth: Auth) {
  const contest = await readableContest(services, id, auth);
  if (contest.state !== "done" || contest.result === null) {
    return { state: contest.state, standings: [] };
  }
  const summary = JSON.parse(contest.result) as StoredSummary;
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
}
