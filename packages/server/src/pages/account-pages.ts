import type { FastifyReply } from "fastify";
import * as actions from "../actions";
import { now } from "../context";
import { authFromToken, SESSION_COOKIE } from "../http/auth";
import { HttpError } from "../http/errors";
import { hashSecret, newSecret } from "../http/tokens";
import type { Services } from "../services";
import { csrfField, html, page } from "./html";
import type { Pages } from "./page-routes";

/** Days a browser session lasts. */
const SESSION_DAYS = 30;

/** Opens a browser session for `role` (a signed, HTTP-only cookie; the id stored hashed). */
async function openSession(
  services: Services,
  reply: FastifyReply,
  role: "organiser" | "participant",
  participant: number | null,
): Promise<void> {
  const id = newSecret();
  const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await services.ctx.db
    .insertInto("sessions")
    .values({
      hash: hashSecret(id),
      role,
      participant_id: participant,
      expires_at: expires.toISOString(),
    })
    .execute();
  void reply.setCookie(SESSION_COOKIE, id, {
    signed: true,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    expires,
  });
}

const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== "string" || value.trim() === "") {
    throw new HttpError(400, "BAD_REQUEST", `the form's field '${name}' is missing`);
  }
  return value.trim();
};

/** Sign in with a token, join with an invite code, sign out. */
export function registerAccountPages(pages: Pages, services: Services): void {
  pages.get("/login", async ({ auth, csrf }) =>
    page(
      "Sign in",
      auth,
      html`<form method="post" action="/login">${csrfField(csrf())}
<label for="token">Your token (the organiser's, or the one you got when you joined)</label>
<input type="password" id="token" name="token" autocomplete="current-password" required>
<button>Sign in</button></form>`,
    ),
  );
  pages.post("/login", async ({ request, reply }) => {
    const auth = await authFromToken(services.auth, field(request.body, "token"));
    if (auth.role === "none") throw new HttpError(401, "UNAUTHORIZED", "unknown token");
    await openSession(
      services,
      reply,
      auth.role,
      auth.role === "participant" ? auth.participant.id : null,
    );
    void reply.redirect(
      auth.role === "organiser"
        ? "/organiser"
        : `/participants/${auth.role === "participant" ? auth.participant.id : ""}`,
      303,
    );
    return undefined;
  });
  pages.get("/join", async ({ auth, csrf }) =>
    page(
      "Join a contest",
      auth,
      html`<form method="post" action="/join">${csrfField(csrf())}
<label for="code">Invite code</label><input type="text" id="code" name="code" required autocomplete="off">
<label for="name">Your name in the contest (letters, digits, _ . -)</label><input type="text" id="name" name="name" required maxlength="40">
<button>Join</button></form>`,
    ),
  );
  pages.post("/join", async ({ request, reply, csrf }) => {
    const name = field(request.body, "name");
    if (!/^[\p{L}\p{N}_.-]{1,40}$/u.test(name)) {
      throw new HttpError(400, "BAD_REQUEST", "a name is 1 to 40 letters, digits, '_', '.' or '-'");
    }
    const joined = await actions.join(services, field(request.body, "code"), name);
    await openSession(services, reply, "participant", joined.participant.id);
    const auth = await authFromToken(services.auth, joined.token);
    return page(
      "Welcome",
      auth,
      html`<p>You joined as <strong>${name}</strong>. Your token, shown this once — keep it to sign in elsewhere and for the API (<code>Authorization: Bearer …</code>):</p>
<p class="secret" data-testid="token">${joined.token}</p>
<p><a href="/contests/${joined.participant.contest}">Go to the contest</a></p>`,
      csrf(),
    );
  });
  pages.post("/logout", async ({ request, reply }) => {
    const raw = request.cookies[SESSION_COOKIE];
    const unsigned = raw !== undefined ? request.unsignCookie(raw) : undefined;
    if (unsigned?.valid && unsigned.value !== null) {
      await services.ctx.db
        .deleteFrom("sessions")
        .where("hash", "=", hashSecret(unsigned.value))
        .execute();
    }
    await services.ctx.db.deleteFrom("sessions").where("expires_at", "<", now()).execute();
    void reply.clearCookie(SESSION_COOKIE, { path: "/" }).redirect("/", 303);
    return undefined;
  });
}
