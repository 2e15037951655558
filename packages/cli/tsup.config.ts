import { defineConfig } from "tsup";
import { buildBundle } from "./build-bundle";

// The library (`@arena/cli`'s exports) and the launcher `dist/bin.js`, then the bundle the
// launcher runs (`dist/arena.cjs`, see build-bundle.ts).
export default defineConfig({
  entry: ["src/index.ts", "src/bin.ts"],
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "node",
  onSuccess: buildBundle,
});
