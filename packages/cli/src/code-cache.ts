import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * V8's code cache of the cli bundle, kept in the user's cache directory (`$ARENA_CACHE_DIR/v8`,
 * else `$XDG_CACHE_HOME/arena/v8`, else `~/.cache/arena/v8`): the install directory may be
 * read-only and is shared by users. Node 20 has no `module.enableCompileCache`, so the launcher
 * compiles the bundle with `vm.Script` and this cache. Every failure (no home, a read-only or
 * full disk, a corrupt or foreign file) only means no cache: V8 checks the data's version, flags
 * and source and rejects what does not fit, and the launcher then writes a fresh one.
 * `ARENA_CODE_CACHE=0` turns it off.
 */

/** At most this many files in the cache directory. */
const MAX_FILES = 64;

/** The cache directory of the cli's code caches (undefined when there is none to use). */
export function codeCacheDirectory(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  if (env.ARENA_CODE_CACHE === "0") return undefined;
  if (env.ARENA_CACHE_DIR) return join(env.ARENA_CACHE_DIR, "v8");
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "arena", "v8");
  try {
    return join(homedir(), ".cache", "arena", "v8");
  } catch {
    return undefined;
  }
}

/**
 * What a cache is for: the command word and, for commands naming a game, the game, e.g.
 * `play-moneyheist` (each command compiles other functions; a cache made by `arena list` would
 * leave a match's functions uncompiled).
 */
export function cacheKey(argv: readonly string[]): string {
  const [command, second] = argv.filter((arg) => !arg.startsWith("-"));
  const word = (text: string | undefined): boolean =>
    text !== undefined && /^[a-z][a-z-]{0,30}$/.test(text);
  if (!word(command)) return "other";
  return word(second) ? `${command}-${second}` : command!;
}

/**
 * The cache file for `bundle` (of `length` characters) run with `argv`: its name holds the key and
 * a hash of the bundle's path, size and time and of Node's version and architecture, so another
 * build or another Node never reads it. Undefined when there is no cache directory.
 */
export function cacheFileFor(
  bundle: string,
  length: number,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const dir = codeCacheDirectory(env);
  if (dir === undefined) return undefined;
  let stamp: string;
  try {
    const stat = statSync(bundle);
    stamp = `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
  const hash = hash64([bundle, length, stamp, process.version, process.arch].join("\0"));
  return join(dir, `${cacheKey(argv)}.${hash}.bin`);
}

/**
 * 16 hex digits hashing `text` (two 32-bit multiplicative hashes, FNV-1a's and MurmurHash's
 * constants): a name, not a security measure, and `node:crypto` would cost the launcher a few
 * milliseconds of loading at every start.
 */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
  return hex(a) + hex(b);
}

/** The cached data in `file`, or undefined when it cannot be read. */
export function readCodeCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the code cache made by `create` to `file` atomically (a temporary file renamed over it,
 * so concurrent runs never read half a file) and removes the key's caches of older builds.
 * Never throws: a cache that cannot be written is simply not there next time.
 */
export function writeCodeCache(file: string, create: () => Buffer): void {
  const slash = file.lastIndexOf("/");
  const dir = file.slice(0, slash);
  const name = file.slice(slash + 1);
  const key = name.slice(0, name.indexOf("."));
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    // A bound on what odd command lines can leave behind (a cache is ≈ 0.4 MB).
    if (readdirSync(dir).length >= MAX_FILES) return;
    writeFileSync(temporary, create());
    renameSync(temporary, file);
    for (const other of readdirSync(dir)) {
      if (other !== name && other.startsWith(`${key}.`) && other.endsWith(".bin")) {
        unlinkSync(join(dir, other));
      }
    }
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
  }
}
