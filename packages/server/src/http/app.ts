import cookie from "@fastify/cookie";
import csrf from "@fastify/csrf-protection";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { registerPages } from "../pages/page-routes";
import type { Services } from "../services";
import { apiRoutes } from "./api-routes";
import { MAX_SOURCE_BYTES } from "./api-schemas";
import { errorHandler, HttpError } from "./errors";
import { openApiDocument, registerApiRoutes } from "./route-table";

/**
 * The HTTP side: Fastify with its own plugins — cookies (signed), CSRF protection on every form
 * of the pages, rate limits on joining, submitting and scrimmages, url-encoded forms — the JSON
 * API (`api-routes.ts`), its OpenAPI document, and the pages. Every error is a status and one
 * line `{ error, code }`; a 500 says nothing but that it was logged.
 */
export async function buildApp(services: Services, cookieSecret: string): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    // A source of MAX_SOURCE_BYTES, JSON-escaped (every byte may grow), with room for the rest.
    bodyLimit: MAX_SOURCE_BYTES * 2 + 16 * 1024,
    trustProxy: false,
  });
  app.setErrorHandler(errorHandler(services.ctx.log));
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      error: `no such route: ${request.method} ${request.url.split("?")[0]!.slice(0, 200)}`,
      code: "NOT_FOUND",
    });
  });
  await app.register(cookie, { secret: cookieSecret });
  await app.register(formbody, { bodyLimit: MAX_SOURCE_BYTES * 4 });
  await app.register(csrf, {
    sessionPlugin: "@fastify/cookie",
    cookieOpts: { signed: true, httpOnly: true, sameSite: "strict", path: "/" },
    getToken: (request) => (request.body as { _csrf?: string } | undefined)?._csrf,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        "RATE_LIMITED",
        `too many requests: at most ${context.max} in this period; try again in ${context.after}`,
      ),
  });
  const routes = apiRoutes(services);
  registerApiRoutes(app, routes, services.auth);
  const document = openApiDocument(routes, services.version);
  app.get("/api/openapi.json", async () => document);
  registerPages(app, services);
  return app;
}
