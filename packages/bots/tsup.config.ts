import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// Three entries: the package, `@arena/bots/testing` (the C++ test bed the games' tests share) and
// `@arena/bots/wasm` (WebAssembly players, browser-safe). Built for Node, with @types/node in its
// declarations; the wasm entry imports no Node module, so bundlers take it for a browser.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/testing.ts", "src/wasm-browser.ts"],
  platform: "node",
  dts: true,
  // The CommonJS build gets `import.meta.url` too (the shared C++ headers are found from it).
  shims: true,
});
