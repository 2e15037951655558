#!/usr/bin/env node
// The `arena` executable: a small launcher. `arena --version` answers without loading anything
// else; every other command runs the cli bundled in one file (`dist/arena.cjs`: the cli, core,
// the games and their libraries), compiled with V8's code cache kept in the user's cache
// directory (see `code-cache.ts` and the README's "Start-up").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { cacheFileFor, readCodeCache, writeCodeCache } from "./code-cache";

const argv = process.argv.slice(2);

if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "-V")) {
  const manifest = new URL("../package.json", import.meta.url);
  process.stdout.write(
    `${(JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version}\n`,
  );
} else {
  const bundle = fileURLToPath(new URL("./arena.cjs", import.meta.url));
  const source = readFileSync(bundle, "utf8");
  const cacheFile = cacheFileFor(bundle, source.length, argv);
  const cachedData = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
  // The bundle is CommonJS text run in a wrapper function: its `import()` calls (user bots,
  // tinypool, esbuild) are this module's (see build-bundle.ts), and `import.meta.resolve` of the
  // cli's sources resolves from here (the same package directory as the bundle).
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname, __arenaImportResolve, __arenaImport) {${source}\n})`,
    {
      filename: bundle,
      ...(cachedData !== undefined ? { cachedData } : {}),
    },
  );
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} as { run?: (argv: readonly string[]) => Promise<void> } };
  wrapper(
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    dirname(bundle),
    (specifier: string) => import.meta.resolve(specifier),
    (specifier: string) => import(specifier),
  );
  await module.exports.run!(argv);
  // Written after the command ran, so the cache holds every function the command compiled.
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected)) {
    writeCodeCache(cacheFile, () => script.createCachedData());
  }
}
