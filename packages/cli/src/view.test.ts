// `arena view`: its checks and outputs, then the viewer itself in a real headless Chromium: every
// game's replay played to the end shows the final scores `arena replay` prints; original .res
// files open; a corrupt file shows its error on the page. Screenshots go to test-output/.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type AnyEngine, decodeReplay, type Match, verifyReplay } from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { serveViewer, viewerHtml } from "@arena/viewer";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgs } from "./args";
import { view } from "./commands/view";
import { gameNames as registered } from "./games";
import type { CliIo } from "./io";
import { games as engines } from "./registry";
import { runCli } from "./test-io";
import { shortMatchArgs } from "./test-short-match";

const dir = mkdtempSync(join(tmpdir(), "arena-view-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const output = fileURLToPath(new URL("../test-output/", import.meta.url));
mkdirSync(output, { recursive: true });
const reference = fileURLToPath(new URL("../../../../shared/reference/", import.meta.url));
const haveReference = existsSync(reference);
/**
 * The browser: `CHROMIUM_PATH`, else Debian's `chromium-headless-shell` (the binary itself, not
 * its `sh` wrapper), else Debian's `chromium`. The headless shell is Chromium's own headless
 * build, what Playwright runs for headless tests by default: the same Blink and V8 drawing the
 * same page, without the desktop browser's layers (profile services, extensions, the browser
 * UI's compositor). This file's Chromium CPU, side by side on the 2-core machine: 37–41 s with
 * `chromium`, 26–30 s with the headless shell.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find(existsSync) ??
  "/usr/bin/chromium";
const haveChromium = existsSync(chromiumPath);
if (!haveChromium)
  console.warn(
    `viewer browser tests skipped: no Chromium at ${chromiumPath} (install Debian's chromium-headless-shell or chromium, or set CHROMIUM_PATH)`,
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

const matches = new Map<
  string,
  Promise<{ file: string; html: string; res?: string; steps: number; scores: number[] }>
>();
/**
 * One Demo match per game for the whole file (its replay, the page `arena view --html` makes of
 * it, and for Money Heist the original .res written by the same play): the tests below read it,
 * none changes it.
 */
function match(game: string) {
  let found = matches.get(game);
  if (found === undefined) {
    found = (async () => {
      const res = game === "moneyheist" ? join(dir, `${game}.res`) : undefined;
      const played = await playMatch(game, 51, res === undefined ? [] : ["--res", res]);
      const html = join(dir, `${game}.html`);
      expect((await runCli(["view", played.file, "--html", html], dir)).code).toBe(0);
      return { ...played, html, ...(res === undefined ? {} : { res }) };
    })();
    matches.set(game, found);
  }
  return found;
}

describe("arena view (command)", () => {
  // The file's Money Heist match for the tests below: they check the command's wiring, not the match.
  const moneyheist = () => match("moneyheist");

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
    const { file } = await moneyheist();
    const bytes = readFileSync(file);
    bytes[bytes.length - 30]! ^= 0xff;
    writeFileSync(join(dir, "flipped.arena"), bytes);
    const result = await runCli(["view", "flipped.arena", "--html", "flipped.html"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/corrupt replay/);
    expect(existsSync(join(dir, "flipped.html"))).toBe(false);
  });

  it("--html writes one page with the viewer and the file inside", async () => {
    const { file } = await moneyheist();
    const result = await runCli(["view", file, "--html", "page.html"], dir);
    expect(result.code, result.err).toBe(0);
    const html = readFileSync(join(dir, "page.html"), "utf8");
    expect(html.includes(readFileSync(file).toString("base64"))).toBe(true);
    expect(html.includes('<script id="arena-file"')).toBe(true);
    // Nothing is loaded from elsewhere: no script or stylesheet references, no URLs.
    expect(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org)/.test(html)).toBe(false);
  });

  it("serves the page and the file on loopback until stopped", async () => {
    const { file } = await moneyheist();
    let out = "";
    const io: CliIo = { out: (t) => (out += t), err: () => {}, interactive: false, cwd: dir };
    let stop!: () => void;
    const stopped = new Promise<void>((done) => (stop = done));
    const running = view(parseArgs([file], new Set()), io, () => stopped);
    await expect.poll(() => out, { timeout: loadScaled(120_000) }).toContain("http://127.0.0.1:");
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
  expect.fail(
    `no Chromium at ${chromiumPath}: .ci/run should have installed Debian's chromium-headless-shell`,
  );
});

/**
 * One Chromium for the whole file (a launch costs seconds on a busy machine); pages are new.
 * `--in-process-gpu`: the (software) GPU work runs in the browser process, not in a process of
 * its own that every frame drawn goes through (≈ 10 % less of Chromium's CPU for this file).
 */
let launched: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  launched ??= chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--in-process-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return launched;
}
afterAll(async () => {
  await (await launched)?.close();
});

/**
 * One browser context for the file's pages (the touch test has its own, for touch): a page in a
 * new context costs about 1.9 s of Chromium's CPU to create and load on the 2-core machine, one
 * more page in this context 0.7 s (a new context is a new profile). The viewer keeps nothing in
 * storage or cookies, so pages of one context see nothing of each other.
 */
let contextShared: Promise<BrowserContext> | undefined;
async function sharedContext(): Promise<BrowserContext> {
  contextShared ??= sharedBrowser().then((browser) =>
    browser.newContext({ viewport: { width: 1280, height: 860 } }),
  );
  return contextShared;
}
/** A new page of the shared context, at `viewport`. */
async function newPage(viewport = { width: 1280, height: 860 }): Promise<Page> {
  const page = await (await sharedContext()).newPage();
  if (viewport.width !== 1280 || viewport.height !== 860) await page.setViewportSize(viewport);
  await page.bringToFront();
  return page;
}

/**
 * One page for every test that needs only a freshly loaded document: each call navigates it to
 * `url` with `viewport`, and collects that document's page errors, and with `offline` any request
 * leaving the machine. A new page costs more than a navigation (its own renderer process, and
 * V8 compiles the viewer's script again there); what a test changes in a page goes with its
 * document. Tests do not close it.
 */
let reused: Page | undefined;
async function freshPage(
  url: string,
  { viewport = { width: 1280, height: 860 }, offline = false } = {},
): Promise<{ page: Page; errors: string[] }> {
  if (reused === undefined || reused.isClosed()) reused = await newPage(viewport);
  const page = reused;
  await page.bringToFront();
  page.removeAllListeners("pageerror");
  page.removeAllListeners("request");
  // Through about:blank only where going straight there could keep the document: the same
  // address but for the hash (a same-document navigation), or a new viewport (the old document
  // would be laid out again for it first). Any other address is a new document (about 0.05 s of
  // Chromium's CPU less per test than a second navigation).
  const current = page.url().split("#")[0];
  const size = page.viewportSize();
  const resized = size?.width !== viewport.width || size?.height !== viewport.height;
  if (current === url.split("#")[0] || resized) {
    await page.goto("about:blank");
    if (resized) await page.setViewportSize(viewport);
  }
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  if (offline)
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) errors.push(`network request: ${request.url()}`);
    });
  await page.goto(url);
  await page.waitForFunction(() => ["ready", "error"].includes(document.body.dataset.status ?? ""));
  return { page, errors };
}

/**
 * One loaded page per game's match page (`match(game).html`, 1280 × 860), shared by the per-game
 * tests that read a loaded document and put back what they change (speed, pin, open panel, pointer,
 * zoom): one load per game instead of one per test (a load is ≈ 0.5 s of Chromium's CPU). Each
 * call gives the test its own list of the page's errors and of requests leaving the machine.
 */
const gamePages = new Map<string, Promise<{ page: Page; sink: { errors: string[] } }>>();
async function gamePage(game: string): Promise<{ page: Page; errors: string[] }> {
  let opened = gamePages.get(game);
  if (opened === undefined) {
    opened = (async () => {
      const { html } = await match(game);
      const page = await newPage();
      const sink = { errors: [] as string[] };
      page.on("pageerror", (error) => sink.errors.push(error.message));
      page.on("request", (request) => {
        if (!request.url().startsWith("file:"))
          sink.errors.push(`network request: ${request.url()}`);
      });
      await page.goto(`file://${html}`);
      await page.waitForFunction(() =>
        ["ready", "error"].includes(document.body.dataset.status ?? ""),
      );
      return { page, sink };
    })();
    gamePages.set(game, opened);
  }
  const { page, sink } = await opened;
  // The context's other pages are background tabs, whose animation frames and timers Chromium
  // throttles: the page a test uses is the one in front.
  await page.bringToFront();
  sink.errors = [];
  return { page, errors: sink.errors };
}

describe.skipIf(!haveChromium)("the viewer in Chromium", () => {
  /** Opens `html` in the reused page, failing on any page error or request leaving the machine. */
  const openPage = (html: string) => freshPage(`file://${html}`, { offline: true });

  // Every game the cli plays: a new game package without a view in the viewer fails here.
  it.each(registered)(
    "%s: a replay played to the end shows the scores arena replay prints",
    async (game) => {
      const { scores, steps } = await match(game);
      // The game's page, loaded for this test (the first to use it), then shared by later tests.
      const { page, errors } = await gamePage(game);
      expect(await page.evaluate(() => document.body.dataset.status)).toBe("ready");
      expect(await page.evaluate(() => window.arenaViewer.length())).toBe(steps + 1);
      const speed = await page.$eval("#speed", (s) => (s as HTMLSelectElement).value);
      await page.evaluate(() => window.arenaViewer.speed(2500));
      await page.click("#play");
      await page.waitForFunction(() => document.body.dataset.playing === "false", null, {
        timeout: loadScaled(120_000),
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
      // Put back for the tests sharing the page: the speed it had.
      await page.selectOption("#speed", speed);
      expect(errors).toEqual([]);
    },
  );

  it("opens a .res written by arena play and shows its final scores", async () => {
    const res = (await match("moneyheist")).res!;
    const html = join(dir, "mh-res.html");
    expect((await runCli(["view", res, "--html", html], dir)).code).toBe(0);
    const { page, errors } = await openPage(html);
    expect(await page.evaluate(() => document.body.dataset.status)).toBe("ready");
    await page.keyboard.press("End");
    const text = readFileSync(res, "utf8");
    const last = [...text.matchAll(/^score\t(.*)$/gm)].pop()![1]!.split("\t");
    expect(await scoreboard(page)).toEqual(last);
    expect(errors).toEqual([]);
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
    },
  );

  it("shows a clear error on the page for a corrupt or foreign file", async () => {
    const { file, html } = await match("moneyheist");
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
  });
});

// ---- issue 20: inspector, events, phone layout, links, live view, compare ----

/** A unit known from the engine's own player API at some step: where it is and its stats. */
interface KnownUnit {
  key: string;
  row: number;
  col: number;
  stats: Record<string, string>;
}

// Player API objects, loosely typed: each game's view has its own shape.
type AnyView = Record<string, (...args: number[]) => Record<string, unknown>> &
  Record<string, unknown>;
const at = (pos: unknown): [number, number] => {
  const p = pos as { i?: number; j?: number; first?: number; second?: number };
  return [p.i ?? p.first!, p.j ?? p.second!];
};

/** Unit 0 (or player 0) of each game as its player API shows it. */
const knownUnit: Record<string, (view: AnyView) => KnownUnit> = {
  moneyheist: (v) => {
    const u = v.unit!(0) as {
      pos: unknown;
      player: number;
      health: number;
      poison: number;
      roundsForReborn: number;
    };
    const [row, col] = at(u.pos);
    return {
      key: "unit 0",
      row,
      col,
      stats: {
        id: "0",
        player: String(u.player),
        health: String(u.health),
        poison: String(u.poison),
        "rounds for reborn": String(u.roundsForReborn),
      },
    };
  },
  madmax: (v) => {
    const u = v.unit!(0) as {
      pos: unknown;
      player: number;
      food: number;
      water: number;
      type: string;
    };
    const [row, col] = at(u.pos);
    return {
      key: "unit 0",
      row,
      col,
      stats: {
        id: "0",
        type: u.type,
        player: String(u.player),
        [u.type === "Car" ? "fuel (food)" : "food"]: String(u.food),
        water: String(u.water),
      },
    };
  },
  "madmax-revisited": (v) => {
    // The first car alive (a dead car's cell may hold another car or a missile).
    let cid = 0;
    while (!(v.car!(cid) as { alive: boolean }).alive) cid++;
    const c = v.car!(cid) as {
      pos: unknown;
      nbMiss: number;
      gas: number;
      alive: boolean;
      time: number;
    };
    const [row, col] = at(c.pos);
    return {
      key: `car ${cid}`,
      row,
      col,
      stats: {
        cid: String(cid),
        nb_miss: String(c.nbMiss),
        gas: String(c.gas),
        alive: c.alive ? "yes" : "no",
        time: String(c.time),
      },
    };
  },
  dragonball: (v) => {
    const g = v.goku!(0) as {
      pos: unknown;
      type: string;
      balls: number;
      strength: number;
      kinton: number;
      alive: boolean;
    };
    const [row, col] = at(g.pos);
    return {
      key: "goku 0",
      row,
      col,
      stats: {
        id: "0",
        type: g.type,
        balls: String(g.balls),
        strength: String(g.strength),
        kinton: String(g.kinton),
        alive: g.alive ? "yes" : "no",
      },
    };
  },
  lighthouses: (v) => {
    const [x, y] = v.position as unknown as [number, number];
    return {
      key: "player 0",
      row: (v.height as unknown as number) - 1 - y,
      col: x,
      stats: {
        player: "0",
        position: `(${x}, ${y})`,
        energy: String(v.energy),
        score: String(v.score),
      },
    };
  },
};

/** A death (Lighthouses has none: a lighthouse changing hands) between two consecutive steps. */
interface KnownEvent {
  step: number;
  kind: string;
  /** Display cell of the event. */
  at: [number, number];
  /** Text the event's line in the list contains. */
  text: string;
  /** The unit left dead, waiting to come back: its key and the API's rounds until then. */
  dead?: { key: string; countdown: number };
}

/** What each game's first death looks like in its player API, between two steps. */
const findDeath: Record<
  string,
  (before: AnyView, after: AnyView, step: number) => KnownEvent | undefined
> = {
  moneyheist: (before, after, step) => {
    // A killed soldier comes back at once elsewhere: a jump of more than one cell.
    for (let id = 0; ; id++) {
      let a: { pos: unknown; player: number };
      let b: { pos: unknown };
      try {
        a = before.unit!(id) as typeof a;
        b = after.unit!(id) as typeof b;
      } catch {
        return undefined;
      }
      const [r0, c0] = at(a.pos);
      const [r1, c1] = at(b.pos);
      if (Math.abs(r0 - r1) + Math.abs(c0 - c1) > 1)
        return { step, kind: "death", at: [r0, c0], text: `${id} (player ${a.player}) died` };
    }
  },
  madmax: (before, after, step) => {
    const n = (before.nbUnits as unknown as () => number)();
    for (let id = 0; id < n; id++) {
      const a = before.unit!(id) as { pos: unknown; player: number; type: string };
      const b = after.unit!(id) as { player: number };
      if (a.player !== b.player)
        return {
          step,
          kind: "death",
          at: at(a.pos),
          text: `${a.type === "Car" ? "car" : "warrior"} ${id} (player ${a.player}) was captured`,
        };
    }
    return undefined;
  },
  "madmax-revisited": (before, after, step) => {
    const n = (before.numberCars as unknown as () => number)();
    for (let cid = 0; cid < n; cid++) {
      const a = before.car!(cid) as { alive: boolean };
      const b = after.car!(cid) as { alive: boolean; pos: unknown; time: number };
      if (a.alive && !b.alive)
        return {
          step,
          kind: "death",
          at: at(b.pos),
          text: `car ${cid} `,
          dead: { key: `car ${cid}`, countdown: b.time },
        };
    }
    return undefined;
  },
  dragonball: (before, after, step) => {
    for (let id = 0; id < 4; id++) {
      const a = before.goku!(id) as { alive: boolean; pos: unknown };
      const b = after.goku!(id) as { alive: boolean; time: number };
      if (a.alive && !b.alive)
        return {
          step,
          kind: "death|kill",
          at: at(a.pos),
          text: `goku ${id} was killed`,
          dead: { key: `goku ${id}`, countdown: b.time },
        };
    }
    return undefined;
  },
  lighthouses: (before, after, step) => {
    const a = before.lighthouses as unknown as Array<{ position: [number, number]; owner: number }>;
    const b = after.lighthouses as unknown as Array<{ owner: number }>;
    const height = before.height as unknown as number;
    for (let l = 0; l < a.length; l++)
      if (b[l]!.owner >= 0 && b[l]!.owner !== a[l]!.owner) {
        const [x, y] = a[l]!.position;
        return { step, kind: "capture", at: [height - 1 - y, x], text: `took lighthouse ${l}` };
      }
    return undefined;
  },
};

const engineOf = (game: string): AnyEngine => engines.find((e) => e.name === game) as AnyEngine;

/** The scores on the page's scoreboard(s). */
const scoreboard = (page: Page) =>
  page.$$eval("[data-testid^=score-]", (nodes) => nodes.map((n) => n.textContent ?? ""));

/** Thrown by `simulate` to stop the re-simulation once `visit` has what it needs. */
const enough = Symbol("enough");

/**
 * Re-simulates a replay, calling `visit` with the match after every step (step 0 included) until
 * `visit` returns true (the rest of the match is not played: a test reads the steps it needs).
 */
function simulate(
  game: string,
  file: string,
  visit: (step: number, match: Match) => boolean | undefined,
): void {
  const engine = engineOf(game);
  const replay = decodeReplay(readFileSync(file), file);
  const first = engine.create(
    replay.header.config,
    replay.header.seed,
    replay.header.players.length,
  );
  if (visit(0, first) === true) return;
  try {
    verifyReplay(engine, replay, {
      onStep: ({ step, match }) => {
        if (visit(step, match) === true) throw enough;
      },
    });
  } catch (error) {
    if (error !== enough) throw error;
  }
}

describe.skipIf(!haveChromium)("the viewer shows what happened and why (issue 20)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  const page = (url: string, viewport = { width: 1280, height: 860 }) =>
    freshPage(url, { viewport });

  const games = [...registered];

  it.each(games)("%s: hovering a known unit shows its id and every stat", async (game) => {
    const { file, steps } = await match(game);
    const step = Math.min(20, steps);
    let known: KnownUnit | undefined;
    simulate(game, file, (s, m) => {
      if (s === step) known = knownUnit[game]!(m.view(0) as AnyView);
      return s >= step;
    });
    const { page: p, errors } = await gamePage(game);
    await p.evaluate((s) => window.arenaViewer.seek(s), step);
    const [x, y] = (await p.evaluate(
      ([r, c]) => window.arenaViewer.cellCenter(r!, c!),
      [known!.row, known!.col],
    ))!;
    await p.mouse.move(x, y);
    await p.waitForSelector(`#tooltip .piece[data-key="${known!.key}"]`);
    const shown = await p.$eval(`#tooltip .piece[data-key="${known!.key}"] dl`, (dl) => {
      const out: Record<string, string> = {};
      for (const dt of Array.from(dl.querySelectorAll("dt")))
        out[dt.textContent ?? ""] = dt.nextElementSibling?.textContent ?? "";
      return out;
    });
    expect(shown).toMatchObject(known!.stats);
    // The unit list has a row for it; a click on the row pins it.
    await p.click("#units-panel summary");
    await p.click(`#units button[data-key="${known!.key}"]`);
    expect(await p.$(`#inspector .piece[data-key="${known!.key}"]`)).not.toBeNull();
    await p.keyboard.press("Escape");
    expect(await p.textContent("#inspector")).not.toContain("Pinned");
    // A click on the board pins it; the inspector follows it to another frame.
    await p.mouse.click(x, y);
    expect(await p.textContent("#inspector")).toContain("Pinned");
    await p.evaluate((s) => window.arenaViewer.seek(s + 1), step);
    await p.waitForFunction(
      (n) => document.querySelector("#inspector")?.getAttribute("data-frame") === String(n),
      step + 1,
    );
    expect(await p.$(`#inspector .piece[data-key="${known!.key}"]`)).not.toBeNull();
    await p.screenshot({ path: join(output, `issue20-inspector-${game}.png`) });
    // Put back for the tests sharing the page: nothing pinned, the unit list closed, no hover.
    await p.keyboard.press("Escape");
    await p.click("#units-panel summary");
    await p.mouse.move(0, 0);
    expect(await p.textContent("#inspector")).not.toContain("Pinned");
    expect(await p.$eval("#units-panel", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(errors).toEqual([]);
  });

  it.each(games)(
    "%s: a known death is drawn on the board and listed in its round",
    async (game) => {
      const { file } = await match(game);
      let before: AnyView | undefined;
      let known: KnownEvent | undefined;
      simulate(game, file, (s, m) => {
        const now = m.view(0) as AnyView;
        // Views read the live match: compare copies of the two states through fresh snapshots.
        if (known === undefined && before !== undefined) known = findDeath[game]!(before, now, s);
        if (known !== undefined) return true;
        before = engineOf(game)
          .restore(m.snapshot() as never)
          .view(0) as AnyView;
        return false;
      });
      expect(known, `no death in the ${game} match`).toBeDefined();
      // Only a seek: the game's shared page.
      const { page: p, errors } = await gamePage(game);
      await p.evaluate((s) => window.arenaViewer.seek(s), known!.step);
      const drawn = await p.evaluate(() => window.arenaViewer.drawnEvents());
      const kinds = known!.kind.split("|");
      expect(
        drawn.some(
          (e: { kind: string; at: [number, number] }) =>
            kinds.includes(e.kind) && e.at[0] === known!.at[0] && e.at[1] === known!.at[1],
        ),
        JSON.stringify(drawn),
      ).toBe(true);
      // The list follows on the next animation frame.
      await p
        .waitForFunction(
          (text) => document.querySelector("#events")?.textContent?.includes(text),
          known!.text,
          {
            timeout: loadScaled(120_000),
          },
        )
        .catch(() => {});
      const listed = await p.$$eval("#events li.event", (items) =>
        items.map((li) => `${li.getAttribute("data-kind")}: ${li.textContent}`),
      );
      expect(
        listed.some(
          (line) => kinds.some((k) => line.startsWith(`${k}:`)) && line.includes(known!.text),
        ),
        listed.join("\n"),
      ).toBe(true);
      // A unit left dead is marked with the rounds until it comes back, as the API says.
      if (known!.dead !== undefined) {
        const pieces = (await p.evaluate(() => window.arenaViewer.pieces())) as Array<{
          key: string;
          dead?: boolean;
          countdown?: number;
        }>;
        const dead = pieces.find((piece) => piece.key === known!.dead!.key);
        expect(dead).toMatchObject({ dead: true, countdown: known!.dead.countdown });
      }
      await p.screenshot({ path: join(output, `issue20-event-${game}.png`) });
      expect(errors).toEqual([]);
    },
  );

  it.each(games)(
    "%s: at 390×844 nothing scrolls sideways and the board is ≥ 350 px wide",
    async (game) => {
      const { html } = await match(game);
      const { page: p, errors } = await page(`file://${html}`, { width: 390, height: 844 });
      await p.evaluate(() => window.arenaViewer.seek(5));
      const [scrollWidth, board] = await p.evaluate(() => [
        document.documentElement.scrollWidth,
        window.arenaViewer.boardRect(),
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(390);
      expect(board!.width).toBeGreaterThanOrEqual(350);
      // The sidebar goes under the board.
      const aside = (await (await p.$("aside"))!.boundingBox())!;
      expect(aside.y).toBeGreaterThanOrEqual(board!.y + board!.height - 1);
      expect(board!.x).toBeGreaterThanOrEqual(0);
      expect(board!.x + board!.width).toBeLessThanOrEqual(390.5);
      await p.screenshot({ path: join(output, `issue20-phone-${game}.png`) });
      expect(errors).toEqual([]);
    },
  );

  it.each(games)("%s: ?replay=<url> loads the replay from the URL", async (game) => {
    const { file, steps, scores } = await match(game);
    const server = await serveViewer({ name: "served.arena", bytes: readFileSync(file) });
    try {
      // The page without a file inside, told where to fetch one.
      const { page: p, errors } = await page(`${server.url}viewer?replay=/file#frame=3`);
      expect(await p.evaluate(() => document.body.dataset.status)).toBe("ready");
      expect(await p.evaluate(() => window.arenaViewer.length())).toBe(steps + 1);
      expect(await p.evaluate(() => window.arenaViewer.frame())).toBe(3);
      // #frame=N is followed when it changes, and stepping updates it.
      await p.evaluate(() => {
        location.hash = "frame=7";
      });
      await p.waitForFunction(() => window.arenaViewer.frame() === 7);
      await p.keyboard.press("End");
      expect(await scoreboard(p)).toEqual(scores.map(String));
      await p.waitForFunction((n) => location.hash === `#frame=${n}`, steps);
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each(games)("%s: a bot annotation recorded in the replay is drawn", async (game) => {
    const bot = join(dir, "note-bot.mjs");
    // No orders; a note on every turn: a mark, a line, a unit text and a log line.
    writeFileSync(
      bot,
      `export default class Noting {
  round = 0;
  play(view, actions) {
    actions.annotate({ text: "turn " + this.round, marks: [{ cell: [1, 1], color: "#ff00ff", text: "goal" }], lines: [{ from: [0, 0], to: [3, 3] }], units: [{ id: 0, text: "unit zero" }] });
    this.round++;
  }
}
`,
    );
    const engine = engineOf(game);
    const others = Array.from({ length: engine.players.default - 1 }, () => "Demo");
    const file = join(dir, `notes-${game}.arena`);
    // The default mode: the bot runs in its own process and its notes come back with its orders.
    // A few rounds show it (20; Bola de Drac 21, the original wants an odd count; Mad Max
    // Revisited's length is in its maze).
    const short = shortMatchArgs(game, 20, dir);
    const played = await runCli(
      ["play", game, bot, ...others, "--seed", "3", "--out", file, ...short],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    const replay = decodeReplay(readFileSync(file), file);
    // Recorded apart from the orders: player 0 gave none, and the replay still verifies.
    expect(replay.steps.every((step) => step[0]!.length === 0)).toBe(true);
    expect(replay.notes?.length).toBeGreaterThan(2);
    expect((await runCli(["replay", file], dir)).code).toBe(0);
    const html = join(dir, `notes-${game}.html`);
    expect((await runCli(["view", file, "--html", html], dir)).code).toBe(0);
    const { page: p, errors } = await page(`file://${html}`);
    const frame = replay.notes![2]!.step;
    await p.evaluate((f) => window.arenaViewer.seek(f), frame);
    const drawn = (await p.evaluate(() => window.arenaViewer.drawnNotes())) as Array<{
      player: number;
      marks: Array<{ at: [number, number] }>;
      text?: string;
    }>;
    expect(drawn.map((n) => [n.player, n.text])).toEqual([[0, replay.notes![2]!.notes[0]!.text]]);
    const mark = drawn[0]!.marks[0]!.at;
    // The mark is on the canvas: its cell's pixels change when player 0's notes are turned off.
    const [x, y] = (await p.evaluate(([r, c]) => window.arenaViewer.cellCenter(r!, c!), mark))!;
    const cell = await p.evaluate(() => window.arenaViewer.boardRect()!.width);
    const size = Math.max(4, cell / 40);
    const clip = { x: x - size, y: y - size, width: 2 * size, height: 2 * size };
    await p.mouse.move(0, 0);
    const on = await p.screenshot({ clip });
    await p.waitForFunction(
      (text) => document.querySelector("#notes")?.textContent?.includes(text),
      replay.notes![2]!.notes[0]!.text!,
    );
    await p.click('#note-toggles input[data-player="0"]');
    expect(await p.evaluate(() => window.arenaViewer.drawnNotes())).toEqual([]);
    const off = await p.screenshot({ clip });
    expect(on.equals(off)).toBe(false);
    await p.click('#note-toggles input[data-player="0"]');
    await p.screenshot({ path: join(output, `issue20-notes-${game}.png`) });
    expect(errors).toEqual([]);
  });

  it("the log panel shows each bot's per-turn texts up to the frame and the end of its stderr", async () => {
    // Player 0, an external program, writes a line to its stderr every turn (more than the 4 KiB
    // the replay keeps) and attaches a text to every third turn (the reply's annotations).
    const bot = join(dir, "logging-bot.cjs");
    writeFileSync(
      bot,
      `let turn = 0;
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  if (JSON.parse(line).type !== "turn") return;
  turn++;
  process.stderr.write("stderr of turn " + turn + " " + "#".repeat(40) + "\\n");
  const reply = { orders: [] };
  if (turn % 3 === 0) reply.annotations = { text: "thinking about turn " + turn };
  process.stdout.write(JSON.stringify(reply) + "\\n");
});
`,
    );
    const file = join(dir, "logging.arena");
    const played = await runCli(
      [
        "play",
        "moneyheist",
        `exec:${process.execPath} ${bot}`,
        "Demo",
        "Demo",
        "Demo",
        "--seed",
        "5",
        "--out",
        file,
        // 100 turns: more than the 4 KiB of stderr kept, and 33 texts.
        ...shortMatchArgs("moneyheist", 100, dir),
      ],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    const replay = decodeReplay(readFileSync(file), file);
    const stderr = replay.final!.stderr![0]!;
    // The tail: the last turn's line is there, the first one is not.
    expect(stderr).toContain(`stderr of turn ${replay.steps.length} `);
    expect(stderr).not.toContain("stderr of turn 1 ");
    const html = join(dir, "logging.html");
    expect((await runCli(["view", file, "--html", html], dir)).code).toBe(0);
    const { page: p, errors } = await page(`file://${html}`);
    const log = '#notes .bot-log[data-player="0"]';
    await p.click(`${log} details.stderr summary`);
    expect(await p.textContent(`${log} pre.stderr`)).toBe(stderr);
    const texts = new Map<number, string>();
    // Each turn's log line: its text (every third turn) and its stderr of that turn.
    const logged = new Map<number, string>();
    for (const { step, notes } of replay.notes ?? []) {
      if (notes[0]?.text) texts.set(step, notes[0].text);
      if (notes[0]) logged.set(step, (notes[0].text ?? "") + (notes[0].stderr ?? "").trimEnd());
    }
    expect(texts.size).toBeGreaterThan(10);
    {
      const frame = [...texts.keys()][5]!;
      await p.evaluate((f) => window.arenaViewer.seek(f), frame);
      const lines = () =>
        p.$$eval(`${log} ol li`, (items) =>
          items.map((li) => [li.className, li.textContent ?? ""]),
        );
      await p.waitForFunction(
        ([sel, f]) => document.querySelector(`${sel} li.now button`)?.textContent === String(f),
        [log, frame] as const,
      );
      // Every text (and stderr) up to the frame, newest last, each with its frame number.
      expect(await lines()).toEqual(
        [...logged]
          .filter(([step]) => step <= frame)
          .map(([step, text]) => [step === frame ? "now" : "", `${step} ${text}`]),
      );
      // A line's frame number goes to that frame.
      await p.click(`${log} li button[data-frame="${[...texts.keys()][1]}"]`);
      expect(await p.evaluate(() => window.arenaViewer.frame())).toBe([...texts.keys()][1]);
    }
    await p.screenshot({ path: join(output, "issue20-log.png") });
    expect(errors).toEqual([]);
  });

  it("the log panel shows at frame N what a module bot printed during turn N, stderr styled apart", async () => {
    // A module bot in its own process (the default): console.log and console.error every turn,
    // numbered by its own count of turns, must neither break the protocol nor get lost.
    const bot = join(dir, "printing-bot.mjs");
    writeFileSync(
      bot,
      `export default class Printing {
  turn = 0;
  play() {
    console.log("printed in turn " + this.turn);
    console.error("debug of turn " + this.turn);
    if (this.turn === 8) process.stdout.write("x".repeat(3000) + "\\n");
    this.turn++;
  }
}
`,
    );
    const file = join(dir, "printing.arena");
    const played = await runCli(
      ["play", "dragonball", bot, "Demo", "Demo", "Demo", "--seed", "4", "--out", file, "--json"],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    expect(JSON.parse(played.out).players[0].status).toBe("ok");
    const replay = decodeReplay(readFileSync(file), file);
    const byStep = new Map((replay.notes ?? []).map(({ step, notes }) => [step, notes[0]]));
    // Every turn of the bot has its own output, and only its own (the turn's number is the step).
    expect(byStep.size).toBe(replay.steps.length);
    // (console.log and console.error reach arena on two pipes: their order within a turn may differ.)
    const lines = (text: string | null | undefined) => (text ?? "").trimEnd().split("\n").sort();
    for (const [step, note] of byStep) {
      if (step === 8) {
        // The turn that printed 3000 more characters is cut at the per-turn cap, and says so.
        expect(note?.stderr).toContain("printed in turn 8\n");
        expect(note?.stderr).toMatch(/x{1000,}/);
        expect(note?.stderrDropped).toBeGreaterThan(0);
      } else {
        expect(lines(note?.stderr)).toEqual([`debug of turn ${step}`, `printed in turn ${step}`]);
        expect(note?.stderrDropped).toBeUndefined();
      }
    }
    const html = join(dir, "printing.html");
    expect((await runCli(["view", file, "--html", html], dir)).code).toBe(0);
    const { page: p, errors } = await page(`file://${html}`);
    const log = '#notes .bot-log[data-player="0"]';
    for (const frame of [7, 30]) {
      await p.evaluate((f) => window.arenaViewer.seek(f), frame);
      await p.waitForFunction(
        ([sel, f]) => document.querySelector(`${sel} li.now button`)?.textContent === String(f),
        [log, frame] as const,
      );
      expect(lines(await p.textContent(`${log} li.now pre.turn-stderr`))).toEqual([
        `debug of turn ${frame}`,
        `printed in turn ${frame}`,
      ]);
    }
    // The stderr is styled apart from the turn's text.
    const colors = await p.$eval(`${log} li.now`, (li) => [
      getComputedStyle(li).color,
      getComputedStyle(li.querySelector("pre.turn-stderr")!).color,
    ]);
    expect(colors[1]).not.toBe(colors[0]);
    await p.evaluate(() => window.arenaViewer.seek(8));
    await p.waitForFunction(
      (sel) => document.querySelector(`${sel} li.now button`)?.textContent === "8",
      log,
    );
    const cut = await p.textContent(`${log} li.now pre.turn-stderr`);
    expect(cut).toContain("printed in turn 8\n");
    expect(cut).toMatch(/x{1000,}/);
    expect(cut).toMatch(
      /\[… \d+ more characters not kept: over the cap of 2048 characters a turn\]$/,
    );
    expect(errors).toEqual([]);
  });

  it.each(games)(
    "%s: zoom and pan by keys, buttons, wheel and drag; 0 shows the whole board",
    async (game) => {
      const { page: p, errors } = await gamePage(game);
      await p.evaluate(() => window.arenaViewer.seek(5));
      const rect = () => p.evaluate(() => window.arenaViewer.boardRect()!);
      const zoom = () => p.evaluate(() => window.arenaViewer.zoom());
      const whole = await rect();
      expect(await zoom()).toBe(1);
      await p.keyboard.press("z");
      expect(await zoom()).toBeCloseTo(1.5);
      expect((await rect()).width).toBeCloseTo(whole.width * 1.5, 0);
      await p.click("#zoom-in");
      expect(await zoom()).toBeCloseTo(2.25);
      // A drag pans: the board moves with the pointer (and pins nothing).
      const before = await rect();
      const [x, y] = [whole.x + whole.width / 2, whole.y + whole.height / 2];
      await p.mouse.move(x, y);
      await p.mouse.down();
      await p.mouse.move(x - 30, y - 20, { steps: 5 });
      await p.mouse.up();
      const after = await rect();
      expect([after.x - before.x, after.y - before.y]).not.toEqual([0, 0]);
      expect(after.x - before.x).toBeGreaterThanOrEqual(-30.5);
      expect(after.x - before.x).toBeLessThanOrEqual(0);
      expect(await p.textContent("#inspector")).not.toContain("Pinned");
      await p.keyboard.press("x");
      expect(await zoom()).toBeCloseTo(1.5);
      await p.keyboard.press("0");
      expect(await rect()).toEqual(whole);
      // The wheel zooms too.
      await p.mouse.move(x, y);
      await p.mouse.wheel(0, -200);
      await p.waitForFunction(() => window.arenaViewer.zoom() > 1);
      await p.click("#zoom-fit");
      expect(await rect()).toEqual(whole);
      await p.mouse.move(0, 0);
      expect(errors).toEqual([]);
    },
  );

  it("on a touch screen: pinch zooms the board, a touch on the timeline scrubs", async () => {
    const { html, steps } = await match("dragonball");
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const p = await context.newPage();
    const errors: string[] = [];
    p.on("pageerror", (error) => errors.push(error.message));
    await p.goto(`file://${html}`);
    await p.waitForFunction(() => document.body.dataset.status === "ready");
    const board = (await p.evaluate(() => window.arenaViewer.boardRect()))!;
    const [cx, cy] = [board.x + board.width / 2, board.y + board.height / 2];
    const cdp = await context.newCDPSession(p);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", spread: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints:
          type === "touchEnd"
            ? []
            : [
                { x: cx - spread, y: cy, id: 1 },
                { x: cx + spread, y: cy, id: 2 },
              ],
      });
    await touch("touchStart", 30);
    for (let spread = 40; spread <= 120; spread += 20) await touch("touchMove", spread);
    await touch("touchEnd", 0);
    expect(await p.evaluate(() => window.arenaViewer.zoom())).toBeGreaterThan(2);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The timeline is a native slider: a touch at three quarters of it goes near there.
    const slider = (await p.$("#scrub"))!;
    const box = (await slider.boundingBox())!;
    await p.touchscreen.tap(box.x + box.width * 0.75, box.y + box.height / 2);
    const frame = await p.evaluate(() => window.arenaViewer.frame());
    expect(Math.abs(frame - 0.75 * steps)).toBeLessThan(steps * 0.1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the end banner names the winner; events filter by player; the chart reads out; the board has a text alternative", async () => {
    const { file, steps, scores } = await match("moneyheist");
    const { page: p, errors } = await gamePage("moneyheist");
    // The banner only on the last frame, naming the player with the best score.
    expect(await p.isVisible("#banner")).toBe(false);
    await p.keyboard.press("End");
    const best = Math.max(...scores);
    const winners = scores.flatMap((s, k) => (s === best ? [k] : []));
    expect(await p.isVisible("#banner")).toBe(true);
    const banner = (await p.textContent("#banner"))!;
    for (const k of winners) expect(banner).toContain(`${k} · `);
    expect(banner).toContain(winners.length > 1 ? "Tie" : "wins");
    expect(banner).toContain(String(best));
    // Events of one player only.
    const events = (frame: number) =>
      p.evaluate((f) => {
        window.arenaViewer.seek(f);
        return new Promise<Array<string | null>>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              done(
                Array.from(document.querySelectorAll("#events li.event")).map((li) =>
                  li.getAttribute("data-player"),
                ),
              ),
            ),
          ),
        );
      }, frame);
    let frame = 1;
    let all: Array<string | null> = [];
    for (; frame < steps; frame++) {
      all = await events(frame);
      if (new Set(all).size > 1) break;
    }
    expect(new Set(all).size, "a round with events of two players").toBeGreaterThan(1);
    const player = all.find((q) => q !== "" && q !== null)!;
    await p.selectOption("#event-player", player);
    const one = await events(frame);
    expect(one).toEqual(all.filter((q) => q === player));
    // The board's text alternative says the round and follows the frame.
    const label = await p.getAttribute("canvas.board", "aria-label");
    expect(label).toContain("Money Heist board");
    expect(label).toContain(String(frame));
    // The chart's readout under the pointer: the frame there and every player's score then.
    const chart = (await (await p.$("#chart"))!.boundingBox())!;
    await p.mouse.move(chart.x + chart.width * 0.6, chart.y + chart.height / 2);
    const readout = await p.evaluate(() => window.arenaViewer.chartReadout());
    const at = Number(/^frame (\d+)$/.exec(readout[0]!)![1]);
    expect(at).toBeGreaterThan(steps * 0.4);
    expect(at).toBeLessThan(steps * 0.8);
    const expected: string[] = [];
    simulate("moneyheist", file, (s, m) => {
      if (s === at) expected.push(...m.scores().map((v, k) => `${k}: ${v}`));
      return s >= at;
    });
    expect(readout.slice(1)).toEqual(expected);
    // Put back for the tests sharing the page: every player's events, no pointer on the chart.
    await p.selectOption("#event-player", "-1");
    await p.mouse.move(0, 0);
    expect(errors).toEqual([]);
  });

  it("embed mode: a page hands the viewer a replay by postMessage; it links to the full viewer", async () => {
    const { file, steps } = await match("dragonball");
    writeFileSync(join(dir, "embed.html"), viewerHtml());
    const bytes = readFileSync(file).toString("base64");
    writeFileSync(
      join(dir, "host.html"),
      `<!doctype html><iframe id="f" src="embed.html?embed" width="700" height="500"></iframe><script>
const bytes = Uint8Array.from(atob("${bytes}"), (c) => c.charCodeAt(0));
window.addEventListener("message", (e) => {
  if (e.data && e.data.type === "arena:ready")
    document.getElementById("f").contentWindow.postMessage({ type: "arena:open", bytes, name: "cup-final.arena", frame: 5 }, "*");
});
</script>`,
    );
    const p = await newPage({ width: 1280, height: 720 });
    await p.goto(`file://${join(dir, "host.html")}`);
    const frame = p.frames().find((f) => f.url().includes("embed.html"))!;
    await frame.waitForFunction(() => document.body.dataset.status === "ready");
    expect(await frame.evaluate(() => window.arenaViewer.length())).toBe(steps + 1);
    expect(await frame.evaluate(() => window.arenaViewer.frame())).toBe(5);
    expect(await frame.isVisible("aside")).toBe(false);
    expect(await frame.isVisible("#full")).toBe(true);
    expect(await frame.textContent("#full")).toContain("open full viewer");
    const full = new URL((await frame.getAttribute("#full", "href"))!);
    expect(full.searchParams.has("embed")).toBe(false);
    expect(full.hash).toBe("#frame=5");
    await p.close();
  });

  it("refuses a request whose Host is not its loopback address", async () => {
    const { file } = await match("moneyheist");
    const server = await serveViewer({ name: "m.arena", bytes: readFileSync(file) });
    try {
      const { port } = new URL(server.url);
      const { request } = await import("node:http");
      const status = await new Promise<number>((done, fail) => {
        request(
          { host: "127.0.0.1", port, path: "/file", headers: { host: `evil.example:${port}` } },
          (r) => {
            r.resume();
            done(r.statusCode ?? 0);
          },
        )
          .on("error", fail)
          .end();
      });
      expect(status).toBe(403);
      expect((await fetch(`${server.url}file`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("keys work whatever control was clicked last; ties share a rank", async () => {
    const { steps } = await match("moneyheist");
    // The game's shared page (the last test to use it: its counter of announcements stays).
    const { page: p, errors } = await gamePage("moneyheist");
    await p.click("#scrub");
    const frame = await p.evaluate(() => window.arenaViewer.frame());
    await p.keyboard.press("ArrowRight");
    expect(await p.evaluate(() => window.arenaViewer.frame())).toBe(Math.min(steps, frame + 1));
    await p.click("#forward");
    await p.keyboard.press("Space");
    expect(await p.evaluate(() => document.body.dataset.playing)).toBe("true");
    await p.keyboard.press("Space");
    expect(await p.evaluate(() => document.body.dataset.playing)).toBe("false");
    const speed = await p.$eval("#speed", (s) => (s as HTMLSelectElement).value);
    await p.selectOption("#speed", String(Number(speed) - 1));
    const before = await p.evaluate(() => window.arenaViewer.frame());
    await p.keyboard.press("ArrowLeft");
    expect(await p.evaluate(() => window.arenaViewer.frame())).toBe(before - 1);
    expect(await p.$eval("#speed", (s) => (s as HTMLSelectElement).value)).toBe(
      String(Number(speed) - 1),
    );
    // The live region is polite and says the frame once stepping stops, not every frame of playback.
    expect(await p.getAttribute("#announce", "aria-live")).toBe("polite");
    await p.waitForFunction(() =>
      document.querySelector("#announce")?.textContent?.includes("rank"),
    );
    await p.evaluate(() => {
      const w = window as unknown as { announced: number };
      w.announced = 0;
      new MutationObserver(() => w.announced++).observe(document.querySelector("#announce")!, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      window.arenaViewer.seek(0);
      window.arenaViewer.speed(60);
    });
    await p.keyboard.press("Space");
    // Played until more than 5 frames went by, however long that takes on this machine (the
    // frame shown is rounded while playing, the pause keeps the whole frames played: > 6).
    await p.waitForFunction(() => window.arenaViewer.frame() > 6, undefined, {
      timeout: loadScaled(120_000),
    });
    await p.keyboard.press("Space");
    const framesPlayed = await p.evaluate(() => window.arenaViewer.frame());
    expect(framesPlayed).toBeGreaterThan(5);
    expect(
      await p.evaluate(() => (window as unknown as { announced: number }).announced),
    ).toBeLessThanOrEqual(3);
    // Frame 0: every player has the same score, so every rank is #1.
    await p.keyboard.press("Home");
    const ranks = await p.$$eval("[data-testid^=rank-]", (nodes) =>
      nodes.map((n) => n.textContent),
    );
    expect(ranks).toEqual(ranks.map(() => "#1"));
    await p.selectOption("#speed", speed);
    expect(errors).toEqual([]);
  });

  it("the compare view shows both boards on one timeline and charts the difference", async () => {
    const a = await match("moneyheist");
    const bFile = join(dir, "moneyheist-null.arena");
    expect(
      (
        await runCli(
          ["play", "moneyheist", "Null", "Demo", "Demo", "Demo", "--seed", "51", "--out", bFile],
          dir,
        )
      ).code,
    ).toBe(0);
    const replayed = JSON.parse((await runCli(["replay", bFile, "--json"], dir)).out) as {
      scores: number[];
    };
    const html = join(dir, "compare.html");
    expect((await runCli(["view", a.file, bFile, "--html", html], dir)).code).toBe(0);
    const { page: p, errors } = await page(`file://${html}`);
    expect(await p.$$eval("canvas.board", (c) => c.length)).toBe(2);
    const boards = await p.evaluate(() => [
      window.arenaViewer.boardRect(0),
      window.arenaViewer.boardRect(1),
    ]);
    expect(boards[0]!.width).toBeGreaterThan(100);
    expect(boards[1]!.x).toBeGreaterThan(boards[0]!.x + boards[0]!.width - 1);
    await p.keyboard.press("End");
    const shown = await scoreboard(p);
    expect(shown).toEqual([...a.scores, ...replayed.scores].map(String));
    expect(await p.textContent("#chart-caption")).toContain("difference");
    expect(await p.evaluate(() => window.arenaViewer.chartSeries().at(-1))).toEqual(
      a.scores.map((v, k) => v - replayed.scores[k]!),
    );
    await p.screenshot({ path: join(output, "issue20-compare.png") });
    expect(errors).toEqual([]);
  });

  it(
    "a match played with --watch is followed live, step by step, to its end",
    async () => {
      // Player 0 plays its turn t only once the test has written t (or more) to the gate file, so
      // the test knows which step the match is at: the page must show each one before the next is
      // played (the replay file itself grows only by batches of 64 steps).
      const gate = join(dir, "watch-gate");
      const open = (steps: number) => {
        writeFileSync(`${gate}.next`, String(steps));
        renameSync(`${gate}.next`, gate);
      };
      open(0);
      const bot = join(dir, "gated-bot.mjs");
      writeFileSync(
        bot,
        `import { readFileSync } from "node:fs";
const cell = new Int32Array(new SharedArrayBuffer(4));
export default class Gated {
  turn = 0;
  play() {
    this.turn++;
    while (Number(readFileSync(${JSON.stringify(gate)}, "utf8")) < this.turn) Atomics.wait(cell, 0, 0, 5);
  }
}
`,
      );
      const out = join(dir, "watched.arena");
      const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
      let child: ChildProcess | undefined = spawn(
        process.execPath,
        [
          bin,
          "play",
          "madmax",
          bot,
          "Demo",
          "Demo",
          "Demo",
          "--seed",
          "4",
          "--watch",
          "--quiet",
          "--in-process",
          "--turn-timeout",
          "3600000",
          "--out",
          out,
          // 150 rounds, not Mad Max's 500: the 70 gated steps, then 80 more as fast as they go
          // (past another batch of 64), are what the page has to follow; the rest was the same.
          ...shortMatchArgs("madmax", 150, dir),
        ],
        { cwd: dir },
      );
      try {
        let err = "";
        child.stderr!.on("data", (d) => (err += d));
        await expect
          .poll(() => err, { timeout: loadScaled(120_000) })
          .toMatch(/http:\/\/127\.0\.0\.1:\d+\//);
        const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(err)![0];
        const p = await newPage({ width: 1280, height: 720 });
        const errors: string[] = [];
        p.on("pageerror", (error) => errors.push(error.message));
        await p.goto(url);
        // Steps 0 to 70 one at a time (past the first batch of 64): what the page shows at each.
        const gated = 70;
        const seen: Array<{ length: number; frame: number; scores: string[] }> = [];
        // The waits poll every 20 ms, not every animation frame: a page polled by
        // requestAnimationFrame draws 60 frames a second for the whole wait (≈ 0.1–0.2 s of
        // Chromium's CPU per second waited, ten times a 20 ms timer), and this test mostly waits.
        const polling = 20;
        for (let step = 0; step <= gated; step++) {
          if (step > 0) open(step);
          await p.waitForFunction((n) => window.arenaViewer?.length() === n + 1, step, {
            timeout: loadScaled(60_000),
            polling,
          });
          seen.push({
            length: await p.evaluate(() => window.arenaViewer.length()),
            frame: await p.evaluate(() => window.arenaViewer.frame()),
            scores: await scoreboard(p),
          });
        }
        expect(await p.evaluate(() => document.body.dataset.live)).toBe("following");
        // The rest of the match as fast as it goes; the page follows it to the end.
        open(1_000_000);
        await p.waitForFunction(() => document.body.dataset.live === "done", undefined, {
          timeout: loadScaled(60_000),
          polling,
        });
        const replayed = JSON.parse((await runCli(["replay", out, "--json"], dir)).out) as {
          scores: number[];
          steps: number;
        };
        const scores: string[][] = [];
        simulate("madmax", out, (step, match) => {
          if (step <= gated) scores[step] = match.scores().map(String);
          return step >= gated;
        });
        // Each step was shown, as the latest frame, with the scores the engine had then.
        expect(seen).toEqual(
          scores.map((s, step) => ({ length: step + 1, frame: step, scores: s })),
        );
        expect(new Set(scores.map((s) => s.join())).size).toBeGreaterThan(2);
        expect(await p.evaluate(() => window.arenaViewer.length())).toBe(replayed.steps + 1);
        expect(await p.evaluate(() => window.arenaViewer.frame())).toBe(replayed.steps);
        expect(await scoreboard(p)).toEqual(replayed.scores.map(String));
        await expect.poll(() => err).toContain("The match is over");
        await p.screenshot({ path: join(output, "issue20-watch.png") });
        expect(errors).toEqual([]);
        await p.close();
      } finally {
        open(1_000_000);
        child.kill("SIGTERM");
        await new Promise((done) => child!.once("exit", done));
        child = undefined;
      }
    },
    loadScaled(300_000),
  );
});

const compiler = process.env.ARENA_CXX ?? "g++";
const haveCompiler = (() => {
  try {
    execFileSync(compiler, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** What `arena replay --json --events` says of a replay: the three arrays the test reads. */
interface TurnRecords {
  events: Array<{ step: number; type: string; player?: number; unit?: number }>;
  rejected: Array<{
    step: number;
    player: number;
    index: number;
    reason: string;
    message: string;
    order: unknown;
  }>;
  output: Array<{
    step: number;
    player: number;
    kind: string;
    text: string;
    cell?: [number, number];
  }>;
}

describe.skipIf(!haveChromium || !haveCompiler)("the timeline (issue 39)", () => {
  it(
    "at round 137 a C++ player's lines, annotation and rejected orders are shown; its units' deaths are on the slider",
    async () => {
      // The player writes a line on cerr every round, annotates cell (1, 1) and logs a text, moves
      // its soldiers at random (some into walls) and orders another player's soldier (not-yours).
      copyFileSync(
        fileURLToPath(new URL("./__fixtures__/AITimeline.cc", import.meta.url)),
        join(dir, "AITimeline.cc"),
      );
      const file = join(dir, "timeline.arena");
      const played = await runCli(
        [
          "play",
          "moneyheist",
          "./AITimeline.cc",
          "Demo",
          "Demo",
          "Demo",
          "--seed",
          "7",
          "--out",
          file,
        ],
        dir,
      );
      expect(played.code, played.err).toBe(0);
      const json = await runCli(["replay", file, "--json", "--events"], dir);
      expect(json.code, json.err).toBe(0);
      const truth = JSON.parse(json.out) as TurnRecords;
      const html = join(dir, "timeline.html");
      expect((await runCli(["view", file, "--html", html], dir)).code).toBe(0);
      const { page: p, errors } = await freshPage(`file://${html}`);

      // Round 137 (Money Heist's frame 137: the player's round() was 137 in that turn).
      await p.evaluate(() => window.arenaViewer.seek(137));
      expect(await p.textContent("#round")).toContain("Round 137");
      const lines = truth.output.filter((o) => o.step === 137 && o.player === 0);
      expect(lines.map((o) => o.kind)).toEqual(["stderr", "text", "mark"]);
      expect(lines[0]!.text).toMatch(/^round 137: \d+ soldiers$/);
      // That round's lines, beside the frame: the log's line of this turn (the current one).
      await p.waitForFunction(
        (text) =>
          document
            .querySelector("#notes .bot-log[data-player='0'] li.now")
            ?.textContent?.includes(text),
        lines[0]!.text,
      );
      const now = await p.textContent("#notes .bot-log[data-player='0'] li.now");
      expect(now).toContain("plan of round 137");
      expect(await p.$$eval("#notes li.now", (items) => items.length)).toBe(1);
      // Its annotation, drawn at this frame.
      const notes = (await p.evaluate(() => window.arenaViewer.drawnNotes())) as Array<{
        player: number;
        marks: Array<{ at: [number, number]; text?: string }>;
      }>;
      expect(notes).toEqual([
        expect.objectContaining({
          player: 0,
          marks: [{ at: [1, 1], color: "#ff00ff", text: "round 137" }],
        }),
      ]);

      // The rejected orders of that turn, listed with their reasons (as `--json --events` gives them).
      const rejected = truth.rejected.filter((r) => r.step === 137);
      expect(new Set(rejected.map((r) => r.reason))).toEqual(
        new Set(["illegal-move", "not-yours"]),
      );
      const rows = await p.$$eval("#rejected li.rejected", (items) =>
        items.map((li) => ({
          player: Number(li.getAttribute("data-player")),
          reason: li.getAttribute("data-reason"),
          text: li.textContent ?? "",
        })),
      );
      expect(rows.map((r) => [r.player, r.reason])).toEqual(
        rejected.map((r) => [r.player, r.reason]),
      );
      rows.forEach((row, k) => {
        expect(row.text).toContain(rejected[k]!.message);
      });
      // … and drawn on their units.
      const units = (o: unknown) => `unit ${(o as { unit: number }).unit}`;
      expect(new Set(await p.evaluate(() => window.arenaViewer.drawnRejected()))).toEqual(
        new Set(rejected.map((r) => units(r.order))),
      );

      // The slider's marks: player 0's deaths are the engine's, every one.
      await p.evaluate(() => window.arenaViewer.markPlayer(0));
      const marks = (await p.evaluate(() => window.arenaViewer.timelineMarks())) as Array<{
        frame: number;
        kind: string;
        player?: number;
        units: string[];
      }>;
      const deaths = truth.events.filter((e) => e.type === "death" && e.player === 0);
      expect(deaths.length).toBeGreaterThan(3);
      expect(marks.filter((m) => m.kind === "death").map((m) => m.frame)).toEqual(
        deaths.map((e) => e.step),
      );
      expect(marks.every((m) => m.player === 0)).toBe(true);
      expect(marks.filter((m) => m.kind === "rejected").length).toBe(
        new Set(truth.rejected.filter((r) => r.player === 0).map((r) => r.step)).size,
      );

      // A unit of its that died: found by its id, pinned, its deaths in the pinned lane, and N / P
      // jump from one of its moments to the next.
      const victim = deaths[0]!.unit!;
      // (A soldier killed comes back for another team: its later deaths are that team's.)
      const itsDeaths = truth.events
        .filter((e) => e.type === "death" && e.unit === victim)
        .map((e) => e.step);
      await p.keyboard.press("/");
      await p.keyboard.type(String(victim));
      await p.keyboard.press("Enter");
      await p.waitForFunction(
        (key) => document.querySelector("#inspector .history")?.getAttribute("data-key") === key,
        `unit ${victim}`,
      );
      const pinned = (await p.evaluate(() => window.arenaViewer.timelineMarks())) as Array<{
        frame: number;
        kind: string;
      }>;
      const pinnedFrames = pinned.filter((m) => m.kind === "pinned").map((m) => m.frame);
      for (const step of itsDeaths) expect(pinnedFrames).toContain(step);
      expect(await p.textContent("#inspector .history")).toContain(`death (${itsDeaths.length})`);
      await p.evaluate((f) => window.arenaViewer.seek(f), itsDeaths[0]! - 1);
      await p.keyboard.press("n");
      const next = await p.evaluate(() => window.arenaViewer.frame());
      expect(next).toBe(itsDeaths[0]);
      await p.keyboard.press("p");
      expect(await p.evaluate(() => window.arenaViewer.frame())).toBe(
        [...pinnedFrames].reverse().find((f) => f < next) ?? next,
      );
      await p.screenshot({ path: join(output, "issue39-timeline.png") });

      // Compare: two matches of one game that differ say where; two games are refused.
      const other = await match("moneyheist");
      const bytes = (path: string) => [...readFileSync(path)];
      await p.evaluate(
        ([a, b]) =>
          window.arenaViewer.compare(
            { bytes: new Uint8Array(a!), name: "a.arena" },
            { bytes: new Uint8Array(b!), name: "b.arena" },
          ),
        [bytes(file), bytes(other.file)],
      );
      expect(await p.textContent("#warning")).toContain("the seed (7 ≠ 51)");
      await p.evaluate(
        ([a]) =>
          window.arenaViewer.compare(
            { bytes: new Uint8Array(a!), name: "a.arena" },
            { bytes: new Uint8Array(a!), name: "same.arena" },
          ),
        [bytes(file)],
      );
      expect(await p.textContent("#warning")).toContain("the same game, seed and config");

      // On a phone: cells under 10 px show each unit's player as a shape, never by colour alone,
      // and a tapped unit's inspector is on screen.
      await p.evaluate(
        ([a]) => window.arenaViewer.open(new Uint8Array(a!), "timeline.arena"),
        [bytes(file)],
      );
      await p.setViewportSize({ width: 390, height: 844 });
      await p.waitForFunction(() => window.arenaViewer.boardRect()!.width < 400);
      await p.evaluate(() => window.arenaViewer.seek(20));
      const shown = await p.evaluate(() => window.arenaViewer.playerMarks());
      expect(
        shown,
        JSON.stringify(
          await p.evaluate(() => [window.arenaViewer.boardRect(), window.arenaViewer.zoom()]),
        ),
      ).toMatchObject({ numbers: 0 });
      expect(shown.shapes).toBeGreaterThan(40);
      const unit = (
        (await p.evaluate(() => window.arenaViewer.pieces())) as Array<{
          key: string;
          row: number;
          col: number;
          player?: number;
        }>
      ).find((x) => x.player !== undefined)!;
      const [x, y] = (await p.evaluate(
        ([r, c]) => window.arenaViewer.cellCenter(r!, c!),
        [unit.row, unit.col],
      ))!;
      await p.mouse.click(x, y);
      await p.waitForFunction(() => document.querySelector("#inspector .piece") !== null);
      const sheet = (await (await p.$("#inspector"))!.boundingBox())!;
      expect(sheet.y).toBeGreaterThanOrEqual(0);
      expect(sheet.y + Math.min(sheet.height, 60)).toBeLessThanOrEqual(844);
      expect(await p.textContent("#inspector .piece")).toContain(String(unit.key.split(" ")[1]));
      await p.screenshot({ path: join(output, "issue39-phone.png") });
      await p.setViewportSize({ width: 1280, height: 860 });

      // Two games: refused, with the reason.
      const dragonball = await match("dragonball");
      await p.evaluate(
        ([a, b]) =>
          window.arenaViewer.compare(
            { bytes: new Uint8Array(a!), name: "a.arena" },
            { bytes: new Uint8Array(b!), name: "b.arena" },
          ),
        [bytes(file), bytes(dragonball.file)],
      );
      expect(await p.textContent("#error")).toContain("two different games");
      expect(errors).toEqual([]);
    },
    loadScaled(240_000),
  );
});

declare global {
  interface Window {
    arenaViewer: {
      seek(i: number): void;
      speed(framesPerSecond: number): void;
      frame(): number;
      length(): number;
      cellCenter(row: number, col: number, board?: number): [number, number] | undefined;
      boardRect(
        board?: number,
      ): { x: number; y: number; width: number; height: number } | undefined;
      drawnEvents(board?: number): Array<{ kind: string; at: [number, number]; text: string }>;
      drawnNotes(board?: number): unknown[];
      chartSeries(): number[][];
      chartReadout(): string[];
      pieces(board?: number): unknown[];
      zoom(board?: number): number;
      open(bytes: Uint8Array, name: string): void;
      compare(a: { bytes: Uint8Array; name: string }, b: { bytes: Uint8Array; name: string }): void;
      pin(key: string | undefined, board?: number): void;
      timelineMarks(): unknown[];
      markPlayer(player: number | undefined): void;
      playerMarks(board?: number): { numbers: number; shapes: number };
      drawnRejected(board?: number): string[];
    };
  }
}
