import { readFileSync } from "node:fs";
import * as actions from "../../actions";
import type { Services } from "../../services";
import * as s from "../api-schemas";
import { type ApiRoute, apiRoute } from "../route-table";

/**
 * A participant's revisions: submitting one (rate-limited), its state, log and source (its
 * participant and the organiser only), and making a ready one active.
 */
export function submissionRoutes(services: Services): ApiRoute[] {
  return [
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
      response: s.sourceResponse,
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
  ];
}
