import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { viewerHtml } from "@arena/viewer";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authenticate } from "../http/auth";
import { errorAnswer, notFound } from "../http/errors";
import { readableContest, type Services } from "../services";
import { matchView, readableReplayFile } from "../views";
import { jutgeDir } from "../work/jutge";
import { html, page } from "./html";
import type { Pages } from "./page-routes";
import { intParam, matchParam } from "./params";

/** Sends a viewer page (it has its own Content-Security-Policy, which lets its script run). */
function sendViewer(reply: FastifyReply, text: string): FastifyReply {
  return reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "frame-ancestors 'self'")
    .send(text);
}

/** The replay of a match being played (or just finished) in `contest`: the file, or undefined. */
function liveFile(
  services: Services,
  contestId: number,
  id: string,
): { path: string; done: boolean } | undefined {
  for (const dir of [
    join(services.ctx.dataDir, "replays"),
    join(jutgeDir(services.ctx.dataDir, contestId), "replays"),
  ]) {
    const done = join(dir, `${id}.arena`);
    if (existsSync(done)) return { path: done, done: true };
    if (existsSync(`${done}.partial`)) return { path: `${done}.partial`, done: false };
  }
  return undefined;
}

/** The matches being played in a contest: the ladder's running ones and the jutge run's. */
async function liveMatches(services: Services, contestId: number): Promise<string[]> {
  const running = await services.ctx.db
    .selectFrom("pending_matches")
    .select("id")
    .where("contest_id", "=", contestId)
    .where("state", "=", "running")
    .execute();
  const ids = new Set(running.map((row) => row.id));
  const dir = join(jutgeDir(services.ctx.dataDir, contestId), "replays");
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      const match = /^([0-9a-f]{20})\.arena\.partial$/.exec(name);
      if (match !== null) ids.add(match[1]!);
    }
  }
  return [...ids];
}

/** Match pages: a match with the viewer, the viewer itself, and the live view over SSE. */
export function registerMatchPages(app: FastifyInstance, pages: Pages, services: Services): void {
  pages.get("/matches/:match", async ({ request, auth, csrf }) => {
    const id = matchParam(request);
    const row = await services.ctx.db
      .selectFrom("matches")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (row === undefined) {
      const pending = await services.ctx.db
        .selectFrom("pending_matches")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (pending === undefined) throw notFound("match");
      await readableContest(services, pending.contest_id, auth);
      const seats = (JSON.parse(pending.seats) as Array<{ name: string }>).map((seat) => seat.name);
      return page(
        `Match ${id.slice(0, 8)}`,
        auth,
        html`<p>${pending.kind}, seed ${pending.seed}: ${seats.join(", ")}. <strong>${pending.state === "running" ? "Being played" : pending.state === "failed" ? `Failed: ${pending.reason ?? ""}` : "Waiting to be played"}</strong>.</p>
${pending.state === "running" ? html`<p><a href="/contests/${pending.contest_id}/live/${id}/">Watch it live</a></p>` : html`<p class="muted">Reload this page in a moment.</p>`}`,
        csrf(),
      );
    }
    const contest = await readableContest(services, row.contest_id, auth);
    const match = matchView(row, "");
    const lines = match.players.map(
      (name, seat) =>
        html`<tr><td class="num">${seat}</td><td>${match.participants[seat] !== null ? html`<a href="/participants/${match.participants[seat]}">${name}</a>` : name}</td><td class="num">${match.scores[seat] ?? ""}</td><td class="num">${match.ranks[seat] ?? ""}</td><td>${match.status[seat]?.state === "frozen" ? html`<span class="bad">frozen at round ${match.status[seat]?.round ?? "?"}: ${match.status[seat]?.reason ?? ""}</span>` : "ok"}</td></tr>`,
    );
    return page(
      `Match ${id.slice(0, 8)}`,
      auth,
      html`<p class="muted">In <a href="/contests/${contest.id}">${contest.name}</a>: ${match.stage ?? match.kind}, seed ${match.seed}, ${row.rounds} rounds${match.error !== null ? html`, <span class="bad">failed: ${match.error}</span>` : ""}.</p>
<table><thead><tr><th class="num">seat</th><th>player</th><th class="num">score</th><th class="num">rank</th><th>state</th></tr></thead><tbody>${lines}</tbody></table>
${row.has_replay === 1 ? html`<p><a href="/api/matches/${id}/replay">Download the replay</a> (<code>arena replay</code> verifies it, <code>arena view</code> shows it)</p><iframe class="viewer" title="the match in the viewer" src="/matches/${id}/view"></iframe>` : html`<p class="muted">No replay.</p>`}`,
      csrf(),
    );
  });

  app.get("/matches/:match/view", async (request, reply) => {
    try {
      const auth = await authenticate(request, services.auth, { cookies: true });
      const id = matchParam(request);
      const file = await readableReplayFile(services, id, auth);
      return sendViewer(reply, viewerHtml({ name: `${id}.arena`, bytes: readFileSync(file) }));
    } catch (error) {
      const answer = errorAnswer(error);
      return reply.status(answer.status).send({ error: answer.error, code: answer.code });
    }
  });

  pages.get("/contests/:id/live", async ({ request, auth, csrf }) => {
    const contest = await readableContest(services, intParam(request, "id"), auth);
    const ids = await liveMatches(services, contest.id);
    return page(
      `${contest.name} — live`,
      auth,
      ids.length === 0
        ? html`<p class="muted">No match is being played right now.</p>`
        : html`<ul>${ids.map((id) => html`<li><a href="/contests/${contest.id}/live/${id}/">${id}</a></li>`)}</ul>`,
      csrf(),
    );
  });

  registerLiveRoutes(app, services);
}

/** The live view of a match being played: the viewer following its replay over SSE. */
function registerLiveRoutes(app: FastifyInstance, services: Services): void {
  const locate = async (request: FastifyRequest) => {
    const auth = await authenticate(request, services.auth, { cookies: true });
    const contest = await readableContest(services, intParam(request, "id"), auth);
    return { contest, id: matchParam(request) };
  };
  const refuse = (reply: FastifyReply, error: unknown) => {
    const answer = errorAnswer(error);
    return reply.status(answer.status).send({ error: answer.error, code: answer.code });
  };
  app.get("/contests/:id/live/:match/", async (request, reply) => {
    try {
      const { contest, id } = await locate(request);
      if (liveFile(services, contest.id, id) === undefined) throw notFound("match being played");
      return sendViewer(reply, viewerHtml(undefined, { live: "events" }));
    } catch (error) {
      return refuse(reply, error);
    }
  });
  app.get("/contests/:id/live/:match/file", async (request, reply) => {
    try {
      const { contest, id } = await locate(request);
      const file = liveFile(services, contest.id, id);
      if (file === undefined) throw notFound("match being played");
      let bytes: Buffer;
      try {
        bytes = readFileSync(file.path);
      } catch {
        bytes = readFileSync(liveFile(services, contest.id, id)!.path); // renamed meanwhile
      }
      return reply
        .header("content-type", "application/octet-stream")
        .header("cache-control", "no-store")
        .send(bytes);
    } catch (error) {
      return refuse(reply, error);
    }
  });
  app.get("/contests/:id/live/:match/events", async (request, reply) => {
    let located: { contest: { id: number }; id: string };
    try {
      located = await locate(request);
    } catch (error) {
      return refuse(reply, error);
    }
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    out.write("retry: 1000\n\n");
    let size = -1;
    const poll = () => {
      const file = liveFile(services, located.contest.id, located.id);
      if (file === undefined) return;
      const now = statSync(file.path, { throwIfNoEntry: false })?.size ?? -1;
      if (file.done) {
        out.write("event: end\ndata: 0\n\n");
        stop();
        out.end();
      } else if (now !== size) {
        size = now;
        out.write("event: update\ndata: 0\n\n");
      }
    };
    const timer = setInterval(poll, 250);
    const stop = () => clearInterval(timer);
    request.raw.on("close", stop);
    poll();
  });
}
