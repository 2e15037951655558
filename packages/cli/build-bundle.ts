// Builds `dist/arena.cjs`: the whole cli (src/cli.ts) with core, the games, the tournament,
// the viewer's server and their pure-JS libraries (zod, openskill, leven) in one CommonJS file,
// which the launcher (src/bin.ts) compiles with V8's code cache. One file instead of ≈ 110 modules
// (zod alone loaded ≈ 60, its locales included) is most of what `arena play` saved at start-up.
//
// The bundled packages' code stays what it was, but three things depend on where a module file
// is, and are rewritten to mean what they meant in the package's own files:
// - `import.meta.url` in an @arena package's dist file: the URL of that file in the installed
//   package (found with `require.resolve` from the bundle, as every @arena package is a
//   dependency of the cli), so a game's `cpp/` kit, the tournament's `worker.js` and the viewer's
//   app are found beside their package as before;
// - `import("<dependency>")` of a package left out (esbuild, whose binary is found from its own
//   files; tinypool, whose workers load its own files): imported from where the @arena package
//   that depends on it resolves it;
// - the cli's own `import.meta.url` (its package.json, its templates) is the bundle's URL, one
//   directory below the package as `src/` and `dist/` are; `import.meta.resolve` is the
//   launcher's (same directory).
// A bundled @arena file still holding `import.meta` afterwards fails the build. @arena/queue is
// left out whole (BullMQ forks its own files), imported from the installed package with --redis;
// so is @arena/server (native SQLite, PostgreSQL, Fastify), imported by `arena serve` alone.
//
// Every dynamic `import()` left in the bundle (user bots, tinypool, esbuild) becomes a call of
// `__arenaImport`, the launcher's own `import()`: on Node 20, code compiled by `vm.Script` from a
// code cache loses its dynamic-import callback ("A dynamic import callback was not specified"),
// and the callback needs --experimental-vm-modules anyway. The calls are found in the syntax
// tree (TypeScript's parser), so `import(` inside the text of a generated program (the bot host's
// source) is left alone.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { build, type Plugin } from "esbuild";
import ts from "typescript";

/** The nearest package.json above `file`: its directory and name. */
function owningPackage(file: string): { root: string; name: string } | undefined {
  let dir = dirname(file);
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
      };
      if (manifest.name !== undefined) return { root: dir, name: manifest.name };
    } catch {
      // No manifest here: look further up.
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * `text` (the dist file `path` of the @arena package `name`, at `file` under its `dist/`) with
 * its `import.meta.url` and its `import("<dependency>")` of packages outside @arena rewritten
 * (see above). Both are found in the syntax tree, so the same characters inside a string or a
 * template's text (core writes a TypeScript bot's entry module, which uses `import.meta.url`)
 * are left as they are. Any other `import.meta` left in the code fails the build.
 */
export function rewriteLocations(text: string, path: string, name: string, file: string): string {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const quoted = JSON.stringify(name);
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isMetaProperty(node.expression) &&
      node.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
      node.name.text === "url"
    ) {
      edits.push({
        start: node.getStart(source),
        end: node.getEnd(),
        text: `__arenaPackageFile(${quoted}, ${JSON.stringify(file)})`,
      });
      return;
    }
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      throw new Error(`${path}:${line + 1}: 'import.meta' the bundle cannot keep its meaning`);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]!) &&
      /^(?:@[a-z0-9-]+\/)?[a-z0-9][a-z0-9.-]*$/.test(node.arguments[0].text) &&
      !node.arguments[0].text.startsWith("@arena/")
    ) {
      const dependency = node.arguments[0];
      edits.push({
        start: dependency.getStart(source),
        end: dependency.getEnd(),
        text: `__arenaDependencyUrl(${quoted}, ${JSON.stringify(dependency.text)})`,
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}

/** Rewrites the location-dependent expressions of the @arena packages' dist files (see above). */
const locations: Plugin = {
  name: "arena-locations",
  setup(context) {
    context.onLoad({ filter: /[\\/]dist[\\/][^\\/]+\.js$/ }, (args) => {
      const owner = owningPackage(args.path);
      if (owner === undefined || !owner.name.startsWith("@arena/") || owner.name === "@arena/cli") {
        return undefined;
      }
      const file = relative(join(owner.root, "dist"), args.path).split("\\").join("/");
      const text = rewriteLocations(readFileSync(args.path, "utf8"), args.path, owner.name, file);
      return { contents: `${text}\n`, loader: "js" };
    });
  },
};

/** The helpers the rewritten expressions call, run inside the launcher's wrapper function. */
const banner = `"use strict";
var __arenaUrl = require("node:url");
var __arenaPath = require("node:path");
var __arenaBundleUrl = __arenaUrl.pathToFileURL(__filename).href;
var __arenaPackageDirs = new Map();
var __arenaPackageFile = (name, file) => {
  var dir = __arenaPackageDirs.get(name);
  if (dir === undefined) __arenaPackageDirs.set(name, (dir = __arenaPath.dirname(require.resolve(name))));
  return __arenaUrl.pathToFileURL(__arenaPath.join(dir, file)).href;
};
var __arenaLazy = (id) => {
  var loaded;
  var load = () => (loaded ??= require(id));
  return new Proxy({}, {
    get: (_, key) => load()[key],
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      var descriptor = Object.getOwnPropertyDescriptor(load(), key);
      if (descriptor !== undefined) descriptor.configurable = true;
      return descriptor;
    },
  });
};
var __arenaDependencyUrl = (name, dependency) =>
  __arenaUrl.pathToFileURL(require("node:module").createRequire(require.resolve(name)).resolve(dependency)).href;`;

/**
 * Node's modules that a command often does not use and that cost a millisecond or more to load
 * (`child_process` brings `net` and `dgram`, `worker_threads` its messaging): bound to a proxy
 * that loads the module on first use (`__arenaLazy`), so `arena play` with in-process bots never
 * loads them. esbuild's CommonJS output reads them only as `(0, import_x.name)(…)` or
 * `import_x.name`, which the proxy serves.
 */
const LAZY_BUILTINS =
  /(\bimport_[A-Za-z0-9_$]+)=require\("((?:node:)?(?:child_process|worker_threads|zlib|crypto|http|net|perf_hooks))"\)/g;

/** `text` with its `import_x=require("<module>")` of the modules above made lazy. */
export function lazyBuiltins(text: string): string {
  return text.replace(
    LAZY_BUILTINS,
    (_, binding: string, id: string) => `${binding}=__arenaLazy(${JSON.stringify(id)})`,
  );
}

/** `text` with every dynamic `import(…)` call made a call of `__arenaImport(…)`. */
export function redirectDynamicImports(text: string, file: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
  const starts: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      starts.push(node.expression.getStart(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = text;
  for (const start of starts.sort((a, b) => b - a)) {
    if (out.slice(start, start + 6) !== "import")
      throw new Error(`${file}: no import() at ${start}`);
    out = `${out.slice(0, start)}__arenaImport${out.slice(start + 6)}`;
  }
  return out;
}

/** Writes `dist/arena.cjs` (run from the package directory). */
export async function buildBundle(): Promise<void> {
  const result = await build({
    write: false,
    entryPoints: ["src/cli.ts"],
    outfile: "dist/arena.cjs",
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "es2022",
    // Smaller text to read and hash; names are kept (errors and classes keep theirs).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    legalComments: "none",
    banner: { js: banner },
    define: {
      "import.meta.url": "__arenaBundleUrl",
      "import.meta.resolve": "__arenaImportResolve",
    },
    plugins: [locations],
    // @arena/queue stays out (imported by the launcher from the installed package, only with
    // --redis): BullMQ runs its sandboxed processors from its own files (dist/cjs/classes/main.js).
    external: ["@arena/queue", "@arena/server"],
    // Class names are kept even where the bundle renames a class: `ArenaError`s are told apart
    // across copies of the packages by their classes' names (core's errors.ts).
    keepNames: true,
    logLevel: "warning",
  });
  for (const output of result.outputFiles) {
    const text = output.path.endsWith(".cjs")
      ? lazyBuiltins(redirectDynamicImports(output.text, output.path))
      : output.text;
    writeFileSync(output.path, text);
  }
}
