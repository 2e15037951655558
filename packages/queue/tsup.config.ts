import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// Node-only (Redis, child processes). `processor.ts` is the BullMQ sandboxed processor: a file
// each worker's child processes load on their own, so it is an entry of its own.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/processor.ts"],
  platform: "node",
  shims: true,
  dts: { entry: "src/index.ts" },
});
