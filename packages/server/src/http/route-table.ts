import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { errorResponse } from "./api-schemas";
import { type Auth, type AuthSource, authenticate } from "./auth";
import { forbidden, HttpError, unauthorized } from "./errors";
import { hashSecret } from "./tokens";

/** Who may call a route: anyone, a participant or the organiser, or only the organiser. */
export type Role = "anyone" | "participant" | "organiser";

/** A route of the JSON API: its schemas validate the request and document it (OpenAPI). */
export interface ApiRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST";
  url: string;
  summary: string;
  role: Role;
  params?: P;
  query?: Q;
  body?: B;
  response: z.ZodType;
  /** At most `max` calls per `timeWindow` per token (per address without one). */
  rateLimit?: { max: number; timeWindow: string };
  /** Status of a success (default 200). */
  status?: number;
  handler(input: {
    params: z.infer<P>;
    query: z.infer<Q>;
    body: z.infer<B>;
    auth: Auth;
    request: FastifyRequest;
    reply: FastifyReply;
  }): Promise<unknown>;
}

/** Declares a route (keeps its schemas' types for the handler). */
export function apiRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  route: ApiRoute<P, Q, B>,
): ApiRoute {
  return route as unknown as ApiRoute;
}

/** Parses `value` with `schema`, or throws a 400 naming the first wrong field. */
function parse<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: string,
): z.infer<T> {
  if (schema === undefined) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length > 0 ? `${where} field '${issue.path.join(".")}'` : where;
  throw new HttpError(400, "BAD_REQUEST", `${path}: ${issue.message}`);
}

/** Checks `auth` against `role`. */
function allow(role: Role, auth: Auth): void {
  if (role === "anyone") return;
  if (auth.role === "none") throw unauthorized();
  if (role === "organiser" && auth.role !== "organiser") {
    throw forbidden("only the organiser may do this");
  }
}

/** Whose calls a rate limit counts: the token's (hashed), or the address's without one. */
function rateKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header !== undefined ? `token:${hashSecret(header)}` : `ip:${request.ip}`;
}

/** Registers `routes` on `app`: authentication, validation, the role check, then the handler. */
export function registerApiRoutes(
  app: FastifyInstance,
  routes: readonly ApiRoute[],
  source: AuthSource,
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.rateLimit !== undefined
        ? { config: { rateLimit: { ...route.rateLimit, keyGenerator: rateKey } } }
        : {}),
      handler: async (request, reply) => {
        const auth = await authenticate(request, source, { cookies: false });
        allow(route.role, auth);
        const params = parse(route.params, request.params, "path");
        const query = parse(route.query, request.query, "query");
        const body = parse(route.body, request.body, "body");
        const out = await route.handler({ params, query, body, auth, request, reply });
        if (route.status !== undefined) void reply.status(route.status);
        return out;
      },
    });
  }
}

/** The OpenAPI 3.1 document of `routes`, from the same zod schemas that validate them. */
export function openApiDocument(routes: readonly ApiRoute[], version: string): object {
  const json = (schema: z.ZodType, io: "input" | "output") =>
    z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" });
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    const parameters: object[] = [];
    for (const [where, schema] of [
      ["path", route.params],
      ["query", route.query],
    ] as const) {
      if (schema === undefined) continue;
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const [name, field] of Object.entries(shape)) {
        parameters.push({
          name,
          in: where,
          required: where === "path",
          schema: json(field, "input"),
        });
      }
    }
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = {
      summary: route.summary,
      ...(route.role !== "anyone" ? { security: [{ bearer: [] }] } : {}),
      "x-role": route.role,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body !== undefined
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: json(route.body, "input") } },
            },
          }
        : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: "success",
          content: { "application/json": { schema: json(route.response, "output") } },
        },
        "4XX": {
          description: "refused: one clear message",
          content: { "application/json": { schema: json(errorResponse, "output") } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "arena serve", version },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
