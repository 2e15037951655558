import type { Auth } from "../http/auth";
import { notFound } from "../http/errors";
import { readableContest, type Services } from "../services";
import { matchesOf } from "../views";
import type { Validation } from "../work/submissions";
import { csrfField, html, page, type Safe } from "./html";
import { matchTable } from "./match-list";
import type { Pages } from "./page-routes";
import { intParam } from "./params";
import { ratingChart } from "./rating-chart";

type Revision = {
  id: number;
  filename: string;
  language: string;
  status: string;
  log: string;
  validation: string | null;
  created_at: string;
};

/** A revision's line; its log and validation only for its owner and the organiser. */
function revisionRow(revision: Revision, active: boolean, owner: boolean, csrf: string): Safe {
  const status = active ? "active" : revision.status;
  const validation =
    revision.validation !== null ? (JSON.parse(revision.validation) as Validation) : undefined;
  const why =
    validation !== undefined && !validation.valid
      ? html`<div class="bad">invalid${validation.round !== undefined ? html` at round ${validation.round}` : ""}: ${validation.reason ?? ""}${validation.match !== undefined ? html` (<a href="/matches/${validation.match}">the validation match</a>)` : ""}</div>`
      : validation?.match !== undefined
        ? html`<div><a href="/matches/${validation.match}">validation match</a></div>`
        : html``;
  const activate =
    owner && revision.status === "ready" && !active
      ? html`<form class="inline" method="post" action="/submissions/${revision.id}/activate">${csrfField(csrf)}<button>Make active</button></form>`
      : html``;
  return html`<tr id="submission-${revision.id}"><td class="num">${revision.id}</td><td>${revision.filename}</td><td>${revision.language}</td><td><span class="status status-${status}" data-testid="status-${revision.id}">${status}</span>${owner ? why : html``}${activate}</td><td>${revision.created_at.slice(0, 19).replace("T", " ")}</td></tr>`;
}

/** Faults of the participant in its matches since its active revision (frozen seats, reasons). */
async function faultsSince(services: Services, participant: number, since: number | null) {
  let query = services.ctx.db
    .selectFrom("match_seats")
    .select(["match_id", "reason", "frozen_round"])
    .where("participant_id", "=", participant)
    .where("frozen", "=", 1)
    .limit(20);
  if (since !== null) query = query.where("submission_id", "=", since);
  return query.execute();
}

/** A participant's page: rating chart, revisions (log and validation to its owner), faults, matches. */
export function registerParticipantPage(pages: Pages, services: Services): void {
  pages.get("/participants/:id", async ({ request, auth, csrf }) => {
    const participant = await services.ctx.db
      .selectFrom("participants")
      .selectAll()
      .where("id", "=", intParam(request, "id"))
      .executeTakeFirst();
    if (participant === undefined) throw notFound("participant");
    const contest = await readableContest(services, participant.contest_id, auth);
    const owner = isOwner(auth, participant.id);
    const [revisions, standing, matches, faults] = await Promise.all([
      services.ctx.db
        .selectFrom("submissions")
        .select(["id", "filename", "language", "status", "log", "validation", "created_at"])
        .where("participant_id", "=", participant.id)
        .orderBy("id", "desc")
        .execute(),
      services.ratings(contest.id).of(participant.id),
      matchesOf(services, contest, { limit: 20, participant: participant.id, base: "" }),
      faultsSince(services, participant.id, participant.active_submission_id),
    ]);
    const token = csrf();
    const latest = revisions[0];
    const log =
      owner && latest !== undefined
        ? html`<h2>Compile log of revision ${latest.id} (${latest.filename})</h2><pre data-testid="log">${latest.log || "(empty)"}</pre>`
        : html``;
    const faultList =
      faults.length === 0
        ? html`<p class="muted">No fault since the active revision.</p>`
        : html`<ul>${faults.map((fault) => html`<li><a href="/matches/${fault.match_id}">${fault.match_id.slice(0, 8)}</a>: frozen at round ${fault.frozen_round ?? "?"} — ${fault.reason ?? ""}</li>`)}</ul>`;
    return page(
      participant.name,
      auth,
      html`<p class="muted">In <a href="/contests/${contest.id}">${contest.name}</a>. ${standing !== undefined ? `Rating ${standing.mu.toFixed(2)} ± ${standing.sigma.toFixed(2)} after ${standing.matches} matches, ${standing.wins.toFixed(1)} wins.` : "Not rated yet."}</p>
${ratingChart(standing?.history ?? [])}
<h2>Revisions</h2>
<table><thead><tr><th class="num">#</th><th>file</th><th>language</th><th>state</th><th>submitted (UTC)</th></tr></thead><tbody>${revisions.map((revision) => revisionRow(revision, revision.id === participant.active_submission_id, owner, token))}</tbody></table>
${log}
<h2>Faults since the active revision</h2>${faultList}
<h2>Matches</h2>${matchTable(matches)}`,
      token,
    );
  });
}

/** Whether `auth` may see this participant's logs: itself or the organiser. */
function isOwner(auth: Auth, participant: number): boolean {
  return (
    auth.role === "organiser" ||
    (auth.role === "participant" && auth.participant.id === participant)
  );
}
