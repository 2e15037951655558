import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));
const packages = ["core", "moneyheist", "madmax", "madmax-revisited", "dragonball", "lighthouses"];

// The browser app, one self-contained IIFE (dist/viewer.js): engines are taken from their
// sources so that the Node-only parts of @arena/core are never reached and tree-shaken away.
export default defineConfig({
  resolve: {
    alias: packages.map((name) => ({
      find: new RegExp(`^@arena/${name}$`),
      replacement: `${root}packages/${name}/src/${name === "core" ? "browser" : "index"}.ts`,
    })),
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
    sourcemap: false,
    lib: {
      entry: "src/app/main.ts",
      formats: ["iife"],
      name: "ArenaViewer",
      fileName: () => "viewer.js",
    },
  },
});
