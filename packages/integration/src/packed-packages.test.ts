import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { OrderCollector } from "@arena/core";
import { engine as dragonball } from "@arena/dragonball";
import { engine as lighthouses } from "@arena/lighthouses";
import { engine as madmax } from "@arena/madmax";
import { engine as madmaxRevisited } from "@arena/madmax-revisited";
import { engine as moneyheist } from "@arena/moneyheist";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typeCheckProject } from "./compiler-host";
import { cjsScript, consumerTypeScript, demoMatchesBody, esmScript } from "./demo-matches";
import {
  addTarballs,
  cleanEnv,
  installedContents,
  installTarballs,
  packAll,
  prebuiltTarball,
  publishedPackages,
  run,
} from "./packed-project";

// Packs every published package, installs the tarballs with npm into projects outside the
// repository (an empty one gets the engines; a copy of it, every other package), and uses them as
// a user would: ESM and CJS scripts, the `arena` bin (its server too, on SQLite), and
// TypeScript type-checking under node16 (ESM and CJS) and bundler resolution. The engines-only
// project has no @types/node at all: the engines' types must not need it.

const root = fileURLToPath(new URL("../../../", import.meta.url));
const pnpm = join(root, "node_modules/.bin/pnpm");
const published = publishedPackages(root);
const libraries = [
  "@arena/core",
  "@arena/moneyheist",
  "@arena/madmax",
  "@arena/madmax-revisited",
  "@arena/dragonball",
  "@arena/lighthouses",
];

/**
 * What the reference (workspace source) plays: the same script body as the installed one (played
 * once, for both the ESM and the CommonJS script).
 */
let reference: unknown;
function referenceResults(): unknown {
  reference ??= playReference();
  return reference;
}
function playReference(): unknown {
  const games = [
    [moneyheist, 4],
    [madmax, 4],
    [madmaxRevisited, 4],
    [dragonball, 4],
    [lighthouses, 2],
  ];
  return new Function("OrderCollector", "games", `${demoMatchesBody}\nreturn results;`)(
    OrderCollector,
    games,
  );
}

function typeCheck(
  dir: string,
  name: string,
  options: object,
  files: readonly string[],
  semanticOnly?: (fileName: string) => boolean,
): string {
  const config = {
    compilerOptions: {
      // A plain project: the default lib of the target (so DOM's `AbortSignal`, `console`…),
      // strict, and declaration files checked too (the packages' and their dependencies'; not
      // TypeScript's own lib files, a quarter of each run's CPU).
      target: "ES2022",
      strict: true,
      skipLibCheck: false,
      skipDefaultLibCheck: true,
      noEmit: true,
      ...options,
    },
    files,
  };
  // Written as a file and read as `tsc -p` reads it, so `tsc -p tsconfig.<name>.json` in the
  // project shows the same; checked in this process (see compiler-host.ts).
  writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
  return typeCheckProject(dir, `tsconfig.${name}.json`, semanticOnly);
}

let work = "";
let tarballs = new Map<string, string>();

/**
 * The engines-only project, installed once by whichever describe needs it first; whether npm
 * put @types/node in it is noted right after its install, before anything else is added.
 */
let engines: { dir: string; typesNode: boolean } | undefined;
function enginesProject(): { dir: string; typesNode: boolean } {
  if (engines === undefined) {
    const dir = join(work, "engines");
    installTarballs(
      "npm",
      dir,
      libraries.map((name) => tarballs.get(name)!),
    );
    engines = { dir, typesNode: existsSync(join(dir, "node_modules/@types/node")) };
  }
  return engines;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "arena-packed-"));
  tarballs = packAll(pnpm, published, join(work, "tarballs"));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("packed packages", () => {
  it("are every published package, each with its LICENSE, README, package.json and dist", () => {
    expect([...tarballs.keys()].sort()).toEqual(
      [
        ...libraries,
        "@arena/bots",
        "@arena/cli",
        "@arena/queue",
        "@arena/server",
        "@arena/tournament",
        "@arena/viewer",
      ].sort(),
    );
    const license = readFileSync(join(root, "LICENSE"), "utf8");
    for (const pkg of published) {
      const listing = run("tar", ["-tzf", tarballs.get(pkg.name)!], work).split("\n");
      expect(listing, pkg.name).toContain("package/LICENSE");
      expect(listing, pkg.name).toContain("package/README.md");
      expect(listing, pkg.name).toContain("package/package.json");
      expect(
        listing.some((file) => file.startsWith("package/dist/")),
        pkg.name,
      ).toBe(true);
      expect(
        listing.filter((file) => /\.test\.|__fixtures__|\/src\//.test(file)),
        pkg.name,
      ).toEqual([]);
      expect(readFileSync(join(pkg.dir, "LICENSE"), "utf8"), `${pkg.name} LICENSE`).toBe(license);
    }
  });

  it("carry real versions of their internal dependencies (no workspace: ranges)", () => {
    for (const pkg of published) {
      const manifest = run("tar", ["-xzOf", tarballs.get(pkg.name)!, "package/package.json"], work);
      expect(manifest, pkg.name).not.toContain("workspace:");
    }
  });
});

describe("an outside project with the engines only (core and the five games)", () => {
  let project = "";
  beforeAll(() => {
    project = enginesProject().dir;
    writeFileSync(join(project, "play.mjs"), esmScript());
    writeFileSync(join(project, "play.cjs"), cjsScript());
    writeFileSync(join(project, "esm.mts"), consumerTypeScript);
    writeFileSync(join(project, "cjs.cts"), consumerTypeScript);
    writeFileSync(join(project, "bundler.ts"), consumerTypeScript);
  });

  it("has no esbuild and no native binary (the bot runtime is @arena/bots', not a game's)", () => {
    const { packages, native } = installedContents(project);
    expect(packages.filter((name) => name.includes("esbuild"))).toEqual([]);
    expect(native).toEqual([]);
    // What is installed: the six packages and zod, nothing else.
    expect(packages).toEqual([...libraries, "zod"].sort());
  });

  it("has no @types/node installed (nothing the engines depend on brings it)", () => {
    expect(enginesProject().typesNode).toBe(false);
    expect(existsSync(join(project, "node_modules/@types/node"))).toBe(false);
  });

  it("an ESM script plays every game exactly as the workspace source does", () => {
    const results = JSON.parse(run(process.execPath, ["play.mjs"], project));
    expect(Object.keys(results)).toHaveLength(5);
    expect(results).toEqual(referenceResults());
  });

  it("a CommonJS script plays every game exactly as the workspace source does", () => {
    const results = JSON.parse(run(process.execPath, ["play.cjs"], project));
    expect(results).toEqual(referenceResults());
  });

  // One program for node16 (the same options for ESM, CommonJS and the file with a type error; a
  // file's extension makes it ESM or CommonJS): its output must be the type error and nothing else.
  let node16: string | undefined;
  function node16Output(): string {
    if (node16 === undefined) {
      writeFileSync(
        join(project, "wrong.mts"),
        'import { engine } from "@arena/madmax";\nexport const n: string = engine.create(engine.defaultConfig(), 1, 4).round();\n',
      );
      node16 = typeCheck(project, "node16", { module: "node16", moduleResolution: "node16" }, [
        "esm.mts",
        "cjs.cts",
        "wrong.mts",
      ]);
    }
    return node16;
  }
  /** The lines of the node16 run's output that are not about wrong.mts. */
  const besidesWrong = () =>
    node16Output()
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("wrong.mts("))
      .join("\n");

  it("type-checks with moduleResolution node16, as ESM", () => {
    expect(besidesWrong()).toBe("");
    expect(node16Output()).not.toContain("esm.mts");
  });

  it("type-checks with moduleResolution node16, as CommonJS", () => {
    expect(besidesWrong()).toBe("");
    expect(node16Output()).not.toContain("cjs.cts");
  });

  it("type-checks with moduleResolution bundler", () => {
    expect(
      typeCheck(project, "bundler", { module: "esnext", moduleResolution: "bundler" }, [
        "bundler.ts",
      ]),
    ).toBe("");
  });

  it("a type error in the consumer is reported (the check can fail)", () => {
    expect(node16Output()).toMatch(/wrong\.mts\(2,14\): error TS2322/);
  });
});

describe("an outside project with every package", () => {
  let project = "";
  // A copy of the engines-only project (its manifest, lock file and node_modules; none of its
  // scripts) into which npm installs the other packages, as a user adding the cli to a project
  // that has the engines would: the same packages in the end, resolved by npm, without unpacking
  // the engines and their dependencies a second time (one npm install of ≈ 40 packages less).
  beforeAll(() => {
    project = join(work, "all");
    const base = enginesProject().dir;
    mkdirSync(project);
    run(
      "cp",
      [
        "-a",
        ...["package.json", "package-lock.json", "node_modules"].map((name) => join(base, name)),
        project,
      ],
      work,
    );
    // @arena/server's better-sqlite3 is the copy the repository's install built, with its addon
    // (`prebuiltTarball`): from the registry, npm builds it from source here (no prebuilt binary
    // can be fetched), ≈ 2 min of CPU that tests better-sqlite3's build, not our packages. Our
    // packages' manifests still name it (an override replaces a dependency, it adds none), and
    // `arena serve` below loads it.
    const sqlite = createRequire(join(root, "packages/server/package.json")).resolve(
      "better-sqlite3/package.json",
    );
    const prebuilt = prebuiltTarball(dirname(sqlite), work, {
      files: ["LICENSE", "lib", "build/Release/better_sqlite3.node"],
      installOnly: ["prebuild-install"],
    });
    const projectManifest = join(project, "package.json");
    writeFileSync(
      projectManifest,
      JSON.stringify({
        ...JSON.parse(readFileSync(projectManifest, "utf8")),
        overrides: { "better-sqlite3": `file:${prebuilt}` },
      }),
    );
    const rest = [...tarballs].filter(([name]) => !libraries.includes(name));
    addTarballs(
      "npm",
      project,
      rest.map(([, tarball]) => tarball),
    );
    // Every package is in the project, each from its own tarball.
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...tarballs.keys()].sort());
  });

  const arena = (...args: string[]) => run(join(project, "node_modules/.bin/arena"), args, project);

  it("runs the installed arena bin: list, play and replay", () => {
    const list = arena("list");
    for (const game of ["moneyheist", "madmax", "madmax-revisited", "dragonball", "lighthouses"])
      expect(list).toContain(game);
    arena("play", "moneyheist", "Demo", "Demo", "Null", "Null", "--seed", "1", "--out", "m.arena");
    expect(existsSync(join(project, "m.arena"))).toBe(true);
    // `replay` re-simulates the match and checks every recorded digest (exit 0 only if all agree).
    arena("replay", "m.arena");
  });

  it("runs the installed arena serve: the API on SQLite, a contest kept, stopped by SIGTERM", async () => {
    const token = "organiser-token-of-the-packed-test-0123456789";
    const server = spawn(
      join(project, "node_modules/.bin/arena"),
      ["serve", "--port", "0", "--data", join(project, "serve-data"), "--jobs", "1"],
      { cwd: project, env: { ...cleanEnv(), ARENA_SERVE_TOKEN: token }, stdio: "pipe" },
    );
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    try {
      let err = "";
      server.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      // `arena serve` prints its URL on stdout once it listens.
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        server.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(out.trim());
        });
        void exited.then((code) => reject(new Error(`arena serve exited ${code}: ${err}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const created = await fetch(`${url}/api/contests`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Outside", game: "moneyheist", format: "ladder" }),
      });
      expect(created.status).toBe(200);
      const listed = (await (await fetch(`${url}/api/contests`)).json()) as {
        contests: Array<{ name: string }>;
      };
      expect(listed.contests.map((contest) => contest.name)).toEqual(["Outside"]);
      expect(existsSync(join(project, "serve-data/arena.sqlite"))).toBe(true);
    } finally {
      server.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });

  it("type-checks imports of the cli and the viewer (node16 ESM)", () => {
    writeFileSync(
      join(project, "tools.mts"),
      [
        'import { findGame, games, main, type CliIo } from "@arena/cli";',
        'import { viewerHtml, type ViewerFile } from "@arena/viewer";',
        "const file: ViewerFile = { name: 'x', bytes: new Uint8Array() };",
        "export const page: string = viewerHtml(file);",
        "export const names: string[] = games.map((game) => game.name);",
        "export const game = findGame('madmax');",
        "export const run: (argv: readonly string[], io: CliIo) => Promise<number> = main;",
        "",
      ].join("\n"),
    );
    // Our own declarations are checked whole (the project's file and every @arena .d.ts, with
    // what they use from third-party ones); the third-party declarations' own bodies (@types/node,
    // bullmq, ioredis…: their authors' to check, and two thirds of this check's CPU) are only
    // parsed. The engines-only project above checks its third-party .d.ts whole: its claim is
    // that nothing they bring needs @types/node.
    const ours = (fileName: string) =>
      !fileName.includes("/node_modules/") || fileName.includes("/node_modules/@arena/");
    expect(
      typeCheck(
        project,
        "tools",
        { module: "node16", moduleResolution: "node16" },
        ["tools.mts"],
        ours,
      ),
    ).toBe("");
  });
});
