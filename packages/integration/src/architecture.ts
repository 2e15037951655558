// The dependency rule of ARCHITECTURE.md, as data and checks: which @arena packages each package's
// code may import (and list in its `dependencies`), what core may not import at all, and whether
// core's browser entry bundles for a browser. Each check returns the violations it finds (empty:
// the rule holds); `architecture.test.ts` runs them on the repository and on hand-made bad trees.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import ts from "typescript";

/** The five game packages (folder names). */
export const GAMES = ["moneyheist", "madmax", "madmax-revisited", "dragonball", "lighthouses"];

/**
 * What each package's code (`src/`, tests and fixtures aside) may import of the other @arena
 * packages, by folder name; a package absent here (a private test package) is not checked, and
 * an unknown one fails. Dependencies point inward: a game knows only core; bots know core; the
 * viewer bundles the games; the cli is the only one that knows everything.
 */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  bots: ["core"],
  ...Object.fromEntries(GAMES.map((game) => [game, ["core"]])),
  tournament: ["core", "bots"],
  queue: ["core", "bots", "tournament"],
  viewer: ["core", ...GAMES],
  server: ["core", "bots", "tournament", "queue", "viewer"],
  cli: ["core", "bots", ...GAMES, "tournament", "queue", "viewer", "server"],
};

/** Packages whose checks are skipped: private test packages, not part of the map. */
export const UNCHECKED = new Set(["integration"]);

/** Modules core's code may never import (it starts no process; its runner needs no worker). */
export const CORE_FORBIDDEN = [
  "node:child_process",
  "child_process",
  "node:worker_threads",
  "worker_threads",
  "node:cluster",
  "cluster",
  "esbuild",
];

/** The third-party packages core may depend on: pure JavaScript, no native binary. */
export const CORE_DEPENDENCIES = ["zod"];

/** A rule broken: where and what. */
export interface Violation {
  /** The file (relative to the root) or `packages/<name>/package.json`. */
  where: string;
  what: string;
}

/** The package's code files: `src/**` TypeScript and JavaScript, no tests, no fixtures. */
export function codeFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "__fixtures__") walk(path);
      } else if (
        /\.(?:[cm]?[jt]s|tsx)$/.test(entry.name) &&
        !/\.(?:test|d)\.[cm]?[jt]sx?$/.test(entry.name)
      ) {
        files.push(path);
      }
    }
  };
  walk(join(dir, "src"));
  return files.sort();
}

/** Every module a file imports, re-exports, requires or imports dynamically (string literals). */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/** The @arena package (folder name) a specifier names, e.g. `bots` for `@arena/bots/testing`. */
const arenaPackage = (specifier: string): string | undefined =>
  /^@arena\/([a-z0-9-]+)/.exec(specifier)?.[1];

/** The packages under `root/packages` (folder names). */
export function packageFolders(root: string): string[] {
  return readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(join(root, "packages", entry.name, "package.json")),
    )
    .map((entry) => entry.name)
    .sort();
}

/**
 * The imports of @arena packages that `ALLOWED` does not allow, in every package's code and in
 * its `dependencies` and `peerDependencies` (devDependencies are for tests and builds).
 */
export function checkPackageImports(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const name of packageFolders(root)) {
    if (UNCHECKED.has(name)) continue;
    const dir = join(root, "packages", name);
    const allowed = ALLOWED[name];
    if (allowed === undefined) {
      violations.push({
        where: `packages/${name}`,
        what: "a package ARCHITECTURE.md does not place (add it to the map and to ALLOWED)",
      });
      continue;
    }
    for (const file of codeFiles(dir)) {
      for (const specifier of importsOf(file)) {
        const target = arenaPackage(specifier);
        if (target !== undefined && target !== name && !allowed.includes(target)) {
          violations.push({ where: relative(root, file), what: `imports ${specifier}` });
        }
      }
    }
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of ["dependencies", "peerDependencies"]) {
      for (const dependency of Object.keys(manifest[field] ?? {})) {
        const target = arenaPackage(dependency);
        if (target !== undefined && !allowed.includes(target)) {
          violations.push({
            where: `packages/${name}/package.json`,
            what: `${field} has ${dependency}`,
          });
        }
      }
    }
  }
  return violations;
}

/**
 * What core may not have: an import of a process, worker or bundler module anywhere in its code,
 * and a dependency other than `CORE_DEPENDENCIES` (esbuild, a native binary, would reach every
 * game's install).
 */
export function checkCore(root: string): Violation[] {
  const dir = join(root, "packages/core");
  const violations: Violation[] = [];
  for (const file of codeFiles(dir)) {
    for (const specifier of importsOf(file)) {
      if (CORE_FORBIDDEN.includes(specifier) || specifier.startsWith("esbuild/")) {
        violations.push({ where: relative(root, file), what: `imports ${specifier}` });
      }
    }
  }
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (!CORE_DEPENDENCIES.includes(dependency)) {
      violations.push({
        where: "packages/core/package.json",
        what: `dependencies has ${dependency} (core depends on ${CORE_DEPENDENCIES.join(", ")} only)`,
      });
    }
  }
  return violations;
}

/**
 * The files that may sit at the root of a package's `src/`: its entry points, the `src/*.ts`
 * its build names (`entry` of its `tsup.config.ts`: `index.ts`, `browser.ts`, `testing.ts`, the
 * bots' `wasm-browser.ts`, …).
 */
export function entryPoints(root: string, name: string): string[] {
  const config = readFileSync(join(root, "packages", name, "tsup.config.ts"), "utf8");
  return [...config.matchAll(/["']src\/([\w.-]+\.ts)["']/g)].map((match) => match[1]!);
}

/**
 * Loose files at the root of `src/` in the packages `names` (a file that is not an entry point
 * belongs in a folder named for its concept).
 */
export function checkSourceRoots(root: string, names: readonly string[]): Violation[] {
  const violations: Violation[] = [];
  for (const name of names) {
    const src = join(root, "packages", name, "src");
    const entries = entryPoints(root, name);
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      if (entry.isFile() && !entries.includes(entry.name)) {
        violations.push({
          where: `packages/${name}/src/${entry.name}`,
          what: "a loose file: not an entry point (move it into the folder of its concept)",
        });
      }
    }
  }
  return violations;
}

/** Node's built-in modules, bare and with the `node:` prefix. */
const NODE_BUILTINS = new Set([
  ...builtinModules,
  ...builtinModules.map((name) => (name.startsWith("node:") ? name : `node:${name}`)),
]);

/** Whether a module specifier names a Node built-in (`node:fs`, `fs`, `fs/promises`). */
export const isNodeBuiltin = (specifier: string): boolean =>
  specifier.startsWith("node:") || NODE_BUILTINS.has(specifier);

/**
 * Bundles `entries` (module specifiers resolved from `resolveDir`, e.g. `@arena/core`) for the
 * browser with esbuild, as a page's bundler would (the `browser` export condition), and returns
 * what reaches Node: a build error (esbuild cannot resolve a Node built-in for the browser) and
 * any built-in left in the output (imported or required by name).
 */
export async function checkBrowserBundle(
  entries: readonly string[],
  resolveDir: string,
): Promise<Violation[]> {
  const { build } = await import("esbuild");
  const contents = entries
    .map((entry, k) => `export * as m${k} from ${JSON.stringify(entry)};`)
    .join("\n");
  const violations: Violation[] = [];
  try {
    const result = await build({
      stdin: { contents, resolveDir, loader: "js", sourcefile: "page.js" },
      bundle: true,
      write: false,
      platform: "browser",
      format: "esm",
      metafile: true,
      logLevel: "silent",
    });
    for (const output of Object.values(result.metafile.outputs)) {
      for (const imported of output.imports) {
        if (isNodeBuiltin(imported.path)) {
          violations.push({
            where: entries.join(", "),
            what: `the bundle imports ${imported.path}`,
          });
        }
      }
    }
    const text = result.outputFiles.map((file) => file.text).join("\n");
    for (const [, required] of text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
      if (isNodeBuiltin(required!)) {
        violations.push({ where: entries.join(", "), what: `the bundle requires ${required}` });
      }
    }
  } catch (error) {
    const errors = (
      error as {
        errors?: Array<{ text: string; location?: { file: string; line: number } | null }>;
      }
    ).errors;
    if (errors === undefined) throw error;
    for (const e of errors) {
      violations.push({
        where: e.location ? `${e.location.file}:${e.location.line}` : entries.join(", "),
        what: e.text,
      });
    }
  }
  return violations;
}

/** Violations as readable lines, for a failing assertion's message. */
export const describeViolations = (violations: readonly Violation[]): string[] =>
  violations.map((v) => `${v.where}: ${v.what}`);
