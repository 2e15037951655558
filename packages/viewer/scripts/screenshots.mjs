// Makes the README screenshots (build first: `pnpm build`): one match per game played by the cli
// with its Demo bots, shown in headless Chromium at a frame in the middle of the match, plus the
// page's message for a corrupt file.   node packages/viewer/scripts/screenshots.mjs
import { spawnSync } from "node:child_process";
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
await browser.close();
rmSync(dir, { recursive: true, force: true });
