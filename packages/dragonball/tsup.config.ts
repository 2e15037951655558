import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.shared";

// `shims`: the CommonJS build gets `import.meta.url` too (the C++ kit directory is found from it).
export default defineConfig({ ...libraryBuild, shims: true });
