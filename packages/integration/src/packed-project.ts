import { execFileSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";

/** A workspace package that is published (not `private`). */
export interface PublishedPackage {
  /** The package name, e.g. `@arena/core`. */
  name: string;
  /** Its directory. */
  dir: string;
}

/** The published packages under `root/packages`, by folder name. */
export function publishedPackages(root: string): PublishedPackage[] {
  const packages: PublishedPackage[] = [];
  for (const folder of readdirSync(join(root, "packages")).sort()) {
    const file = join(root, "packages", folder, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { name: string; private?: boolean };
    if (!manifest.private)
      packages.push({ name: manifest.name, dir: join(root, "packages", folder) });
  }
  return packages;
}

/**
 * The environment for a child npm or pnpm: this process's, less the `npm_*` variables the
 * running package manager set for its own script (they would configure the child instead).
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.toLowerCase().startsWith("npm_")) env[key] = value;
  return { ...env, NO_COLOR: "1", npm_config_update_notifier: "false", npm_config_fund: "false" };
}

/** Runs a command, returning its stdout; a failure throws with the command's whole output. */
export function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      env: cleanEnv(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(" ")} (in ${cwd}) exited ${e.status}:\n${e.stdout ?? ""}${e.stderr ?? ""}`,
    );
  }
}

/**
 * Packs every package with pnpm (which writes the real versions in place of `workspace:^`) into
 * `dest`, in one pnpm run (`pnpm -r pack`, the packages selected by name: a pnpm start-up costs
 * more than packing one package); returns each package's tarball path by name.
 */
export function packAll(
  pnpm: string,
  packages: readonly PublishedPackage[],
  dest: string,
): Map<string, string> {
  mkdirSync(dest, { recursive: true });
  const filters = packages.flatMap((pkg) => ["--filter", pkg.name]);
  const output = run(
    pnpm,
    ["-r", ...filters, "pack", "--pack-destination", dest, "--json"],
    packages[0]!.dir,
  );
  const packed = JSON.parse(output) as Array<{ name: string; filename: string }>;
  const tarballs = new Map<string, string>();
  for (const pkg of packages) {
    const made = packed.filter((entry) => entry.name === pkg.name);
    if (made.length !== 1 || !existsSync(made[0]!.filename))
      throw new Error(`pnpm pack of ${pkg.name} made ${JSON.stringify(made)}`);
    tarballs.set(pkg.name, made[0]!.filename);
  }
  if (packed.length !== packages.length)
    throw new Error(`pnpm pack made ${packed.map((entry) => entry.name).join(", ")}`);
  return tarballs;
}

/**
 * Makes an empty project in `dir` and installs `tarballs` into it with npm, as a user would
 * (third-party dependencies, if any, from the registry or npm's cache).
 */
export function installTarballs(npm: string, dir: string, tarballs: readonly string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "outside-project", version: "1.0.0", private: true }, null, 2)}\n`,
  );
  addTarballs(npm, dir, tarballs);
}

/** Installs `tarballs` with npm into the project in `dir`, beside what it has. */
export function addTarballs(npm: string, dir: string, tarballs: readonly string[]): void {
  run(npm, ["install", "--no-audit", "--no-fund", "--prefer-offline", ...tarballs], dir);
}

/** Whether a file is a native binary: a `.node` addon, or an ELF, Mach-O or PE executable. */
function isNative(file: string): boolean {
  if (file.endsWith(".node")) return true;
  const head = Buffer.alloc(4);
  const fd = openSync(file, "r");
  let read: number;
  try {
    read = readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
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

/**
 * What a project's `node_modules` holds: the installed packages (every folder with a
 * package.json right under a `node_modules`, scoped ones too) and its native binaries, relative
 * to `node_modules`.
 */
export function installedContents(dir: string): { packages: string[]; native: string[] } {
  const modules = join(dir, "node_modules");
  const packages: string[] = [];
  const native: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const parts = relative(modules, path).split("/");
        const rest = parts.slice(parts.lastIndexOf("node_modules") + 1);
        if (
          entry.name === "package.json" &&
          (rest.length === 2 || (rest.length === 3 && rest[0]!.startsWith("@")))
        ) {
          packages.push(rest.slice(0, -1).join("/"));
        }
        if (isNative(path)) native.push(relative(modules, path));
      }
    }
  };
  walk(modules);
  return { packages: packages.sort(), native: native.sort() };
}

/** What of a native package `prebuiltTarball` packs (beside its package.json). */
export interface PrebuiltParts {
  /** Files and folders relative to the package, its compiled addon among them. */
  files: readonly string[];
  /** Dependencies only its install script uses (e.g. `prebuild-install`), left out. */
  installOnly: readonly string[];
}

/**
 * Packs the copy of a native package the repository's install built (`dir`: the package's folder)
 * as an npm tarball in `dest`, for an outside project's `overrides`: the files of `parts`, its
 * compiled addon among them, and its package.json without the `install` script (which would
 * download or build the addon again) and the dependencies only that script used. Returns the
 * tarball's path.
 */
export function prebuiltTarball(dir: string, dest: string, parts: PrebuiltParts): string {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    name: string;
    version: string;
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  const stage = join(dest, "prebuilt", "package");
  mkdirSync(stage, { recursive: true });
  for (const file of parts.files) {
    mkdirSync(join(stage, dirname(file)), { recursive: true });
    run("cp", ["-R", join(dir, file), join(stage, file)], dest);
  }
  delete manifest.scripts?.install;
  for (const name of parts.installOnly) delete manifest.dependencies?.[name];
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const tarball = join(dest, `${manifest.name}-${manifest.version}-prebuilt.tgz`);
  run("tar", ["-czf", tarball, "-C", join(dest, "prebuilt"), "package"], dest);
  rmSync(join(dest, "prebuilt"), { recursive: true, force: true });
  return tarball;
}
