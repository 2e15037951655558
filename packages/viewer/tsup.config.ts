import { defineConfig } from "tsup";

// The Node side (HTML page and loopback server); `vite build` then writes dist/viewer.js, the
// browser app with the five engines inside.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "node",
});
