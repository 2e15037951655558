import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// Three entries: the whole package (Node), its browser-safe part, which bundlers pick through
// the `browser` export condition (and `@arena/core/browser`), and `@arena/core/testing`, the
// helpers the game packages' tests share.
// Core's Node-only part (the runner, replay files) uses @types/node, so its declaration build
// keeps the default types.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/browser.ts", "src/testing.ts"],
  dts: true,
});
