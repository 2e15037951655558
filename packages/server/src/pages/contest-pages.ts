import * as actions from "../actions";
import { HttpError } from "../http/errors";
import { mayRead, readableContest, type Services } from "../services";
import { matchesOf, standingsOf } from "../views";
import { csrfField, fixed, html, page } from "./html";
import { matchTable } from "./match-list";
import type { Pages } from "./page-routes";
import { formField, intParam } from "./params";
import { registerParticipantPage } from "./participant-page";

/** The contests, a contest's standings, and the participant's forms (submit, activate, scrimmage). */
export function registerContestPages(pages: Pages, services: Services): void {
  pages.get("/", async ({ auth, csrf }) => {
    const rows = await services.ctx.db.selectFrom("contests").selectAll().orderBy("id").execute();
    const visible = rows.filter((row) => mayRead(row, auth));
    const list = visible.map(
      (row) =>
        html`<tr><td><a href="/contests/${row.id}">${row.name}</a></td><td>${row.game}</td><td>${row.format}</td><td>${row.state}</td><td>${row.deadline ?? "none"}</td></tr>`,
    );
    return page(
      "Contests",
      auth,
      visible.length === 0
        ? html`<p class="muted">No contest to show. Sign in, or ask the organiser for an invite.</p>`
        : html`<table><thead><tr><th>contest</th><th>game</th><th>format</th><th>state</th><th>deadline</th></tr></thead><tbody>${list}</tbody></table>`,
      csrf(),
    );
  });

  pages.get("/contests/:id", async ({ request, auth, csrf }) => {
    const contest = await readableContest(services, intParam(request, "id"), auth);
    const [standings, recent] = await Promise.all([
      standingsOf(services, contest),
      matchesOf(services, contest, {
        limit: 15,
        base: "",
        kinds: ["ladder", "scrimmage", "jutge"],
      }),
    ]);
    const rows = standings.map(
      (line, k) =>
        html`<tr><td class="num">${k + 1}</td><td><a href="/participants/${line.participant}">${line.name}</a>${line.active ? "" : html` <span class="muted">(no active revision)</span>`}</td><td class="num">${fixed(line.rating.mu)}</td><td class="num">${fixed(line.rating.sigma)}</td><td class="num">${fixed(line.ordinal)}</td><td class="num">${line.matches}</td><td class="num">${fixed(line.wins, 1)}</td></tr>`,
    );
    const token = csrf();
    const mine = auth.role === "participant" && auth.participant.contest_id === contest.id;
    const forms = mine
      ? html`<div class="card"><h2>Submit a revision</h2>
<form method="post" action="/contests/${contest.id}/submit">${csrfField(token)}
<label for="filename">File name (AI&lt;Name&gt;.cc, a .js/.ts module, or a .py program)</label><input type="text" id="filename" name="filename" required value="AI${auth.participant.name}.cc">
<label for="source">Source</label><textarea id="source" name="source" required spellcheck="false"></textarea>
<button>Submit</button></form>
<form method="post" action="/contests/${contest.id}/scrimmage">${csrfField(token)}<button>Ask for a scrimmage</button></form></div>`
      : html``;
    const jutge =
      contest.format === "jutge"
        ? html`<p>Jutge contest: <strong>${contest.state}</strong>. <a href="/contests/${contest.id}/live">Matches being played (live)</a>${contest.state === "done" ? html` · <a href="/api/contests/${contest.id}/result">result (JSON)</a>` : ""}</p>`
        : html``;
    return page(
      `${contest.name} — standings`,
      auth,
      html`<p class="muted">${contest.game}, ${contest.format}${contest.deadline !== null ? html`, submissions until ${contest.deadline}` : ""}. Ratings are OpenSkill (mu, sigma); the ranking is by mu − 3·sigma.</p>
${jutge}
<table aria-label="standings"><thead><tr><th class="num">#</th><th>participant</th><th class="num">mu</th><th class="num">sigma</th><th class="num">mu − 3σ</th><th class="num">matches</th><th class="num">wins</th></tr></thead><tbody>${rows}</tbody></table>
${forms}
<h2>Latest matches</h2>${matchTable(recent)}
<p><a href="/api/contests/${contest.id}/matches">All matches (JSON)</a></p>`,
      token,
    );
  });

  pages.post("/contests/:id/submit", async ({ request, reply, auth }) => {
    const contest = intParam(request, "id");
    const source = formField(request, "source").replace(/\r\n/g, "\n");
    if (source.trim() === "") throw new HttpError(400, "BAD_REQUEST", "the source is empty");
    const made = await actions.submit(services, auth, contest, {
      filename: formField(request, "filename"),
      source,
    });
    void reply.redirect(
      `/participants/${auth.role === "participant" ? auth.participant.id : ""}#submission-${made.id}`,
      303,
    );
    return undefined;
  });

  pages.post("/submissions/:id/activate", async ({ request, reply, auth }) => {
    await actions.activate(services, auth, intParam(request, "id"));
    void reply.redirect(
      `/participants/${auth.role === "participant" ? auth.participant.id : ""}`,
      303,
    );
    return undefined;
  });

  pages.post("/contests/:id/scrimmage", async ({ request, reply, auth }) => {
    const id = await actions.scrimmage(services, auth, intParam(request, "id"), undefined);
    void reply.redirect(`/matches/${id}`, 303);
    return undefined;
  });

  registerParticipantPage(pages, services);
}
