import type { FastifyInstance } from "fastify";
import type { Services } from "../services";

/** The web pages (server-rendered HTML). */
export function registerPages(app: FastifyInstance, services: Services): void {
  void app;
  void services;
}
