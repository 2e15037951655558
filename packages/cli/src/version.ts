import { readFileSync } from "node:fs";

/**
 * The cli's version, read from its own package.json (one directory above both `src/` and
 * `dist/`), so that it is the version that was published and never a constant that drifts.
 */
export const version: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
