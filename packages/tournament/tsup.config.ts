import { copyFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// Node-only (worker threads, files, hashing). `worker.ts` is the pool's worker entry; the JSON
// Schemas of the results and of the `--json` summary ship beside the code.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/worker.ts"],
  platform: "node",
  shims: true,
  dts: true,
  onSuccess: async () => {
    copyFileSync("src/results.schema.json", "dist/results.schema.json");
    copyFileSync("src/summary.schema.json", "dist/summary.schema.json");
  },
});
