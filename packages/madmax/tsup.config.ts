import { defineConfig } from "tsup";
import { gameBuild } from "../../tsup.shared";

// `shims`: the CommonJS build gets `import.meta.url` too (the C++ kit directory is found from it).
export default defineConfig({ ...gameBuild, shims: true });
