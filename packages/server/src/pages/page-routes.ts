import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Auth, authenticate } from "../http/auth";
import { errorAnswer } from "../http/errors";
import type { Services } from "../services";
import { registerAccountPages } from "./account-pages";
import { registerContestPages } from "./contest-pages";
import { html, page, sendPage } from "./html";
import { registerMatchPages } from "./match-pages";
import { registerOrganiserPage } from "./organiser-page";

/** What a page handler gets. */
export interface PageInput {
  request: FastifyRequest;
  reply: FastifyReply;
  auth: Auth;
  /** A CSRF token for the page's forms. */
  csrf(): string;
}

/** A page handler: the page's text, or a redirect it sent itself (undefined). */
export type PageHandler = (input: PageInput) => Promise<string | undefined>;

/** The pages' registry: GET and POST handlers with the session read and errors shown as a page. */
export interface Pages {
  get(url: string, handler: PageHandler): void;
  /** A form's target: checked against CSRF first. */
  post(url: string, handler: PageHandler): void;
}

/**
 * The web pages: server-rendered HTML, no script of their own (the match pages embed the viewer,
 * which has its own). Sessions are a signed cookie; every form carries a CSRF token
 * (`@fastify/csrf-protection`) checked before its handler. An error is a page with one line.
 */
export function registerPages(app: FastifyInstance, services: Services): void {
  const wrap =
    (handler: PageHandler) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      let auth: Auth = { role: "none" };
      try {
        auth = await authenticate(request, services.auth, { cookies: true });
        const text = await handler({ request, reply, auth, csrf: () => reply.generateCsrf() });
        return text === undefined ? reply : sendPage(reply, text);
      } catch (error) {
        const answer = errorAnswer(error);
        if (answer.status === 500)
          services.ctx.log(`${request.method} ${request.url}: ${(error as Error).stack}`);
        return sendPage(
          reply,
          page(
            "Error",
            auth,
            html`<p class="bad">${answer.error}</p><p><a href="/">Back to the contests</a></p>`,
          ),
          answer.status,
        );
      }
    };
  const pages: Pages = {
    get: (url, handler) => app.get(url, wrap(handler)),
    // Forms are rate-limited per address too (sign-in attempts, scrimmages asked from a page).
    post: (url, handler) =>
      app.post(
        url,
        {
          preHandler: app.csrfProtection,
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
        },
        wrap(handler),
      ),
  };
  registerAccountPages(pages, services);
  registerContestPages(pages, services);
  registerMatchPages(app, pages, services);
  registerOrganiserPage(pages, services);
}
