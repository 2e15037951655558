import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HttpError } from "../http/errors";

/** The languages a submission may be in. */
export type Language = "cpp" | "js" | "ts" | "python";

/** How a stored source is named: `<sha256>` and one of these extensions, never the upload's name. */
const EXTENSIONS = {
  cpp: ".cc",
  js: ".mjs",
  cjs: ".cjs",
  ts: ".ts",
  python: ".py",
} as const;

/**
 * The language of an upload, from its file name's ending (`AIName.cc`, `bot.js`, `bot.ts`,
 * `bot.py`), and the extension it is stored with: a `.js` file is stored `.mjs` when it is an ES
 * module (it has `import` or `export` statements), else `.cjs`. Throws a 400 for anything else.
 */
export function languageOf(filename: string, source: string): { language: Language; ext: string } {
  if (/\.(cc|cpp)$/i.test(filename)) return { language: "cpp", ext: EXTENSIONS.cpp };
  if (/\.(ts|mts|cts)$/i.test(filename)) return { language: "ts", ext: EXTENSIONS.ts };
  if (/\.py$/i.test(filename)) return { language: "python", ext: EXTENSIONS.python };
  if (/\.mjs$/i.test(filename)) return { language: "js", ext: EXTENSIONS.js };
  if (/\.cjs$/i.test(filename)) return { language: "js", ext: EXTENSIONS.cjs };
  if (/\.js$/i.test(filename)) {
    const esm = /^\s*(import|export)\b/m.test(source);
    return { language: "js", ext: esm ? EXTENSIONS.js : EXTENSIONS.cjs };
  }
  throw new HttpError(
    400,
    "BAD_FILENAME",
    "filename: a submission is a C++ player (AI<Name>.cc), a JS module (.js/.mjs/.cjs), a TypeScript module (.ts) or a Python program (.py)",
  );
}

/** The bot spec of a stored source, relative to the data folder (the matches' cwd). */
export function specOf(language: Language, file: string): string {
  return language === "python" ? `exec:python3 ${file}` : file;
}

/** SHA-256 of a source, hex. */
export function sourceHash(source: string): string {
  return createHash("sha256").update(source).digest("hex");
}

/**
 * Stores `source` under `<dataDir>/sources/<hash><ext>` (written to a temporary name and
 * renamed, so a killed server never leaves half a file under the real name) and returns the
 * path relative to the data folder. Nothing of the upload's name or fields reaches the path.
 */
export function storeSource(dataDir: string, hash: string, ext: string, source: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a SHA-256: ${hash}`);
  const relative = `sources/${hash}${ext}`;
  const path = join(dataDir, relative);
  if (existsSync(path)) return relative;
  mkdirSync(join(dataDir, "sources"), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, source);
  renameSync(partial, path);
  return relative;
}
