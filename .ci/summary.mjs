// Sums the vitest JSON reports of every workspace package into one line: `N passed, N failed`.
// A package whose tests ran but left no report (a crash before vitest could write it) counts as
// one failure, so a broken package can never pass silently.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
for (const group of ["packages", "examples"]) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    const pkgFile = join(dir, name, "package.json");
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8"));
    if (!pkg.scripts?.test) continue;
    const report = join(dir, name, "test-results.json");
    if (!existsSync(report)) {
      failed++;
      lines.push(`${pkg.name}: no test report (its tests did not run to the end)`);
      continue;
    }
    const r = JSON.parse(readFileSync(report, "utf8"));
    const p = r.numPassedTests ?? 0;
    const f = (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
    const s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    passed += p;
    failed += f;
    skipped += s;
    lines.push(`${pkg.name}: ${p} passed, ${f} failed, ${s} skipped`);
  }
}
const extra = process.argv.slice(2);
for (const arg of extra) {
  // `name=0|1`: an extra check (package lint, publint…) that passed (0) or failed.
  const [name, code] = arg.split("=");
  if (code === "0") passed++;
  else failed++;
  lines.push(`${name}: ${code === "0" ? "passed" : "FAILED"}`);
}
console.log(lines.join("\n"));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
