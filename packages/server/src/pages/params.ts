import type { FastifyRequest } from "fastify";
import { HttpError } from "../http/errors";

/** A positive integer path parameter, or a 404 (a page that cannot exist). */
export function intParam(request: FastifyRequest, name: string): number {
  const value = (request.params as Record<string, string>)[name] ?? "";
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new HttpError(404, "NOT_FOUND", "no such page");
  return Number(value);
}

/** A match id path parameter (20 hex digits), or a 404. */
export function matchParam(request: FastifyRequest, name = "match"): string {
  const value = (request.params as Record<string, string>)[name] ?? "";
  if (!/^[0-9a-f]{20}$/.test(value)) throw new HttpError(404, "NOT_FOUND", "no such match");
  return value;
}

/** A form's text field (empty when absent). */
export function formField(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}
