// Benchmark of one viewer page load (@arena/viewer) in headless Chromium (build first: `pnpm build`).
//   node bench/viewer-load.mjs [loads] [--before other/viewer.js]
// The page `arena view --html` makes of a Money Heist match (default board, 4×Demo, seed 51),
// opened `loads` times (default 9), each in a new page: the CPU Chromium spends (every Chromium
// process, from /proc, Linux only) and the wall time from the navigation to the first frame
// drawn. With --before, the same page made with another build of the viewer (e.g. main's
// dist/viewer.js) is loaded in turn with this one, so the two medians come from one run.
// Needs Debian's chromium (or CHROMIUM_PATH).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inProcessBot, runMatch } from "../packages/core/dist/index.js";
import { engine } from "../packages/moneyheist/dist/index.js";
import { viewerHtml, viewerScript } from "../packages/viewer/dist/index.js";
import { quantile } from "./lib.mjs";

const args = process.argv.slice(2);
const beforeAt = args.indexOf("--before");
const before = beforeAt >= 0 ? args.splice(beforeAt, 2)[1] : undefined;
const loads = Number(args[0] ?? 9);
const root = fileURLToPath(new URL("..", import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  console.log(`viewer load benchmark skipped: no Chromium at ${chromiumPath}`);
  process.exit(0);
}
const { chromium } = createRequire(`${root}packages/cli/package.json`)("playwright-core");

const dir = mkdtempSync(join(tmpdir(), "arena-bench-viewer-load-"));
const replay = join(dir, "moneyheist.arena");
await runMatch(engine, {
  config: engine.defaultConfig(),
  seed: 51,
  players: [0, 1, 2, 3].map(() => ({ name: "Demo", controller: inProcessBot(engine.bots.Demo) })),
  replay,
});
const bytes = readFileSync(replay);
const page = viewerHtml({ name: "moneyheist.arena", bytes });
const variants = [{ label: "this build", html: join(dir, "this.html") }];
writeFileSync(variants[0].html, page);
if (before !== undefined) {
  // The same page with the other build's script in place of this one's.
  const inline = (code) => code.replace(/<\/(script)/gi, "<\\/$1");
  const mine = inline(viewerScript());
  if (!page.includes(mine)) throw new Error("the page does not hold this build's script verbatim");
  variants.unshift({ label: `--before ${before}`, html: join(dir, "before.html") });
  writeFileSync(
    variants[0].html,
    page.replace(mine, () => inline(readFileSync(before, "utf8"))),
  );
}
console.log(
  `Money Heist, default board, 4×Demo, seed 51: replay ${(bytes.length / 1024).toFixed(1)} kB, page ${(page.length / 1024).toFixed(0)} kB; ${loads} loads each${before ? ", alternated" : ""}`,
);

/** CPU seconds (user + system) used so far by every descendant of this process (Chromium). */
function descendantsCpu() {
  const ticks = 100; // USER_HZ on Linux
  const parent = new Map();
  const cpu = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, seconds] of cpu) {
    let p = parent.get(pid);
    while (p !== undefined && p > 1 && p !== process.pid) p = parent.get(p);
    if (p === process.pid) total += seconds;
  }
  return total;
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = variants.map(() => ({ cpu: [], wall: [] }));
// One warm-up load of each (the first page of a browser pays for starting its processes).
for (let k = -1; k < loads; k++) {
  for (let v = 0; v < variants.length; v++) {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await tab.goto("about:blank");
    const cpu0 = descendantsCpu();
    const start = performance.now();
    await tab.goto(pathToFileURL(variants[v].html).href);
    await tab.waitForFunction(() => document.body.dataset.status === "ready");
    await tab.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
    const wall = performance.now() - start;
    const cpu = descendantsCpu() - cpu0;
    await tab.close();
    if (k >= 0) {
      results[v].cpu.push(cpu);
      results[v].wall.push(wall);
    }
  }
}
await browser.close();
rmSync(dir, { recursive: true, force: true });
for (let v = 0; v < variants.length; v++) {
  const { cpu, wall } = results[v];
  console.log(
    `${variants[v].label.padEnd(40)} Chromium CPU per load median ${quantile(cpu, 0.5).toFixed(3)} s  wall to first frame median ${(quantile(wall, 0.5) / 1000).toFixed(3)} s`,
  );
}
