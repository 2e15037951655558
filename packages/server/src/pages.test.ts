// The web UI in a real Chromium (Debian's headless shell, driven by playwright-core): the
// organiser creates a contest and invites; a participant joins, submits a C++ player, sees it
// compiled, validated and active with its log; another participant does not see that log; the
// standings and a watched match (the viewer in the match page). Forms refuse a missing CSRF token.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  moneyheistConfig,
  startTestServer,
  type TestServer,
  until,
} from "./__fixtures__/test-support";

const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find(existsSync) ??
  "/usr/bin/chromium";
const ORGANISER = "organiser-token-of-the-pages-test-0123456789";
const player = readFileSync(new URL("./__fixtures__/players/AIValid.cc", import.meta.url), "utf8");
const SCREENSHOT = fileURLToPath(new URL("../screenshots/standings.png", import.meta.url));

describe.skipIf(!existsSync(chromiumPath))("the pages in Chromium", () => {
  let data: string;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), "arena-serve-pages-"));
    [server, browser] = await Promise.all([
      startTestServer({ dataDir: data, jobs: 1, organiserToken: ORGANISER }),
      chromium.launch({
        executablePath: chromiumPath,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--in-process-gpu",
          "--no-first-run",
          "--disable-background-networking",
        ],
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (data !== undefined) rmSync(data, { recursive: true, force: true });
  });

  const signIn = async (page: Page, token: string) => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel(/Your token/).fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
  };

  it("takes a participant from invite to standings and a watched match", async () => {
    const organiser = await (await browser.newContext()).newPage();
    await signIn(organiser, ORGANISER);
    await organiser.waitForURL(/\/organiser$/);
    await organiser.getByLabel("Name").fill("Course 2026");
    await organiser.getByLabel(/^Config/).fill(moneyheistConfig(20));
    await organiser.getByRole("button", { name: "Create" }).click();
    await organiser.waitForURL(/\/contests\/\d+$/);
    const contest = Number(/\/contests\/(\d+)$/.exec(organiser.url())![1]);
    await organiser.goto(`${server.url}/organiser`);
    await organiser.getByRole("button", { name: "Make invites" }).click();
    const codes = (await organiser.getByTestId("codes").textContent())!.trim().split(/\s+/);
    expect(codes).toHaveLength(10);

    const join = async (code: string, name: string) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${server.url}/join`);
      await page.getByLabel("Invite code").fill(code);
      await page.getByLabel(/Your name/).fill(name);
      await page.getByRole("button", { name: "Join" }).click();
      await expect
        .poll(async () => (await page.getByTestId("token").textContent())?.length ?? 0)
        .toBeGreaterThan(20);
      return page;
    };
    const ada = await join(codes[0]!, "ada");
    const adaToken = (await ada.getByTestId("token").textContent())!.trim();
    await ada.getByRole("link", { name: "Go to the contest" }).click();
    await ada.getByLabel(/File name/).fill("AIAda.cc");
    await ada.getByLabel("Source").fill(player);
    await ada.getByRole("button", { name: "Submit" }).click();
    await ada.waitForURL(/\/participants\/\d+#submission-\d+$/);
    const [adaPage, submission] = ada.url().split("#submission-") as [string, string];
    // Waited for through the API (a page load in Chromium is dearer), then seen on the page.
    await until("ada's revision active", async () => {
      const state = await api(server, "GET", `/api/submissions/${submission}`, { token: adaToken });
      return state.body.status === "active" ? true : undefined;
    });
    await ada.goto(adaPage);
    expect(await ada.locator(".status").first().textContent()).toBe("active");
    expect(await ada.getByTestId("log").textContent()).toMatch(/compiled/);

    // Another participant sees ada's revisions' states, never her log.
    const bob = await join(codes[1]!, "bob");
    await bob.goto(adaPage);
    expect(await bob.locator(".status").first().textContent()).toBe("active");
    expect(await bob.getByTestId("log").count()).toBe(0);
    expect(await bob.content()).not.toContain("compiled");

    // The standings, once ada has played.
    const standings = await (
      await browser.newContext({ viewport: { width: 1100, height: 700 } })
    ).newPage();
    await until("ada rated", async () => {
      const answer = await api(server, "GET", `/api/contests/${contest}/standings`);
      return answer.body.players?.[0]?.matches >= 2 ? true : undefined;
    });
    await standings.goto(`${server.url}/contests/${contest}`);
    const first = standings.locator("table[aria-label=standings] tbody tr").first();
    expect(Number(await first.locator("td").nth(5).textContent())).toBeGreaterThanOrEqual(2);
    expect(await first.textContent()).toContain("ada");
    await standings.screenshot({ path: SCREENSHOT, fullPage: true });

    // A match, watched: the match page embeds the viewer, which loads the replay.
    await standings.locator("a[href^='/matches/']").first().click();
    await standings.waitForURL(/\/matches\/[0-9a-f]{20}$/);
    const viewer = standings.frameLocator("iframe.viewer");
    await expect
      .poll(() => viewer.locator("canvas").count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    expect(await standings.locator("table tbody tr").count()).toBe(4);
  });

  it("refuses a form without its CSRF token", async () => {
    const response = await fetch(`${server.url}/join`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "code=x&name=eve",
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/csrf/i);
  });
});
