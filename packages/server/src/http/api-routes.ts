import type { Services } from "../services";
import type { ApiRoute } from "./route-table";
import { contestRoutes } from "./routes/contest-routes";
import { inviteRoutes } from "./routes/invite-routes";
import { jutgeRoutes } from "./routes/jutge-routes";
import { matchRoutes } from "./routes/match-routes";
import { queueRoutes } from "./routes/queue-routes";
import { submissionRoutes } from "./routes/submission-routes";

/**
 * Every route of the JSON API (the issue's, names and shapes exactly, and a few more), one group
 * a file in `routes/`, in the order of the OpenAPI document they generate (`GET
 * /api/openapi.json`, see `app.ts`); the work is in `actions.ts` and `views.ts`.
 */
export function apiRoutes(services: Services): ApiRoute[] {
  return [
    ...contestRoutes(services),
    ...inviteRoutes(services),
    ...submissionRoutes(services),
    ...matchRoutes(services),
    ...jutgeRoutes(services),
    ...queueRoutes(services),
  ];
}
