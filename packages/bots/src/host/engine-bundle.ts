// Node-only: the engine module as one file for the bot host to import, made with esbuild and
// cached on disk.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync, unlinkSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cppCacheDirectory } from "../cpp/compile";
import { writeAtomically } from "../files/write-atomically";

/** Bumped when the bundle's options change: older bundles are then never read. */
const FORMAT = 1;
/** At most this many bundles in the cache directory (one per engine file and version). */
const MAX_BUNDLES = 32;

/** What a bundle was made from: every input file with its size and modification time. */
interface Manifest {
  format: number;
  esbuild: string;
  inputs: Array<[path: string, size: number, mtimeMs: number]>;
}

const unchanged = (inputs: Manifest["inputs"]): boolean =>
  inputs.every(([path, size, mtimeMs]) => {
    try {
      const stat = statSync(path);
      return stat.size === size && stat.mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });

/** Removes the oldest bundles past `MAX_BUNDLES` (each is a `.mjs` and a `.json`). */
function prune(dir: string): void {
  const bundles = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      const path = join(dir, name);
      try {
        return { path, time: statSync(path).mtimeMs };
      } catch {
        return { path, time: 0 };
      }
    })
    .sort((a, b) => b.time - a.time);
  for (const { path } of bundles.slice(MAX_BUNDLES)) {
    for (const file of [path, path.replace(/\.json$/, ".mjs")]) {
      try {
        unlinkSync(file);
      } catch {
        // removed by another process meanwhile
      }
    }
  }
}

/**
 * The engine module at `engineUrl` (a `file:` URL) bundled into one ES module with what it
 * imports (core, zod, …; Node's built-in modules stay imports), tree-shaken as the packages'
 * `sideEffects: false` allows, or `undefined` when it cannot be made (no esbuild, a read-only or
 * full disk, `ARENA_ENGINE_BUNDLE=0`): the caller then imports the engine module itself.
 *
 * Why: a bot host is a new Node process for every match, and Node 20 has no compile cache. Money
 * Heist's dist is 110 ES modules (most of them zod's); Node resolves, reads and compiles each
 * one, about 0.13 s of CPU, where the one-file bundle takes about 0.02 s. The same code runs (the
 * same sources, only concatenated and with unused exports dropped), so the host's replica plays
 * exactly as the runner's match.
 *
 * The bundle is kept in `$ARENA_CACHE_DIR/engines` (else `$XDG_CACHE_HOME/arena/engines`, else
 * `~/.cache/arena/engines`), keyed by the engine file's real path, and rebuilt when any of its
 * inputs changed size or modification time (a rebuilt package). Written by rename, so concurrent
 * matches may race; the cache holds at most 32 bundles.
 */
export async function engineBundle(
  engineUrl: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string | undefined> {
  if (!engineUrl.startsWith("file:") || env.ARENA_ENGINE_BUNDLE === "0") return undefined;
  try {
    const entry = realpathSync(fileURLToPath(engineUrl));
    const dir = join(cppCacheDirectory(env), "engines");
    const key = createHash("sha256").update(`${FORMAT}\0${entry}`).digest("hex").slice(0, 20);
    const bundle = join(dir, `${key}.mjs`);
    const manifestFile = join(dir, `${key}.json`);
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
      if (manifest.format === FORMAT && unchanged(manifest.inputs) && statSync(bundle).isFile()) {
        return bundle;
      }
    } catch {
      // not cached yet (or unreadable): built below
    }
    // Loaded only to build: its JavaScript API alone costs a match ~0.03 s of CPU.
    const { build, version } = await import("esbuild");
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      write: false,
      metafile: true,
      absWorkingDir: "/",
      outfile: bundle,
      logLevel: "silent",
    });
    const inputs: Manifest["inputs"] = Object.keys(result.metafile.inputs).map((input) => {
      const path = isAbsolute(input) ? input : resolve("/", input);
      const stat = statSync(path);
      return [path, stat.size, stat.mtimeMs];
    });
    mkdirSync(dir, { recursive: true });
    writeAtomically(bundle, result.outputFiles[0]!.contents);
    const manifest: Manifest = { format: FORMAT, esbuild: version, inputs };
    writeAtomically(manifestFile, JSON.stringify(manifest));
    prune(dir);
    return bundle;
  } catch {
    return undefined;
  }
}
