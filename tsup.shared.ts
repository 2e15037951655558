// The build every published library package shares (STYLE.md): ESM + CJS with types and source
// maps, ES2022, platform-neutral so the engines also run in a browser.
import type { Options } from "tsup";

export const libraryBuild: Options = {
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  // Declarations without @types/node: the engines run in browsers too, so their types must not
  // need it (and not parsing it makes the declaration build faster). Core, which has Node-only
  // parts, overrides this with `dts: true`.
  dts: { compilerOptions: { types: [] } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
};

/**
 * The build of a game package: the library build, then `dist/schema.json` (the protocol's JSON
 * Schema, published as `@arena/<game>/schema.json`) written from the built `protocolJsonSchema()`.
 */
export const gameBuild: Options = {
  ...libraryBuild,
  async onSuccess() {
    const { writeFile } = await import("node:fs/promises");
    const { pathToFileURL } = await import("node:url");
    const built = pathToFileURL(`${process.cwd()}/dist/index.js`).href;
    const game = (await import(`${built}?t=${Date.now()}`)) as {
      protocolJsonSchema(): unknown;
    };
    await writeFile("dist/schema.json", `${JSON.stringify(game.protocolJsonSchema(), null, 2)}\n`);
  },
};
