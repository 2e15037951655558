import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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
