import { defineConfig } from "tsup";

// Node-only and ESM-only, like the viewer it embeds (its HTML page and app are ESM).
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "node",
});
