import * as actions from "../../actions";
import { mayRead, type Services } from "../../services";
import * as s from "../api-schemas";
import { type ApiRoute, apiRoute } from "../route-table";

/** `POST /api/contests` (the organiser creates one) and `GET /api/contests` (those one may see). */
export function contestRoutes(services: Services): ApiRoute[] {
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
      response: s.contestsResponse,
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
  ];
}
