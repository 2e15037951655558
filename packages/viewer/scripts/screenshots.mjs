// Makes the README screenshots (build first: `pnpm build`): one match per game played by the cli
// with its Demo bots, shown in headless Chromium at a frame in the middle of the match, the
// page's message for a corrupt file, and the inspector, events, bot annotations, phone layout,
// bot log, compare view, embed mode (loaded by ?replay=) and live view.
//   node packages/viewer/scripts/screenshots.mjs
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const out = fileURLToPath(new URL("../screenshots/", import.meta.url));
mkdirSync(out, { recursive: true });
const { chromium } = createRequire(`${root}packages/cli/package.json`)("playwright-core");
const bin = `${root}packages/cli/dist/bin.js`;
const dir = mkdtempSync(join(tmpdir(), "arena-shots-"));
const arena = (...args) => {
  const run = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`arena ${args.join(" ")}: ${run.stderr}`);
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
async function shoot(html, png, at) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(pathToFileURL(html).href);
  await page.waitForFunction(() => ["ready", "error"].includes(document.body.dataset.status ?? ""));
  if (at !== undefined)
    await page.evaluate(
      (f) => window.arenaViewer.seek(Math.floor(window.arenaViewer.length() * f)),
      at,
    );
  await page.screenshot({ path: png });
  await page.close();
}

const games = {
  moneyheist: 0.6,
  madmax: 0.5,
  "madmax-revisited": 0.3,
  dragonball: 0.35,
  lighthouses: 0.5,
};
for (const [game, at] of Object.entries(games)) {
  const replay = join(dir, `${game}.arena`);
  arena("play", game, "--seed", "7", "--out", replay, "--quiet");
  const html = join(dir, `${game}.html`);
  arena("view", replay, "--html", html);
  await shoot(html, `${out}${game}.png`, at);
  console.log(`${out}${game}.png`);
}
// A corrupt replay, opened in the page (arena view itself refuses it).
const good = join(dir, "moneyheist.arena");
const bytes = readFileSync(good);
bytes[bytes.length - 40] ^= 0xff;
const html = join(dir, "error.html");
arena("view", good, "--html", html);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(pathToFileURL(html).href);
await page.waitForFunction(() => document.body.dataset.status === "ready");
writeFileSync(join(dir, "match.arena"), bytes);
await page.setInputFiles("#file", join(dir, "match.arena"));
await page.waitForFunction(() => document.body.dataset.status === "error");
await page.screenshot({ path: `${out}error.png` });
console.log(`${out}error.png`);
await page.close();

/** Opens `url` in a page of `viewport`, waits until it shows a file. */
async function open(url, viewport = { width: 1280, height: 800 }) {
  const p = await browser.newPage({ viewport });
  await p.goto(url);
  await p.waitForFunction(() => ["ready", "error"].includes(document.body.dataset.status ?? ""));
  return p;
}
const file = (name) => pathToFileURL(join(dir, name)).href;
const shot = async (p, name) => {
  await p.waitForTimeout(100);
  await p.screenshot({ path: `${out}${name}.png` });
  console.log(`${out}${name}.png`);
  await p.close();
};

// The inspector: a pinned professor followed across frames, a tooltip, the unit list.
{
  const p = await open(file("moneyheist.html"));
  await p.evaluate(() => window.arenaViewer.seek(120));
  const unit = (await p.evaluate(() => window.arenaViewer.pieces())).find(
    (u) => u.kind === "soldier",
  );
  const [x, y] = await p.evaluate(
    ([r, c]) => window.arenaViewer.cellCenter(r, c),
    [unit.row, unit.col],
  );
  await p.mouse.click(x, y);
  await p.evaluate(() => window.arenaViewer.seek(121));
  await p.click("#units-panel summary");
  await p.mouse.move(x + 30, y + 10);
  await shot(p, "inspector");
}

// Events: a Bola de Drac round with a death, zoomed in on it.
{
  const p = await open(file("dragonball.html"));
  const at = await p.evaluate(() => {
    const v = window.arenaViewer;
    for (let i = 1; i < v.length(); i++) {
      v.seek(i);
      const board = v.boardRect();
      const death = v.drawnEvents().find((e) => {
        if (e.kind !== "kill" || !e.text.includes("Kame")) return false;
        const [x, y] = v.cellCenter(e.at[0], e.at[1]);
        const inner = (a, from, size) => a > from + size * 0.3 && a < from + size * 0.7;
        return inner(x, board.x, board.width) && inner(y, board.y, board.height);
      });
      if (death) return { i, at: death.at };
    }
    return undefined;
  });
  if (at) {
    const [x, y] = await p.evaluate(([r, c]) => window.arenaViewer.cellCenter(r, c), at.at);
    await p.mouse.move(x, y);
    for (let k = 0; k < 2; k++) await p.mouse.wheel(0, -100);
    await p.mouse.move(5, 5);
  }
  await shot(p, "events");
}

// Bot annotations: player 0 marks a cell, draws a line, labels a unit and logs a line.
writeFileSync(
  join(dir, "note-bot.mjs"),
  `export default class Noting {
  round = 0;
  play(view, actions) {
    const me = view.goku(view.me());
    actions.annotate({ text: "turn " + this.round + ": heading for (10, 10)", marks: [{ cell: [10, 10], color: "#ff00ff", text: "goal" }], lines: [{ from: [me.pos.i, me.pos.j], to: [10, 10] }], units: [{ id: view.me(), text: "searching" }] });
    this.round++;
  }
}
`,
);
arena(
  "play",
  "dragonball",
  join(dir, "note-bot.mjs"),
  "Demo",
  "Demo",
  "Demo",
  "--seed",
  "7",
  "--out",
  join(dir, "notes.arena"),
  "--quiet",
  // Bots out of process give their notes once the bot host forwards them (see the README).
  "--in-process",
);
arena("view", join(dir, "notes.arena"), "--html", join(dir, "notes.html"));
{
  const p = await open(file("notes.html"));
  await p.evaluate(() => window.arenaViewer.seek(40));
  await shot(p, "annotations");
}

// The log panel: each turn's text up to the frame, and the end of a bot's stderr (an external
// program: its reply's annotations and its stderr).
writeFileSync(
  join(dir, "log-bot.cjs"),
  `let turn = 0;
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type !== "turn") return;
  turn++;
  const me = message.view.gokus ? message.view.gokus[message.view.me] : undefined;
  process.stderr.write("turn " + turn + (me ? ": at (" + me.pos.i + ", " + me.pos.j + "), strength " + me.strength : "") + "\\n");
  const reply = { orders: [] };
  if (turn % 4 === 0) reply.annotations = { text: "staying put" };
  process.stdout.write(JSON.stringify(reply) + "\\n");
});
`,
);
arena(
  "play",
  "dragonball",
  `exec:${process.execPath} ${join(dir, "log-bot.cjs")}`,
  "Demo",
  "Demo",
  "Demo",
  "--seed",
  "7",
  "--out",
  join(dir, "log.arena"),
  "--quiet",
);
arena("view", join(dir, "log.arena"), "--html", join(dir, "log.html"));
{
  const p = await open(file("log.html"), { width: 1280, height: 900 });
  await p.evaluate(() => window.arenaViewer.seek(120));
  await p.$eval("#notes-panel", (panel) => {
    for (const d of panel.querySelectorAll("details")) d.open = true;
    panel.scrollIntoView();
  });
  await p.waitForTimeout(100);
  await p.locator("aside").screenshot({ path: `${out}log.png` });
  console.log(`${out}log.png`);
  await p.close();
}

// The phone layout (390 × 844).
{
  const p = await open(file("madmax-revisited.html"), { width: 390, height: 844 });
  await p.evaluate(() => window.arenaViewer.seek(90));
  await shot(p, "phone");
}

// Compare: the same seed with player 0 Demo, then Null.
arena(
  "play",
  "moneyheist",
  "Null",
  "Demo",
  "Demo",
  "Demo",
  "--seed",
  "7",
  "--out",
  join(dir, "null.arena"),
  "--quiet",
);
arena(
  "view",
  join(dir, "moneyheist.arena"),
  join(dir, "null.arena"),
  "--html",
  join(dir, "compare.html"),
);
{
  const p = await open(file("compare.html"));
  await p.keyboard.press("End");
  const box = await p.$eval("#chart", (c) => {
    const r = c.getBoundingClientRect();
    return [r.left + r.width * 0.6, r.top + r.height / 2];
  });
  await p.mouse.move(box[0], box[1]);
  await shot(p, "compare");
}

// Embed mode, loaded from a URL (?embed&replay=/file), with its "open full viewer" link.
{
  const { serveViewer } = await import(pathToFileURL(`${root}packages/viewer/dist/index.js`).href);
  const server = await serveViewer({
    name: "lighthouses.arena",
    bytes: readFileSync(join(dir, "lighthouses.arena")),
  });
  const p = await open(`${server.url}viewer?embed&replay=/file#frame=60`, {
    width: 800,
    height: 600,
  });
  await shot(p, "embed");
  await server.close();
}

// The live view: arena play --watch, a few seconds into the match.
{
  writeFileSync(
    join(dir, "slow.mjs"),
    "const c = new Int32Array(new SharedArrayBuffer(4));\nexport default class { play() { Atomics.wait(c, 0, 0, 10); } }\n",
  );
  const child = spawn(process.execPath, [
    bin,
    "play",
    "madmax",
    join(dir, "slow.mjs"),
    "Demo",
    "Demo",
    "Demo",
    "--watch",
    "--quiet",
  ]);
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  while (!/http:\/\/127\.0\.0\.1:\d+\//.test(err)) await new Promise((r) => setTimeout(r, 50));
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await p.goto(/http:\/\/127\.0\.0\.1:\d+\//.exec(err)[0]);
  await p.waitForFunction(() => window.arenaViewer.length() > 150, null, { timeout: 60_000 });
  await shot(p, "live");
  child.kill("SIGTERM");
}

await browser.close();
rmSync(dir, { recursive: true, force: true });
