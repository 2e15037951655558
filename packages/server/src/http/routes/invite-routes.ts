import * as actions from "../../actions";
import type { Services } from "../../services";
import * as s from "../api-schemas";
import { type ApiRoute, apiRoute } from "../route-table";

/** Invite codes (the organiser makes them) and joining a contest with one (rate-limited). */
export function inviteRoutes(services: Services): ApiRoute[] {
  return [
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
  ];
}
