// The build every published library package shares (STYLE.md): ESM + CJS with types and source
// maps, ES2022, platform-neutral so the engines also run in a browser.
import type { Options } from "tsup";

export const libraryBuild: Options = {
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
};
