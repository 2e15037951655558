import type { Services } from "../../services";
import * as s from "../api-schemas";
import { notFound } from "../errors";
import { type ApiRoute, apiRoute } from "../route-table";

/** The queue's health and a failed match played again (the organiser's). */
export function queueRoutes(services: Services): ApiRoute[] {
  return [
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
      params: s.matchParams,
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
