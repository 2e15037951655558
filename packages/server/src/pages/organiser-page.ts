import * as actions from "../actions";
import { forbidden, HttpError } from "../http/errors";
import { queueHealth } from "../http/routes/queue-routes";
import { contestById, type Services } from "../services";
import { csrfField, html, page } from "./html";
import type { Pages } from "./page-routes";
import { formField, intParam, matchParam } from "./params";

const onlyOrganiser = (auth: { role: string }) => {
  if (auth.role !== "organiser")
    throw forbidden("this page is the organiser's: sign in with the organiser's token");
};

/** The organiser's page: contests (create, invites, deadline, run) and the queue's health. */
export function registerOrganiserPage(pages: Pages, services: Services): void {
  pages.get("/organiser", async ({ auth, csrf, request }) => {
    onlyOrganiser(auth);
    const token = csrf();
    const contests = await services.ctx.db
      .selectFrom("contests")
      .selectAll()
      .orderBy("id")
      .execute();
    const health = await queueHealth(services);
    const codes = (request.query as { codes?: string }).codes;
    const rows = contests.map(
      (
        contest,
      ) => html`<tr><td><a href="/contests/${contest.id}">${contest.name}</a></td><td>${contest.game}</td><td>${contest.format}</td><td>${contest.state}</td>
<td><form class="inline" method="post" action="/organiser/contests/${contest.id}/invites">${csrfField(token)}<input type="number" name="count" value="10" min="1" max="1000" aria-label="invites to make" style="width:5rem"><button>Make invites</button></form></td>
<td><form class="inline" method="post" action="/organiser/contests/${contest.id}/deadline">${csrfField(token)}<input type="datetime-local" name="deadline" aria-label="deadline (UTC)" value="${contest.deadline?.slice(0, 16) ?? ""}"><button>Set deadline</button></form></td>
<td>${contest.format === "jutge" && (contest.state === "open" || contest.state === "failed") ? html`<form class="inline" method="post" action="/organiser/contests/${contest.id}/run">${csrfField(token)}<button>Run the contest</button></form>` : ""}</td></tr>`,
    );
    const failed = health.failed.map(
      (match) =>
        html`<tr><td>${match.id}</td><td>${match.kind}</td><td class="bad">${match.reason}</td><td><form class="inline" method="post" action="/organiser/queue/${match.id}/retry">${csrfField(token)}<button>Retry</button></form></td></tr>`,
    );
    return page(
      "Organiser",
      auth,
      html`${codes !== undefined ? html`<div class="card"><h2>New invite codes (shown once)</h2><p class="secret" data-testid="codes">${codes.split(",").join(" ")}</p></div>` : ""}
<h2>Contests</h2>
<table><thead><tr><th>contest</th><th>game</th><th>format</th><th>state</th><th>invites</th><th>deadline (UTC)</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<div class="card"><h2>New contest</h2><form method="post" action="/organiser/contests">${csrfField(token)}
<label for="name">Name</label><input type="text" id="name" name="name" required maxlength="100">
<label for="game">Game</label><select id="game" name="game">${services.ctx.games.map((game) => html`<option>${game}</option>`)}</select>
<label for="format">Format</label><select id="format" name="format"><option>ladder</option><option>jutge</option></select>
<label for="baseline">Baseline bot (default Demo)</label><input type="text" id="baseline" name="baseline">
<label for="config">Config (.cnf or map text; empty: the game's default)</label><textarea id="config" name="config"></textarea>
<button>Create</button></form></div>
<h2>Queue</h2><p>${health.pending} pending, ${health.running} running, ${health.failed.length} failed.</p>
${failed.length > 0 ? html`<table><thead><tr><th>match</th><th>kind</th><th>reason</th><th></th></tr></thead><tbody>${failed}</tbody></table>` : ""}`,
      token,
    );
  });
  pages.post("/organiser/contests", async ({ auth, request, reply }) => {
    onlyOrganiser(auth);
    const format = formField(request, "format");
    if (format !== "ladder" && format !== "jutge")
      throw new HttpError(400, "BAD_REQUEST", "format is ladder or jutge");
    const id = await actions.createContest(services, {
      name: formField(request, "name").trim() || "Contest",
      game: formField(request, "game"),
      format,
      ...(formField(request, "baseline").trim() !== ""
        ? { baseline: formField(request, "baseline").trim() }
        : {}),
      ...(formField(request, "config").trim() !== ""
        ? { config: formField(request, "config").replace(/\r\n/g, "\n") }
        : {}),
    });
    void reply.redirect(`/contests/${id}`, 303);
    return undefined;
  });
  pages.post("/organiser/contests/:id/invites", async ({ auth, request, reply }) => {
    onlyOrganiser(auth);
    const count = Number(formField(request, "count"));
    if (!Number.isInteger(count) || count < 1 || count > 1000)
      throw new HttpError(400, "BAD_REQUEST", "count is 1 to 1000");
    const codes = await actions.createInvites(services, intParam(request, "id"), count);
    void reply.redirect(`/organiser?codes=${codes.join(",")}`, 303);
    return undefined;
  });
  pages.post("/organiser/contests/:id/deadline", async ({ auth, request, reply }) => {
    onlyOrganiser(auth);
    const contest = await contestById(services, intParam(request, "id"));
    const text = formField(request, "deadline");
    const when = text === "" ? null : new Date(`${text}Z`);
    if (when !== null && Number.isNaN(when.getTime()))
      throw new HttpError(400, "BAD_REQUEST", "not a date and time");
    await services.ctx.db
      .updateTable("contests")
      .set({ deadline: when?.toISOString() ?? null })
      .where("id", "=", contest.id)
      .execute();
    void reply.redirect("/organiser", 303);
    return undefined;
  });
  pages.post("/organiser/contests/:id/run", async ({ auth, request, reply }) => {
    onlyOrganiser(auth);
    const contest = await contestById(services, intParam(request, "id"));
    if (contest.format !== "jutge")
      throw new HttpError(409, "NOT_JUTGE", "only a jutge contest is run");
    services.startJutge(contest.id);
    void reply.redirect(`/contests/${contest.id}`, 303);
    return undefined;
  });
  pages.post("/organiser/queue/:match/retry", async ({ auth, request, reply }) => {
    onlyOrganiser(auth);
    await services.queue.retry(matchParam(request));
    void reply.redirect("/organiser", 303);
    return undefined;
  });
}
