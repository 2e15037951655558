// The build every published library package shares (STYLE.md): ESM + CJS with types and source
// maps, ES2022, platform-neutral so the engines also run in a browser.
import type { Options } from "tsup";

export const libraryBuild: Options = {
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  // Declarations without @types/node: the engines run in browsers too, so their types must not
  // need it (and not parsing it makes the declaration build faster). Core, which has Node-only
  // parts, overrides this with `dts: true`.
  dts: { compilerOptions: { types: [] } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
};
