import { ArenaError } from "@arena/core";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** An error answered with its HTTP status and one clear message (`{ error, code }`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const unauthorized = () =>
  new HttpError(
    401,
    "UNAUTHORIZED",
    "this needs a token: send the header 'Authorization: Bearer <token>'",
  );
export const forbidden = (what: string) => new HttpError(403, "FORBIDDEN", what);
export const notFound = (what: string) => new HttpError(404, "NOT_FOUND", `no such ${what}`);

/** What an error becomes on the wire: a status and `{ error, code }`, never a stack. */
export function errorAnswer(error: unknown): { status: number; error: string; code: string } {
  if (error instanceof HttpError) {
    return { status: error.status, error: error.message, code: error.code };
  }
  if (error instanceof ArenaError) {
    return { status: 400, error: error.message, code: error.code };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Fastify's own refusals (a body too large, bad JSON, a wrong content type, a rate limit).
    return { status, error: fastifyError.message, code: fastifyError.code ?? "BAD_REQUEST" };
  }
  return { status: 500, error: "internal error (logged on the server)", code: "INTERNAL" };
}

/** Fastify's error handler: the answer of `errorAnswer`; the stack of a 500 goes to `log` only. */
export function errorHandler(log: (message: string) => void) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    const answer = errorAnswer(error);
    if (answer.status === 500) {
      log(`${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`);
    }
    void reply.status(answer.status).send({ error: answer.error, code: answer.code });
  };
}
