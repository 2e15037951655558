// `pnpm release`: builds every package, checks what would be published (publint and
// are-the-types-wrong on each package; the outside-project test installs the packed tarballs and
// uses them), then publishes with `changeset publish`, with npm provenance (so it must run where
// the registry can verify the build: the release workflow, .github/workflows/release.yml).
// `--dry-run` stops after the checks and shows what pnpm would publish.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules/.bin", name);
const dryRun = process.argv.includes("--dry-run");

function step(title, command, args, env = {}) {
  console.log(`\nrelease: ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`release: stopped: ${title} failed (exit ${result.status})`);
    process.exit(result.status || 1);
  }
}

step("build every package", bin("turbo"), ["run", "build", "--output-logs=errors-only"]);
step("publint and are-the-types-wrong", bin("turbo"), [
  "run",
  "check-package",
  "--output-logs=errors-only",
]);
step("the packed packages in an outside project", bin("turbo"), [
  "run",
  "test",
  "--filter=@arena/integration-tests",
  "--output-logs=errors-only",
]);
if (dryRun) {
  step("what would be published (dry run)", bin("pnpm"), [
    "-r",
    "publish",
    "--dry-run",
    "--no-git-checks",
  ]);
} else {
  step("publish the new versions (with provenance)", bin("changeset"), ["publish"], {
    NPM_CONFIG_PROVENANCE: "true",
  });
}
