// `arena new`: every starter of every game and language is written, played against Demo through
// the cli, and its own test is run as its author would run it.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScaled } from "@arena/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../registry";
import type { RejectedJson } from "../replay-output";
import type { ResultJson } from "../result";
import { runCli } from "../test-io";
import { version } from "../version";
import {
  cloneRoot,
  hasStarter,
  nextSteps,
  STARTER_LANGUAGES,
  starterBotSpec,
  writeStarter,
} from "./new";

const root = mkdtempSync(join(tmpdir(), "arena-new-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const packages = fileURLToPath(new URL("../../../", import.meta.url));
// The C++ starters' binaries are cached where the games' C++ player tests cache theirs (core's
// `cppTestbed`: one directory under the system's temporary directory), not in the user's cache,
// and kept between runs and clones: a starter is compiled again (g++ -O2, most of this file's CPU)
// only when its source, its kit, the flags or the compiler changed (the cache key hashes them
// all); a fresh machine (CI) compiles every one.
process.env.ARENA_CACHE_DIR = join(tmpdir(), "arena-cpp-test-cache");
const cliBin = join(packages, "cli", "dist", "bin.js");
/** Runs the arena bin and fails if it wrote on stderr (the Python starters' test runs arena so). */
const quietStderr = fileURLToPath(
  new URL("../__fixtures__/arena-quiet-stderr.sh", import.meta.url),
);
const python = spawnSync("python3", ["--version"]).status === 0;
const compiler = spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"]).status === 0;

/** What `npm install` gives the starter: @arena/cli and the game's package. */
function linkPackages(dir: string, game: string): void {
  mkdirSync(join(dir, "node_modules", "@arena"), { recursive: true });
  symlinkSync(join(packages, "cli"), join(dir, "node_modules", "@arena", "cli"), "dir");
  symlinkSync(join(packages, game), join(dir, "node_modules", "@arena", game), "dir");
}

/** Every starter this machine can test: each game's ts, js and python, and C++ where it has a kit. */
const starters = games.flatMap((engine) =>
  STARTER_LANGUAGES.filter((lang) => lang !== "cpp" || hasStarter(engine.name, "cpp")).map(
    (lang) => ({ engine, lang, dir: join(root, `${engine.name}-${lang}`) }),
  ),
);
/** What `arena new` answered for each starter's folder. */
const written = new Map<string, { code: number; out: string; err: string }>();

/** What one test of a starter's own tests reported (see __fixtures__/node-test-files.mjs). */
interface OwnTest {
  file: string;
  name: string;
  passed: boolean;
  error?: string;
}
/** Node's test runner over the starters whose test is `node --test`. */
let ownTests: Promise<{ tests: OwnTest[]; output: string }> | undefined;
/**
 * The JavaScript, TypeScript and C++ starters' own tests (`npm test`: `node --test` in the
 * starter's folder, which finds `bot.test.mjs` and runs it in a process of its own). The first
 * starter's is run exactly so, in its folder; the others' test files, the same template
 * (templates/{ts,js,cpp}/bot-test.mjs are one file), are imported into one Node process beside it
 * (__fixtures__/node-test-in-one-process.mjs), where each test runs in turn: the same test code
 * and the same assertions against the same @arena/cli, without a test runner, a Node start and an
 * @arena/cli import per starter (about 0.6 s of CPU each, ≈ 8 s for the thirteen). A starter's
 * test finds its folder from its own URL, not from the working directory. The reporter names the
 * file of every test that ran, so each starter's result is its own; the spec reporter's output
 * (stderr) is the failure message.
 */
function nodeTests(dirs: readonly string[]) {
  const [first, ...others] = dirs;
  ownTests ??= Promise.all([
    runNode(["--test", ...reporters], first!),
    runNode([...reporters, inOneProcess, ...others.map((dir) => join(dir, "bot.test.mjs"))], root),
  ]).then((runs) => ({
    tests: runs.flatMap((run) => run.tests),
    output: runs.map((run) => run.output).join("\n"),
  }));
  return ownTests;
}
/** Runs `node args…` in `cwd`; the tests that the file reporter saw, and stderr. */
function runNode(args: readonly string[], cwd: string) {
  return new Promise<{ tests: OwnTest[]; output: string }>((done, fail) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    child.on("error", fail);
    child.on("close", () => {
      const tests = out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as OwnTest);
      done({ tests, output: err });
    });
  });
}
const fixture = (name: string) =>
  fileURLToPath(new URL(`../__fixtures__/${name}`, import.meta.url));
const reporters = [
  `--test-reporter=${fixture("node-test-files.mjs")}`,
  "--test-reporter-destination=stdout",
  "--test-reporter=spec",
  "--test-reporter-destination=stderr",
];
const inOneProcess = fixture("node-test-in-one-process.mjs");

describe("arena new", () => {
  // `arena new` in-process for every starter first: the starters' own tests then run together.
  beforeAll(async () => {
    for (const { engine, lang, dir } of starters) {
      written.set(dir, await runCli(["new", engine.name, "--lang", lang, dir], root));
      linkPackages(dir, engine.name);
    }
  });

  for (const { engine, lang, dir } of starters) {
    // A limit that only stops a hang: the first of these tests waits for every starter's own test
    // (a whole match each; the C++ starters compiled with g++ -O2 unless cached, over a minute
    // each on a busy 2-core machine).
    it(`${engine.name} --lang ${lang}: written, played against Demo, its own test passes`, {
      timeout: loadScaled(900_000),
    }, async (context) => {
      if (lang === "python" && !python) context.skip("python3 is not installed");
      if (lang === "cpp" && !compiler) context.skip("g++ is not installed");
      const made = written.get(dir)!;
      expect(made.err).toBe("");
      expect(made.code).toBe(0);
      expect(made.out).toContain(`wrote a ${engine.title} bot in ${lang}`);
      expect(readFileSync(join(dir, "README.md"), "utf8")).not.toMatch(/\{\{\w+\}\}/);

      // The starter's own test plays a whole match against Demo and checks what a play here
      // would (exit 0, nothing on stderr, the bot not frozen), so the starters are played here
      // only when that test cannot run (no built cli). The Python test does not see arena's
      // stderr: it runs arena through a wrapper that fails when arena writes on stderr.
      const ownTestRuns = existsSync(cliBin);
      if (!ownTestRuns) {
        const opponents = Array.from({ length: engine.players.default - 1 }, () => "Demo");
        const played = await runCli(
          ["play", engine.name, starterBotSpec(lang), ...opponents, "--seed", "2", "--json"],
          dir,
        );
        expect(played.err).toBe("");
        expect(played.code).toBe(0);
        const bot = (
          JSON.parse(played.out) as { players: Array<{ status: string; fault?: string }> }
        ).players[0]!;
        expect(bot.fault).toBeUndefined();
        expect(bot.status).toBe("ok");
      }

      if (!ownTestRuns) {
        context.skip(`the starter's own test needs the built cli (${cliBin}): run pnpm build`);
      }
      if (lang === "python") {
        const own = spawnSync("python3", ["-m", "unittest"], {
          cwd: dir,
          encoding: "utf8",
          env: { ...process.env, ARENA: `sh ${quietStderr} ${process.execPath} ${cliBin}` },
        });
        expect(own.status, `${own.stdout}\n${own.stderr}`).toBe(0);
        return;
      }
      const run = await nodeTests(
        starters
          .filter((s) => s.lang !== "python" && (s.lang !== "cpp" || compiler))
          .map((s) => s.dir),
      );
      // What `npm test` runs, and the file it finds (Node's default pattern `**/*.test.mjs`).
      const scripts = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts;
      expect(scripts.test).toBe("node --test");
      const file = join(dir, "bot.test.mjs");
      const own = run.tests.filter((test) => test.file === file);
      expect(own.length, `no test of ${file} ran:\n${run.output}`).toBeGreaterThan(0);
      expect(
        own.filter((test) => !test.passed),
        run.output,
      ).toEqual([]);
    });
  }

  // Issue 40: a starter is a student's first sight of the game and of the viewer's timeline, so
  // every order it gives is one the rules accept on the board it sees. The one rejection no bot
  // can foresee is an order for a unit that another player killed earlier in the same round
  // (the players' orders run interleaved, as in the original, which ignores these too): each
  // such rejection must name a unit whose death the replay records in that very round.
  for (const { engine, lang, dir } of starters) {
    it(`${engine.name} --lang ${lang}: against Demo (seed 1) the game rejects none of its orders`, {
      timeout: loadScaled(600_000),
    }, async (context) => {
      if (lang === "python" && !python) context.skip("python3 is not installed");
      if (lang === "cpp" && !compiler) context.skip("g++ is not installed");
      const replay = join(dir, "seed1.arena");
      const opponents = Array.from({ length: engine.players.default - 1 }, () => "Demo");
      const bot = starterBotSpec(lang);
      const played = await runCli(
        ["play", engine.name, bot, ...opponents, "--seed", "1", "--out", replay, "--quiet"],
        dir,
      );
      expect(played.err).toBe("");
      expect(played.code).toBe(0);
      const read = await runCli(["replay", replay, "--json", "--events"], dir);
      expect(read.code, read.err).toBe(0);
      const { rejected = [], events = [] } = JSON.parse(read.out) as ResultJson;
      const mine = rejected.filter((rejection) => rejection.player === 0);
      expect(mine.filter((rejection) => !killedThatRound(rejection, events))).toEqual([]);
    });
  }

  it("the TypeScript starters type-check against the games' own types", () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const starters = games
      .map((engine) => join(root, `${engine.name}-ts`))
      .filter((dir) => existsSync(dir));
    expect(starters).toHaveLength(games.length);
    // One tsc run over every starter, each with its own tsconfig's options.
    const options = JSON.parse(readFileSync(join(starters[0]!, "tsconfig.json"), "utf8"));
    const project = join(root, "tsconfig.json");
    writeFileSync(
      project,
      JSON.stringify({ ...options, include: starters.map((dir) => join(dir, "bot.ts")) }),
    );
    const run = spawnSync(process.execPath, [tsc, "-p", project], { encoding: "utf8" });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  });

  it.each([
    [["new"], /arena new needs a game/],
    [["new", "chess"], /unknown game 'chess'/],
    [
      ["new", "moneyheist", "--lang", "cobol"],
      /--lang must be one of ts, js, python, cpp, got 'cobol'/,
    ],
    [
      ["new", "lighthouses", "--lang", "cpp"],
      /Lighthouses has no C\+\+ kit yet: --lang cpp is for moneyheist, madmax, madmax-revisited, dragonball;/,
    ],
    [["new", "moneyheist", "--colour", "red"], /unknown option --colour for 'arena new'/],
  ])("bad input %j: one line, exit 2", async (argv, message) => {
    const { code, err } = await runCli(argv, root);
    expect(code).toBe(2);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toMatch(message);
  });

  it("made as from npm: the packages from npm (^version), the arena command on the PATH", () => {
    for (const lang of STARTER_LANGUAGES) {
      const dir = join(root, `published-${lang}`);
      writeStarter("moneyheist", lang, dir, null);
      const readme = readFileSync(join(dir, "README.md"), "utf8");
      expect(readme).not.toMatch(/\{\{\w+\}\}|file:|packages\/cli/);
      if (lang === "python") {
        expect(readme).toMatch(/^npm install -g @arena\/cli +# the arena command/m);
        expect(readme).toMatch(/^arena play moneyheist "exec:python3 bot\.py" Demo Demo Demo$/m);
        expect(readFileSync(join(dir, "test_bot.py"), "utf8")).toContain(
          'os.environ.get("ARENA", "arena")',
        );
        continue;
      }
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(manifest.devDependencies["@arena/cli"]).toBe(`^${version}`);
      expect(manifest.devDependencies["@arena/moneyheist"]).toBe(`^${version}`);
      expect(manifest.scripts.arena).toBe("arena");
      expect(readme).toMatch(/^npm install +# @arena\/cli and @arena\/moneyheist from npm/m);
    }
    expect(nextSteps("moneyheist", "js", "my bot", null)).toBe(
      "  cd 'my bot'\n  npm install        # @arena/cli and @arena/moneyheist from npm\n  npm run play\n  npm test\n",
    );
  });

  it("refuses a directory that is not empty", async () => {
    const dir = join(root, "taken");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "mine.txt"), "keep me");
    const { code, err } = await runCli(["new", "dragonball", dir], root);
    expect(code).toBe(2);
    expect(err).toMatch(/taken is not empty/);
    expect(readFileSync(join(dir, "mine.txt"), "utf8")).toBe("keep me");
  });
});

/**
 * The README's commands of a starter made from this clone, run exactly as written in a fresh
 * folder (issue 40: `npm install` gave a 404 for @arena/cli, not published yet): `arena new` by
 * the clone's launcher, then every line of the README's sh block, which `arena new`'s "Next:"
 * also prints. The JavaScript and C++ starters' `npm install` links the clone's packages (no
 * registry: the TypeScript starter's also fetches typescript, so it is not run here); the Python
 * starter's commands run the clone's launcher.
 */
const npm = spawnSync("npm", ["--version"]).status === 0;
describe.skipIf(!npm || !existsSync(cliBin))("a starter made from a clone", () => {
  const clone = cloneRoot()!;
  const launcher = join(clone, "packages", "cli", "bin", "arena.js");
  /** The commands of the README's first sh block, without their comments. */
  const readmeCommands = (dir: string): string[] => {
    const block = /```sh\n([\s\S]*?)```/.exec(readFileSync(join(dir, "README.md"), "utf8"))![1]!;
    return block
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line !== "");
  };
  const cases = [
    ["js", true],
    ["cpp", compiler],
    ["python", python],
  ] as const;
  for (const [lang, runnable] of cases) {
    it(`--lang ${lang}: the README's commands, as written, in a fresh folder`, {
      timeout: loadScaled(900_000),
    }, (context) => {
      if (!runnable) context.skip(`${lang === "cpp" ? "g++" : "python3"} is not installed`);
      const folder = mkdtempSync(join(tmpdir(), "arena-clone-starter-"));
      try {
        const made = spawnSync(
          process.execPath,
          [launcher, "new", "moneyheist", "--lang", lang, "mybot"],
          { cwd: folder, encoding: "utf8" },
        );
        expect(made.status, made.stderr).toBe(0);
        const dir = join(folder, "mybot");
        const commands = readmeCommands(dir);
        // "Next:" prints the same commands after `cd mybot`.
        const next = made.stdout
          .slice(made.stdout.indexOf("Next:\n") + 6)
          .split("\n")
          .map((line) => line.replace(/\s+#.*$/, "").trim())
          .filter((line) => line !== "");
        expect(next).toEqual(["cd mybot", ...commands]);
        if (lang === "python")
          expect(commands[0]).toBe(
            `node ${launcher} play moneyheist "exec:python3 bot.py" Demo Demo Demo`,
          );
        else expect(commands).toEqual(["npm install", "npm run play", "npm test"]);
        for (const command of commands) {
          const run = spawnSync("sh", ["-c", command], {
            cwd: dir,
            encoding: "utf8",
            // No audit or funding requests to the registry (the commands do not need it).
            env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false" },
          });
          expect(run.status, `${command}\n${run.stdout}\n${run.stderr}`).toBe(0);
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});

/**
 * Whether `rejection` is an order for a unit killed earlier in its round: `dead-unit`, and the
 * replay's events of that round (the step after the turn) record the death of the unit ordered
 * (`unit`, Mad Max Revisited's `car`, or Bola de Drac's goku, whose id is its player's number).
 */
function killedThatRound(rejection: RejectedJson, events: NonNullable<ResultJson["events"]>) {
  if (rejection.reason !== "dead-unit") return false;
  const order = rejection.order as { unit?: number; car?: number } | null;
  const unit = order?.unit ?? order?.car ?? rejection.player;
  return events.some(
    (event) =>
      event.type === "death" &&
      event.step === rejection.step + 1 &&
      (event as { unit?: number }).unit === unit,
  );
}
