// `arena view`: its checks and outputs, then the viewer itself in a real headless Chromium: every
// game's replay played to the end shows the final scores `arena replay` prints; original .res
// files open; a corrupt file shows its error on the page. Screenshots go to test-output/.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgs } from "./args";
import { view } from "./commands/view";
import { gameNames as registered } from "./games";
import type { CliIo } from "./io";
import { runCli } from "./test-io";

const dir = mkdtempSync(join(tmpdir(), "arena-view-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const output = fileURLToPath(new URL("../test-output/", import.meta.url));
mkdirSync(output, { recursive: true });
const reference = fileURLToPath(new URL("../../../../shared/reference/", import.meta.url));
const haveReference = existsSync(reference);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const haveChromium = existsSync(chromiumPath);
if (!haveChromium)
  console.warn(
    `viewer browser tests skipped: no Chromium at ${chromiumPath} (install Debian's chromium, or set CHROMIUM_PATH)`,
  );
if (!haveReference)
  console.warn(`viewer tests on original .res files skipped: ${reference} (../shared) is absent`);

/** Plays a match with the cli and returns the replay path and the final scores `arena replay` prints. */
async function playMatch(game: string, seed: number, extra: string[] = []) {
  const file = join(dir, `${game}-${seed}.arena`);
  const played = await runCli(["play", game, "--seed", String(seed), "--out", file, ...extra], dir);
  expect(played.code, played.err).toBe(0);
  const replayed = await runCli(["replay", file, "--json"], dir);
  expect(replayed.code, replayed.err).toBe(0);
  const result = JSON.parse(replayed.out) as { scores: number[]; steps: number };
  return { file, scores: result.scores, steps: result.steps };
}

describe("arena view (command)", () => {
  it("rejects a missing file, a foreign file and bad options with one clear line", async () => {
    const missing = await runCli(["view", "nope.arena"], dir);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.arena.*no such file|no such file.*nope\.arena/);
    writeFileSync(join(dir, "notes.txt"), "hello\n");
    const foreign = await runCli(["view", "notes.txt", "--html", "x.html"], dir);
    expect(foreign.code).toBe(2);
    expect(foreign.err).toContain("neither an arena replay nor the .res");
    const port = await runCli(["view", "notes.txt", "--port", "http"], dir);
    expect(port.code).toBe(2);
    expect(port.err).toContain("--port must be a port number");
    const both = await runCli(["view", "notes.txt", "--port", "1", "--html", "x.html"], dir);
    expect(both.code).toBe(2);
  });

  it("rejects a corrupt replay before writing anything", async () => {
    const { file } = await playMatch("moneyheist", 11);
    const bytes = readFileSync(file);
    bytes[bytes.length - 30]! ^= 0xff;
    writeFileSync(join(dir, "flipped.arena"), bytes);
    const result = await runCli(["view", "flipped.arena", "--html", "flipped.html"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/corrupt replay/);
    expect(existsSync(join(dir, "flipped.html"))).toBe(false);
  });

  it("--html writes one page with the viewer and the file inside", async () => {
    const { file } = await playMatch("moneyheist", 12);
    const result = await runCli(["view", file, "--html", "page.html"], dir);
    expect(result.code, result.err).toBe(0);
    const html = readFileSync(join(dir, "page.html"), "utf8");
    expect(html.includes(readFileSync(file).toString("base64"))).toBe(true);
    expect(html.includes('<script id="arena-file"')).toBe(true);
    // Nothing is loaded from elsewhere: no script or stylesheet references, no URLs.
    expect(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org)/.test(html)).toBe(false);
  });

  it("serves the page and the file on loopback until stopped", async () => {
    const { file } = await playMatch("moneyheist", 13);
    let out = "";
    const io: CliIo = { out: (t) => (out += t), err: () => {}, interactive: false, cwd: dir };
    let stop!: () => void;
    const stopped = new Promise<void>((done) => (stop = done));
    const running = view(parseArgs([file], new Set()), io, () => stopped);
    await expect.poll(() => out, { timeout: 10_000 }).toContain("http://127.0.0.1:");
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)![0];
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect((await page.text()).includes('<script id="arena-file"')).toBe(true);
    const served = new Uint8Array(await (await fetch(`${url}file`)).arrayBuffer());
    expect(Buffer.from(served).equals(readFileSync(file))).toBe(true);
    expect((await fetch(`${url}elsewhere`)).status).toBe(404);
    stop();
    expect(await running).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });
});

// In CI (.ci/run installs Chromium) the browser tests must run, not skip.
it.runIf(!haveChromium && process.env.CI === "true")("CI has Chromium for the viewer tests", () => {
  expect.fail(`no Chromium at ${chromiumPath}: .ci/run should have installed Debian's chromium`);
});

describe.skipIf(!haveChromium)("the viewer in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens a page on `html`, failing on any page error or request leaving the machine. */
  async function openPage(html: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) errors.push(`network request: ${request.url()}`);
    });
    await page.goto(`file://${html}`);
    await page.waitForFunction(() =>
      ["ready", "error"].includes(document.body.dataset.status ?? ""),
    );
    return { page, errors };
  }

  const scoreboard = (page: Page) =>
    page.$$eval("[data-testid^=score-]", (nodes) => nodes.map((n) => n.textContent ?? ""));

  // Every game the cli plays: a new game package without a view in the viewer fails here.
  it.each(registered.map((name, k) => [name, 21 + k] as const))(
    "%s: a replay played to the end shows the scores arena replay prints",
    async (game, seed) => {
      const { file, scores, steps } = await playMatch(game, seed);
      const html = join(dir, `${game}.html`);
      expect((await runCli(["view", file, "--html", html], dir)).code).toBe(0);
      const { page, errors } = await openPage(html);
      expect(await page.evaluate(() => document.body.dataset.status)).toBe("ready");
      expect(await page.evaluate(() => window.arenaViewer.length())).toBe(steps + 1);
      await page.evaluate(() => window.arenaViewer.speed(2500));
      await page.click("#play");
      await page.waitForFunction(() => document.body.dataset.playing === "false", null, {
        timeout: 120_000,
      });
      expect(await page.evaluate(() => window.arenaViewer.frame())).toBe(steps);
      expect(await scoreboard(page)).toEqual(scores.map(String));
      // Scrubbing back and forth lands on the same scores.
      await page.keyboard.press("Home");
      expect(await page.evaluate(() => window.arenaViewer.frame())).toBe(0);
      await page.keyboard.press("End");
      expect(await scoreboard(page)).toEqual(scores.map(String));
      await page.evaluate((n) => window.arenaViewer.seek(Math.floor(n / 2)), steps);
      await page.screenshot({ path: join(output, `viewer-${game}.png`) });
      await page.keyboard.press("h");
      expect(await page.isVisible("#help")).toBe(true);
      await page.keyboard.press("Escape");
      expect(await page.isVisible("#help")).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("opens a .res written by arena play and shows its final scores", async () => {
    const res = join(dir, "mh.res");
    const played = await runCli(["play", "moneyheist", "--seed", "31", "--res", res], dir);
    expect(played.code, played.err).toBe(0);
    const html = join(dir, "mh-res.html");
    expect((await runCli(["view", res, "--html", html], dir)).code).toBe(0);
    const { page, errors } = await openPage(html);
    expect(await page.evaluate(() => document.body.dataset.status)).toBe("ready");
    await page.keyboard.press("End");
    const text = readFileSync(res, "utf8");
    const last = [...text.matchAll(/^score\t(.*)$/gm)].pop()![1]!.split("\t");
    expect(await scoreboard(page)).toEqual(last);
    expect(errors).toEqual([]);
    await page.close();
  });

  const lastMatch = (text: string, pattern: RegExp): RegExpMatchArray => {
    const all = [...text.matchAll(pattern)];
    expect(all.length).toBeGreaterThan(0);
    return all.at(-1)!;
  };
  /** The final scores written in an original .res, read independently of the viewer's parsers. */
  const finalScores: Record<string, (text: string) => string[]> = {
    moneyheist: (text) => lastMatch(text, /^score\t(.*)$/gm)[1]!.split("\t"),
    madmax: (text) => lastMatch(text, /^total_score (.*)$/gm)[1]!.split(" "),
    "madmax-revisited": (text) =>
      lastMatch(text, /^pid\tscore\tstatus\n((?:\d+\t-?\d+\t\S+\n)+)/gm)[1]!
        .trim()
        .split("\n")
        .map((line) => line.split("\t")[1]!),
    // Bola de Drac: balls × (max_strength + 1) + strength, from the last four goku lines.
    dragonball: (text) => {
      const max = Number(lastMatch(text, /^max_strength (\d+)$/gm)[1]);
      return [...text.matchAll(/^\w+ \d+ \d+ -?\d+ [ad] (\d+) (\d+) /gm)]
        .slice(-4)
        .map((m) => String(Number(m[1]) * (max + 1) + Number(m[2])));
    },
  };
  const originals = [
    "moneyheist/official_sample_seed34.res.gz",
    "madmax/final_engine_demo4_seed1.res.gz",
    "madmax-revisited/official_sample_seed1.res.gz",
    "dragonball/sample_demo4_seed1_democnf.res.gz",
  ];
  it.skipIf(!haveReference).each(originals)(
    "opens the original %s and shows its final scores",
    async (path) => {
      const html = join(dir, `${path.replace(/\W/g, "_")}.html`);
      const result = await runCli(["view", join(reference, path), "--html", html], dir);
      expect(result.code, result.err).toBe(0);
      const { page, errors } = await openPage(html);
      expect(await page.evaluate(() => document.body.dataset.status)).toBe("ready");
      await page.keyboard.press("End");
      const frames = await page.evaluate(() => window.arenaViewer.length());
      const text = gunzipSync(readFileSync(join(reference, path))).toString("utf8");
      const rounds = [...text.matchAll(/^(?:round|rnd) (\d+)$/gm)].map((m) => Number(m[1]));
      expect(frames).toBe(rounds.length);
      expect(await scoreboard(page)).toEqual(finalScores[path.split("/")[0]!]!(text));
      await page.screenshot({ path: join(output, `viewer-original-${path.split("/")[0]}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("shows a clear error on the page for a corrupt or foreign file", async () => {
    const { file } = await playMatch("moneyheist", 41);
    const html = join(dir, "start.html");
    expect((await runCli(["view", file, "--html", html], dir)).code).toBe(0);
    const { page } = await openPage(html);
    const bytes = readFileSync(file);
    bytes[bytes.length - 30]! ^= 0xff;
    writeFileSync(join(dir, "corrupt.arena"), bytes);
    await page.setInputFiles("#file", join(dir, "corrupt.arena"));
    await page.waitForFunction(() => document.body.dataset.status === "error");
    expect(await page.textContent("#error")).toMatch(/corrupt replay: .*checksum|corrupt replay/);
    expect(await page.textContent("#message h2")).toContain("corrupt.arena");
    await page.screenshot({ path: join(output, "viewer-error.png") });
    writeFileSync(join(dir, "photo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]));
    await page.setInputFiles("#file", join(dir, "photo.png"));
    await page.waitForFunction(() =>
      document.querySelector("#error")?.textContent?.includes("photo.png"),
    );
    expect(await page.textContent("#error")).toContain("neither an arena replay nor");
    // A good file opens again after the errors.
    await page.setInputFiles("#file", file);
    await page.waitForFunction(() => document.body.dataset.status === "ready");
    await page.close();
  });
});

declare global {
  interface Window {
    arenaViewer: {
      seek(i: number): void;
      speed(framesPerSecond: number): void;
      frame(): number;
      length(): number;
    };
  }
}
