// What an outside project gets when it installs only a game (`npm install @arena/moneyheist`):
// the game's and core's packed tarballs (pnpm pack, as published) installed with npm into an
// empty project in a temporary directory, then its `node_modules` measured: bytes on disk (du,
// apparent size), files, packages, whether esbuild is among them and every native binary
// (`*.node` addons, ELF/Mach-O/PE executables). The registry's third-party packages come from
// npm's cache when it has them.
// `--root DIR` measures another checkout (built), e.g. main's before a change.
//   node bench/install-size.mjs [--root DIR] [--game moneyheist]
import { execFileSync } from "node:child_process";
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { root: { type: "string" }, game: { type: "string", default: "moneyheist" } },
});
const root = resolve(values.root ?? fileURLToPath(new URL("..", import.meta.url)));
const pnpm = join(root, "node_modules/.bin/pnpm");
const env = {
  ...process.env,
  NO_COLOR: "1",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};
const run = (command, args, cwd) => execFileSync(command, args, { cwd, env, encoding: "utf8" });

/** The first bytes of a file say whether it is a native executable or library. */
function isNative(file) {
  if (file.endsWith(".node")) return true;
  const fd = openSync(file, "r");
  const head = Buffer.alloc(4);
  const read = readSync(fd, head, 0, 4, 0);
  closeSync(fd);
  if (read < 4) return false;
  const magic = head.readUInt32BE(0);
  return (
    magic === 0x7f454c46 || // ELF
    magic === 0xcffaedfe ||
    magic === 0xcefaedfe ||
    magic === 0xfeedfacf || // Mach-O
    head.subarray(0, 2).toString("latin1") === "MZ" // PE
  );
}

/** Every file under `dir`. */
function files(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

const work = mkdtempSync(join(tmpdir(), "arena-install-size-"));
try {
  const packed = JSON.parse(
    run(
      pnpm,
      [
        "-r",
        "--filter",
        "@arena/core",
        "--filter",
        `@arena/${values.game}`,
        "pack",
        "--pack-destination",
        work,
        "--json",
      ],
      join(root, "packages/core"),
    ),
  );
  const project = join(work, "project");
  run("mkdir", ["-p", project], work);
  writeFileSync(
    join(project, "package.json"),
    '{ "name": "outside", "version": "1.0.0", "private": true }\n',
  );
  run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packed.map((p) => p.filename)],
    project,
  );
  const modules = join(project, "node_modules");
  const all = files(modules);
  const bytes = Number(run("du", ["-sb", modules], project).split("\t")[0]);
  // The packages installed: every `node_modules/<name>` and `node_modules/@scope/<name>` folder
  // (at any depth) holding a package.json.
  const names = new Set(
    all
      .map((file) => relative(modules, file).split("/"))
      .filter((parts) => parts.at(-1) === "package.json")
      .map((parts) => parts.slice(0, -1))
      .filter((dirs) => {
        const at = dirs.lastIndexOf("node_modules");
        const rest = dirs.slice(at + 1);
        return rest.length === 1 || (rest.length === 2 && rest[0].startsWith("@"));
      })
      .map((dirs) => dirs.slice(dirs.lastIndexOf("node_modules") + 1).join("/")),
  );
  const native = all.filter(isNative).map((file) => relative(modules, file));
  console.log(`npm install of packed @arena/core + @arena/${values.game} (${root})`);
  console.log(
    `  node_modules: ${(bytes / 1e6).toFixed(2)} MB (du -sb), ${all.length} files, ${names.size} packages: ${[...names].sort().join(", ")}`,
  );
  console.log(
    `  esbuild: ${[...names].some((name) => name.includes("esbuild")) ? "yes" : "no"}; native binaries: ${native.length === 0 ? "none" : native.join(", ")}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
