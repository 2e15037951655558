// ARCHITECTURE.md's dependency rule, held: no package imports one it must not (a game the bot
// runtime, the tournament or another game; core a process, a worker or esbuild), and core's
// browser entry, with every game, bundles for the browser reaching no Node built-in. Each check
// is also run on a small hand-made tree that breaks it, so that it is seen to fail.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkBrowserBundle,
  checkCore,
  checkPackageImports,
  checkSourceRoots,
  describeViolations,
  GAMES,
} from "./architecture";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const here = fileURLToPath(new URL("..", import.meta.url));

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A tree of files (path → text) in a new temporary directory. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "arena-architecture-"));
  scratch.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const manifest = (name: string, fields: object = {}) =>
  JSON.stringify({ name: `@arena/${name}`, version: "0.0.0", ...fields });

describe("the repository follows ARCHITECTURE.md", () => {
  it("every package's code and dependencies import only the packages its room may", () => {
    expect(describeViolations(checkPackageImports(root))).toEqual([]);
  });

  it("core imports no process, worker or bundler module, and depends on zod only", () => {
    expect(describeViolations(checkCore(root))).toEqual([]);
  });

  it("core's and the bots' src/ hold their entry points and folders, no loose file", () => {
    expect(describeViolations(checkSourceRoots(root, ["core", "bots"]))).toEqual([]);
  });

  it("core's browser entry and every game bundle for the browser with no Node built-in", async () => {
    const entries = ["@arena/core", ...GAMES.map((game) => `@arena/${game}`)];
    expect(describeViolations(await checkBrowserBundle(entries, here))).toEqual([]);
  });
});

describe("the checks fail on a tree that breaks the rule", () => {
  it("a game importing the bot runtime or the tournament, or depending on them; an unknown package", () => {
    const dir = tree({
      "packages/moneyheist/package.json": manifest("moneyheist", {
        dependencies: { "@arena/core": "*", "@arena/tournament": "*" },
        devDependencies: { "@arena/bots": "*" },
      }),
      "packages/moneyheist/src/engine.ts":
        'import { resolveBot } from "@arena/bots";\nexport const x = resolveBot;\n',
      "packages/moneyheist/src/bots.ts": 'export { runMatch } from "@arena/core";\n',
      "packages/moneyheist/src/view.ts":
        'const m = await import("@arena/madmax");\nexport { m };\n',
      // Tests and fixtures may use anything (the games' C++ tests use @arena/bots).
      "packages/moneyheist/src/cpp.test.ts": 'import "@arena/bots/testing";\n',
      "packages/core/package.json": manifest("core"),
      "packages/core/src/index.ts": 'export * from "@arena/bots";\n',
      "packages/mystery/package.json": manifest("mystery"),
    });
    expect(describeViolations(checkPackageImports(dir))).toEqual([
      "packages/core/src/index.ts: imports @arena/bots",
      "packages/moneyheist/src/engine.ts: imports @arena/bots",
      "packages/moneyheist/src/view.ts: imports @arena/madmax",
      "packages/moneyheist/package.json: dependencies has @arena/tournament",
      "packages/mystery: a package ARCHITECTURE.md does not place (add it to the map and to ALLOWED)",
    ]);
  });

  it("core starting a process or a worker, bundling with esbuild or depending on it", () => {
    const dir = tree({
      "packages/core/package.json": manifest("core", {
        dependencies: { zod: "*", esbuild: "*" },
      }),
      "packages/core/src/runner/spawn.ts":
        'import { spawn } from "node:child_process";\nexport { spawn };\n',
      "packages/core/src/runner/worker.ts": 'export { Worker } from "worker_threads";\n',
      "packages/core/src/bundle.ts": 'export const b = () => import("esbuild");\n',
      "packages/core/src/files.ts": 'export { readFileSync } from "node:fs";\n',
    });
    expect(describeViolations(checkCore(dir))).toEqual([
      "packages/core/src/bundle.ts: imports esbuild",
      "packages/core/src/runner/spawn.ts: imports node:child_process",
      "packages/core/src/runner/worker.ts: imports worker_threads",
      "packages/core/package.json: dependencies has esbuild (core depends on zod only)",
    ]);
  });

  it("a loose file at the root of src/", () => {
    const dir = tree({
      "packages/core/src/index.ts": "",
      "packages/core/src/browser.ts": "",
      "packages/core/src/round-match.ts": "",
      "packages/core/src/engine/engine.ts": "",
      "packages/core/tsup.config.ts":
        'export default { entry: ["src/index.ts", "src/browser.ts"] };\n',
    });
    expect(describeViolations(checkSourceRoots(dir, ["core"]))).toEqual([
      "packages/core/src/round-match.ts: a loose file: not an entry point (move it into the folder of its concept)",
    ]);
  });

  it("a browser entry reaching a Node built-in, with or without the node: prefix", async () => {
    const dir = tree({
      "page-a.mjs": 'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
      "page-b.mjs": 'export { helper } from "./helper.cjs";\n',
      "helper.cjs": 'const zlib = require("zlib");\nexports.helper = () => zlib;\n',
      "clean.mjs": "export const pure = 1;\n",
    });
    const a = describeViolations(await checkBrowserBundle(["./page-a.mjs"], dir));
    expect(a).toHaveLength(1);
    expect(a[0]).toMatch(/page-a\.mjs:1: Could not resolve "node:fs"/);
    const b = describeViolations(await checkBrowserBundle(["./page-b.mjs"], dir));
    expect(b).toHaveLength(1);
    expect(b[0]).toMatch(/helper\.cjs:1: Could not resolve "zlib"/);
    expect(await checkBrowserBundle(["./clean.mjs"], dir)).toEqual([]);
  });
});
