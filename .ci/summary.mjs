// Sums the vitest JSON reports of every workspace package into one line: `N passed, N failed`,
// after a line per package and the name of every failed test (so a failure is easy to find).
// A package whose tests ran but left no report (a crash before vitest could write it) counts as
// one failure, so a broken package can never pass silently; `--ran-only` skips packages without
// a report instead (a filtered run). Other arguments `name=0|1` are extra checks (publint…) that
// passed (0) or failed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const ranOnly = args.includes("--ran-only");
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = [];
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
      if (ranOnly) continue;
      failed++;
      lines.push(`${pkg.name}: no test report (its tests did not run to the end)`);
      failures.push(`${pkg.name}: no test report: run \`pnpm --filter ${pkg.name} test\``);
      continue;
    }
    const r = JSON.parse(readFileSync(report, "utf8"));
    // A file that failed with no failed test (it did not load, or a hook threw) counts as one
    // failure: vitest's report has no count of them.
    const brokenFiles = (r.testResults ?? []).filter(
      (file) =>
        file.status === "failed" &&
        !(file.assertionResults ?? []).some((test) => test.status === "failed"),
    ).length;
    const p = r.numPassedTests ?? 0;
    const f = (r.numFailedTests ?? 0) + brokenFiles;
    const s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    passed += p;
    failed += f;
    skipped += s;
    lines.push(`${pkg.name}: ${p} passed, ${f} failed, ${s} skipped`);
    for (const file of r.testResults ?? []) {
      const where = relative(root, file.name ?? "");
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failedTests) failures.push(`${pkg.name}: FAILED ${where} > ${t.fullName}`);
      if (file.status === "failed" && failedTests.length === 0)
        failures.push(`${pkg.name}: FAILED ${where}: ${(file.message ?? "").split("\n")[0]}`);
    }
  }
}
for (const arg of args) {
  if (!arg.includes("=")) continue;
  const [name, code] = arg.split("=");
  if (code === "0") passed++;
  else {
    failed++;
    failures.push(`${name}: FAILED`);
  }
  lines.push(`${name}: ${code === "0" ? "passed" : "FAILED"}`);
}
console.log(`\n${lines.join("\n")}`);
if (failures.length > 0) console.log(`\nFailures:\n${failures.join("\n")}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
