import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// Two entries: the package and `@arena/bots/testing` (the C++ test bed the games' tests share).
// Node-only: built for Node, with @types/node in its declarations.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/testing.ts"],
  platform: "node",
  dts: true,
  // The CommonJS build gets `import.meta.url` too (the shared C++ headers are found from it).
  shims: true,
});
