import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// Two entries: the whole package (Node) and its browser-safe part, which bundlers pick through
// the `browser` export condition (and `@arena/core/browser`).
// Core's Node-only part (external bots, replay files) uses @types/node, so its declaration build
// keeps the default types.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/browser.ts"],
  dts: true,
  // The CommonJS build gets `import.meta.url` too (core's shared C++ headers are found from it).
  shims: true,
});
