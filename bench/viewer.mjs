// Benchmark of the viewer (@arena/viewer) in headless Chromium (build first: `pnpm build`).
//   node bench/viewer.mjs [repeats]
// A 10 001-round Bola de Drac replay (maze.cnf when ../shared is beside the repository, else the
// default map with 10 001 rounds; 4×Demo): the time from loading the page to the first frame
// drawn (decoding, re-simulating every step with digest checks, keeping snapshots), then the time
// of 200 jumps to random frames (each rebuilds the frame from the nearest snapshot) and of
// playing 500 frames in a row. Needs Debian's chromium (or CHROMIUM_PATH).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/dragonball/dist/index.js";
import { viewerHtml } from "../packages/viewer/dist/index.js";
import { quantile } from "./lib.mjs";

const repeats = Number(process.argv[2] ?? 5);
const root = fileURLToPath(new URL("..", import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  console.log(`viewer benchmark skipped: no Chromium at ${chromiumPath}`);
  process.exit(0);
}
const { chromium } = createRequire(`${root}packages/cli/package.json`)("playwright-core");

const mapFile = `${root}../shared/reference/dragonball/maze.cnf`;
const config = existsSync(mapFile)
  ? engine.parseConfig(readFileSync(mapFile, "utf8"), mapFile)
  : { ...engine.defaultConfig(), params: { ...engine.defaultConfig().params, nb_rounds: 10001 } };
const dir = mkdtempSync(join(tmpdir(), "arena-bench-viewer-"));
const replay = join(dir, "dragonball.arena");
await runMatch(engine, {
  config,
  seed: 1,
  players: [0, 1, 2, 3].map(() => ({
    name: "Demo",
    controller: inProcessBot(engine.bots.Demo),
  })),
  replay,
});
const html = join(dir, "dragonball.html");
const bytes = readFileSync(replay);
writeFileSync(html, viewerHtml({ name: "dragonball.arena", bytes }));
console.log(
  `Bola de Drac on ${existsSync(mapFile) ? "maze.cnf" : "the default map"}, ${config.params.nb_rounds} rounds, 4×Demo: replay ${(bytes.length / 1024).toFixed(1)} kB, page ${(readFileSync(html).length / 1024).toFixed(0)} kB`,
);

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const opens = [];
const jumps = [];
const plays = [];
for (let k = 0; k < repeats; k++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const start = Date.now();
  await page.goto(pathToFileURL(html).href);
  await page.waitForFunction(() => document.body.dataset.status === "ready", null, {
    timeout: 60_000,
  });
  opens.push(Date.now() - start);
  const times = await page.evaluate(() => {
    const viewer = window.arenaViewer;
    const n = viewer.length();
    let seed = 12345;
    const out = [];
    for (let i = 0; i < 200; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const t0 = performance.now();
      viewer.seek(seed % n);
      out.push(performance.now() - t0);
    }
    viewer.seek(1000);
    const t0 = performance.now();
    for (let i = 1; i <= 500; i++) viewer.seek(1000 + i);
    return { jumps: out, play: (performance.now() - t0) / 500 };
  });
  jumps.push(...times.jumps);
  plays.push(times.play);
  await page.close();
}
await browser.close();
rmSync(dir, { recursive: true, force: true });
const ms = (v) => `${v.toFixed(1)} ms`;
console.log(
  `open to first frame (${repeats} runs)       median ${ms(quantile(opens, 0.5))}  max ${ms(Math.max(...opens))}`,
);
console.log(
  `jump to a random frame (${jumps.length} jumps)    median ${ms(quantile(jumps, 0.5))}  p90 ${ms(quantile(jumps, 0.9))}  max ${ms(Math.max(...jumps))}`,
);
console.log(
  `next frame while playing (drawn + scoreboard)  median ${ms(quantile(plays, 0.5))} per frame`,
);
