// Restarting mid-ladder loses nothing: a server killed (SIGKILL) while a match is being played,
// then stopped (SIGTERM), keeps every submission, log and finished match, plays the match that was
// in flight again and records it once. The match in flight is watched live over SSE first.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  api,
  joinContest,
  moneyheistConfig,
  startTestServer,
  type TestServer,
  until,
} from "./__fixtures__/test-support";

const ORGANISER = "organiser-token-of-the-restart-test-012345678";
const source = (name: string) =>
  readFileSync(new URL(`./__fixtures__/players/${name}`, import.meta.url), "utf8");

/** Reads a server-sent event stream until `want` events arrived (or the stream ended). */
async function events(url: string, want: number): Promise<string[]> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const reader = response.body!.getReader();
  const seen: string[] = [];
  let text = "";
  while (seen.length < want) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    for (const match of text.matchAll(/^event: (\w+)$/gm)) seen.push(match[1]!);
    text = text.slice(text.lastIndexOf("\n\n") + 2);
  }
  controller.abort();
  return seen;
}

describe("a restart mid-ladder", () => {
  const data = mkdtempSync(join(tmpdir(), "arena-serve-restart-"));
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(data, { recursive: true, force: true });
  });
  const start = async () => {
    server = await startTestServer({ dataDir: data, jobs: 1, organiserToken: ORGANISER });
    return server;
  };

  it("keeps everything and records the match in flight once", async () => {
    let s = await start();
    const contest = (
      await api(s, "POST", "/api/contests", {
        token: ORGANISER,
        body: { name: "Club", game: "moneyheist", format: "ladder", config: moneyheistConfig(20) },
      })
    ).body.id;
    const files = ["AIValid.cc", "AISlow.cc"];
    const tokens = await joinContest(
      s,
      ORGANISER,
      contest,
      files.map((file) => file.slice(2, -3)),
    );
    const submissions: number[] = [];
    for (const [k, file] of files.entries()) {
      submissions.push(
        (
          await api(s, "POST", `/api/contests/${contest}/submissions`, {
            token: tokens[k],
            body: { filename: file, source: source(file) },
          })
        ).body.id,
      );
    }
    const snapshot = async (server: TestServer) => ({
      submissions: await Promise.all(
        submissions.map(
          async (id, k) =>
            (await api(server, "GET", `/api/submissions/${id}`, { token: tokens[k] })).body,
        ),
      ),
      // The replays' URLs without the server's address (a restarted server has another port).
      matches: (
        (await api(server, "GET", `/api/contests/${contest}/matches?limit=1000`)).body
          .matches as Array<{
          id: string;
          replay: string | null;
        }>
      ).map((m) => ({ ...m, replay: m.replay === null ? null : new URL(m.replay).pathname })),
    });
    // Both active, a few matches recorded, and one being played, watched live: the viewer's page,
    // and its event stream telling it the replay grew. A match may end between the live list and
    // its stream (its stream then says only `end`, seen on a busy machine): another is watched.
    const liveMatch = async (): Promise<string | undefined> => {
      const page = await fetch(`${s.url}/contests/${contest}/live`);
      return /\/live\/([0-9a-f]{20})\//.exec(await page.text())?.[1];
    };
    await until("a match in flight after two recorded", async () => {
      const now = await snapshot(s);
      if (!now.submissions.every((sub) => sub.status === "active")) return undefined;
      if (now.matches.filter((m) => (m as { kind?: string }).kind === "ladder").length < 2)
        return undefined;
      const queue = await api(s, "GET", "/api/queue", { token: ORGANISER });
      return queue.body.running >= 1 ? true : undefined;
    });
    await until("a live match whose stream says its replay grew", async () => {
      const running = await liveMatch();
      if (running === undefined) return undefined;
      const live = await fetch(`${s.url}/contests/${contest}/live/${running}/`);
      if (live.status !== 200) return undefined;
      expect(await live.text()).toContain('name="arena-live" content="events"');
      const seen = await events(`${s.url}/contests/${contest}/live/${running}/events`, 2);
      return seen.includes("update") ? running : undefined;
    });

    // Killed while a match is being played (the one watched may have ended meanwhile: another).
    const { before, inFlight } = await until("a snapshot with a match in flight", async () => {
      const id = await liveMatch();
      if (id === undefined) return undefined;
      const now = await snapshot(s);
      return now.matches.some((m) => m.id === id) ? undefined : { before: now, inFlight: id };
    });
    await s.stop("SIGKILL");

    s = await start();
    expect(s.output()).toMatch(/match\(es\) in flight at the last stop are played again/);
    const after = await snapshot(s);
    expect(after.submissions).toEqual(before.submissions);
    for (const match of before.matches) expect(after.matches).toContainEqual(match);
    // The match that was in flight is played again and recorded, once.
    const replayed = await until("the match in flight recorded", async () => {
      const now = await snapshot(s);
      return now.matches.some((m) => m.id === inFlight) ? now : undefined;
    });
    const ids = replayed.matches.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);

    // A graceful stop too, then the ladder goes on.
    const beforeTerm = await snapshot(s);
    await s.stop("SIGTERM");
    // Closed (0), or, with bot processes running, ended by core's signal hook once it has killed
    // them (it re-raises SIGTERM): the matches in flight are played again either way.
    expect(s.child.exitCode === 0 || s.child.signalCode === "SIGTERM").toBe(true);
    s = await start();
    const afterTerm = await snapshot(s);
    expect(afterTerm.submissions).toEqual(beforeTerm.submissions);
    for (const match of beforeTerm.matches) expect(afterTerm.matches).toContainEqual(match);
    await until("the ladder going on", async () => {
      const now = await snapshot(s);
      return now.matches.length > afterTerm.matches.length ? true : undefined;
    });
  });
});
