// Runs every benchmark script in this folder, one after the other (they need the packages built:
// `pnpm bench` builds first). Each script prints its own figures.
//   node bench/run-all.mjs [name…]   e.g. node bench/run-all.mjs moneyheist runner
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((file) => file.endsWith(".mjs") && file !== "run-all.mjs" && file !== "lib.mjs")
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.mjs$/, "")))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n## ${script}\n`);
  const run = spawnSync(process.execPath, [`${here}${script}`], { stdio: "inherit" });
  if (run.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
