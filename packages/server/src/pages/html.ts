import type { FastifyReply } from "fastify";
import type { Auth } from "../http/auth";

/** Text made safe for HTML (content and quoted attributes). */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markup that is already safe (made by `html`). */
export class Safe {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A template tag: every interpolated value is escaped unless it is `Safe` (or a list of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Safe {
  let out = strings[0]!;
  values.forEach((value, k) => {
    const items = Array.isArray(value) ? value : [value];
    out += items.map((item) => (item instanceof Safe ? item.text : escapeHtml(item))).join("");
    out += strings[k + 1]!;
  });
  return new Safe(out);
}

const STYLE = `
:root { color-scheme: light dark; --accent: #2563eb; --muted: #6b7280; --bad: #b91c1c; --good: #15803d; }
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; }
header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1.2rem; border-bottom: 1px solid #8884; flex-wrap: wrap; }
header a.home { font-weight: 700; text-decoration: none; }
header nav { margin-left: auto; display: flex; gap: 1rem; align-items: center; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.2rem 3rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1.5rem; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #8883; vertical-align: top; }
th { font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
a { color: var(--accent); }
.muted { color: var(--muted); }
.status { font-weight: 600; }
.status-compile-error, .status-invalid, .bad { color: var(--bad); }
.status-active, .status-ready, .good { color: var(--good); }
pre { background: #8881; padding: .8rem; overflow: auto; max-height: 28rem; font-size: .85rem; }
form.inline { display: inline; }
label { display: block; margin: .4rem 0 .2rem; font-weight: 600; }
input[type=text], input[type=password], input[type=number], input[type=datetime-local], select, textarea { width: 100%; max-width: 40rem; padding: .4rem; font: inherit; }
textarea { font-family: ui-monospace, monospace; min-height: 12rem; }
button { font: inherit; padding: .35rem .9rem; margin-top: .5rem; cursor: pointer; }
.card { border: 1px solid #8884; border-radius: .5rem; padding: .8rem 1rem; margin: 1rem 0; }
.secret { font-family: ui-monospace, monospace; background: #fde68a55; padding: .2rem .4rem; word-break: break-all; }
iframe.viewer { width: 100%; height: 80vh; border: 1px solid #8884; }
`;

/** A whole page: header with who is signed in, the title, the body. */
export function page(title: string, auth: Auth, body: Safe, csrf?: string): string {
  const who =
    auth.role === "organiser"
      ? html`<a href="/organiser">organiser</a>`
      : auth.role === "participant"
        ? html`<a href="/participants/${auth.participant.id}">${auth.participant.name}</a>`
        : html`<a href="/login">sign in</a> <a href="/join">join</a>`;
  const logout =
    auth.role !== "none" && csrf !== undefined
      ? html`<form class="inline" method="post" action="/logout"><input type="hidden" name="_csrf" value="${csrf}"><button>sign out</button></form>`
      : html``;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · arena</title>
<style>${STYLE}</style>
</head>
<body>
<header><a class="home" href="/">arena</a><span class="muted">${escapeHtml(title)}</span><nav>${who}${logout}</nav></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Sends an HTML page with the pages' security headers (no script may run on them). */
export function sendPage(reply: FastifyReply, text: string, status = 200): FastifyReply {
  return reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; form-action 'self'; frame-ancestors 'self'",
    )
    .send(text);
}

/** A hidden CSRF field. */
export const csrfField = (token: string) =>
  html`<input type="hidden" name="_csrf" value="${token}">`;

/** A number with `digits` decimals. */
export const fixed = (value: number, digits = 2) => value.toFixed(digits);
