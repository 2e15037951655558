// Writes each game README's protocol tables (between the protocol markers) from the game's
// built schema (`protocolJsonSchema()` in dist/), so the tables cannot drift from the schema.
// Usage: `pnpm build && pnpm protocol-docs` (or `node scripts/protocol-docs.mjs --check`, which
// only reports READMEs that differ and exits 1). Each game's protocol-schema test also fails when
// its README differs.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;
const core = await import(pathToFileURL(join(root, "packages/core/dist/index.js")).href);
const check = process.argv.includes("--check");
let stale = 0;
for (const name of readdirSync(join(root, "packages"))) {
  const dir = join(root, "packages", name);
  if (!existsSync(join(dir, "src/protocol.ts"))) continue;
  const game = await import(pathToFileURL(join(dir, "dist/index.js")).href);
  const readmePath = join(dir, "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const markdown = core.protocolMarkdown(game.protocolJsonSchema());
  const next = core.replaceProtocolSection(readme, markdown, readmePath);
  if (next === readme) continue;
  stale++;
  if (check) console.log(`${readmePath}: protocol tables differ from the schema`);
  else {
    writeFileSync(readmePath, next);
    console.log(`${readmePath}: protocol tables written`);
  }
}
if (check && stale > 0) process.exit(1);
