import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ArenaError } from "@arena/core";
import { checkFlags, type ParsedArgs } from "../args";
import type { Command } from "../command";
import type { CliIo } from "../io";
import { version } from "../main";
import { findGame, games } from "../registry";

/** The languages `arena new` writes a starter in. */
export const STARTER_LANGUAGES = ["ts", "js", "python", "cpp"] as const;
/** A starter's language. */
export type StarterLanguage = (typeof STARTER_LANGUAGES)[number];

const helpText = (): string => `Usage: arena new <game> [--lang ts|js|python|cpp] [DIR]

Writes a small working bot project for <game> into DIR (default ./<game>-bot, which must be
empty or absent): the bot, a README, a run command and a test that plays it against Demo.
  --lang ts       a TypeScript module bot (default), run as it is by 'arena play'
  --lang js       a JavaScript module bot
  --lang python   a Python program speaking JSON lines on stdin/stdout
  --lang cpp      a C++ player of the original kit's API (games with a C++ kit: ${cppGames()})
`;

/** Per language: the files of the project, as [template path, file written]. */
const FILES: Record<StarterLanguage, ReadonlyArray<readonly [string, string]>> = {
  ts: [
    ["bots/{{game}}.ts", "bot.ts"],
    ["ts/bot-test.mjs", "bot.test.mjs"],
    ["ts/package.json", "package.json"],
    ["ts/tsconfig.json", "tsconfig.json"],
    ["ts/README.md", "README.md"],
    ["ts/gitignore", ".gitignore"],
  ],
  js: [
    ["bots/{{game}}.mjs", "bot.mjs"],
    ["js/bot-test.mjs", "bot.test.mjs"],
    ["js/package.json", "package.json"],
    ["js/README.md", "README.md"],
    ["js/gitignore", ".gitignore"],
  ],
  cpp: [
    ["bots/{{game}}.cc", "AIStarter.cc"],
    ["cpp/bot-test.mjs", "bot.test.mjs"],
    ["cpp/package.json", "package.json"],
    ["cpp/README.md", "README.md"],
    ["cpp/gitignore", ".gitignore"],
  ],
  python: [
    ["bots/{{game}}.py", "bot.py"],
    ["python/test_bot.py", "test_bot.py"],
    ["python/README.md", "README.md"],
    ["python/gitignore", ".gitignore"],
  ],
};

const BOT_SPEC: Record<StarterLanguage, string> = {
  ts: "./bot.ts",
  js: "./bot.mjs",
  python: "exec:python3 bot.py",
  cpp: "./AIStarter.cc",
};

/** The games whose package ships a C++ compatibility kit (`engine.cpp`) and that have a C++ starter. */
const cppGames = (): string =>
  games
    .filter((engine) => engine.cpp !== undefined && hasStarter(engine.name, "cpp"))
    .map((engine) => engine.name)
    .join(", ");

/** Whether the cli has a starter bot of `game` in `language`. */
export function hasStarter(game: string, language: StarterLanguage): boolean {
  const extension = { ts: "ts", js: "mjs", python: "py", cpp: "cc" }[language];
  return existsSync(join(templatesDir(), "bots", `${game}.${extension}`));
}

/** The `templates/` folder shipped with the cli (beside `dist/`, or beside `src/` in the repo). */
function templatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    const candidate = join(dir, "templates");
    if (existsSync(join(candidate, "bots"))) return candidate;
    dir = dirname(dir);
  }
  throw new Error("the cli's templates/ folder is missing: reinstall @arena/cli");
}

/**
 * The repository this cli runs from when it is a clone's workspace package (`packages/cli` of a
 * pnpm workspace, with its sources), or undefined when it is an installed @arena/cli. A starter
 * made from a clone takes @arena/cli and the game from that clone (the packages are not on npm
 * yet, and a clone's may be newer).
 */
export function cloneRoot(): string | undefined {
  const cli = dirname(templatesDir());
  const root = resolve(cli, "..", "..");
  const fromClone =
    basename(cli) === "cli" &&
    existsSync(join(cli, "src")) &&
    existsSync(join(root, "pnpm-workspace.yaml"));
  return fromClone ? root : undefined;
}

/**
 * Where a starter gets arena from: npm (`^version`, the `arena` command once installed), or the
 * clone it was made from (`file:` links to its packages, and its launcher run by node).
 */
function arenaSource(game: string, root: string | null): Record<string, string> {
  if (root === null) {
    return {
      cliDependency: `^${version}`,
      gameDependency: `^${version}`,
      installs: `@arena/cli and @arena/${game} from npm`,
      arena: "arena",
      arenaSetup:
        "npm install -g @arena/cli                                   # the arena command (Node 20+)\n",
    };
  }
  const launcher = shellWord(join(root, "packages", "cli", "bin", "arena.js"));
  return {
    cliDependency: `file:${join(root, "packages", "cli")}`,
    gameDependency: `file:${join(root, "packages", game)}`,
    installs: `links @arena/cli and @arena/${game} from the clone at ${root} (built by its pnpm install)`,
    arena: `node ${launcher}`,
    arenaSetup: "",
  };
}

/** `word` as one shell (and Python `shlex`) word: quoted when it has to be. */
const shellWord = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/** Demo for every other seat of a default match. */
const demoOpponents = (engine: { players: { default: number } }): string[] =>
  Array.from({ length: engine.players.default - 1 }, () => "Demo");

/** The bot spec `arena play` takes for a starter in `language` (e.g. `./bot.ts`). */
export function starterBotSpec(language: StarterLanguage): string {
  return BOT_SPEC[language];
}

/**
 * Writes the starter project of `game` in `language` into `dir` (created; it must be empty or
 * absent) and returns the files written, relative to `dir`. `clone`: the repository its arena
 * comes from (default `cloneRoot()`), or null for npm's.
 */
export function writeStarter(
  gameName: string,
  language: StarterLanguage,
  dir: string,
  clone: string | null = cloneRoot() ?? null,
): string[] {
  const engine = findGame(gameName);
  if (language === "cpp" && engine.cpp === undefined)
    throw new ArenaError(
      "BAD_FLAG",
      `${engine.title} has no C++ kit yet: --lang cpp is for ${cppGames()}; use ts, js or python`,
    );
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new ArenaError(
      "BAD_DIR",
      `${dir} is not empty: give another directory (arena new ${engine.name} --lang ${language} DIR)`,
    );
  const opponents = demoOpponents(engine);
  const values: Record<string, string> = {
    game: engine.name,
    title: engine.title,
    version,
    botSpec: BOT_SPEC[language],
    opponents: opponents.join(" "),
    ...arenaSource(engine.name, clone),
  };
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  const templates = templatesDir();
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [template, target] of FILES[language]) {
    const text = readFileSync(join(templates, fill(template)), "utf8");
    writeFileSync(join(dir, target), fill(text));
    written.push(target);
  }
  return written;
}

/** `arena new <game> [--lang ts|js|python] [DIR]`: writes a starter bot project. */
export function newProject(args: ParsedArgs, io: CliIo): number {
  if (args.flags.has("help") || args.positionals[0] === "--help") {
    io.out(helpText());
    return 0;
  }
  checkFlags(args, new Set(["lang", "help", "debug"]), "new");
  const [gameName, target, ...extra] = args.positionals;
  if (gameName === undefined)
    throw new ArenaError(
      "BAD_ARGS",
      "arena new needs a game: arena new <game> [--lang ts|js|python|cpp] [DIR]",
    );
  if (extra.length > 0) throw new ArenaError("BAD_ARGS", `unexpected argument '${extra[0]}'`);
  const lang = args.flags.get("lang") ?? "ts";
  if (lang === true || !(STARTER_LANGUAGES as readonly string[]).includes(lang))
    throw new ArenaError(
      "BAD_FLAG",
      `--lang must be one of ${STARTER_LANGUAGES.join(", ")}, got '${lang === true ? "" : lang}'`,
    );
  const language = lang as StarterLanguage;
  const engine = findGame(gameName);
  const dir = resolve(io.cwd, target ?? `${engine.name}-bot`);
  const files = writeStarter(engine.name, language, dir);
  const shown = relative(io.cwd, dir) || ".";
  io.out(
    `wrote a ${engine.title} bot in ${language} to ${shown}: ${files.join(", ")}\nNext:\n${nextSteps(engine.name, language, shown)}`,
  );
  return 0;
}

/** The commands to run next, exactly as the starter's README has them (`clone`: `writeStarter`'s). */
export function nextSteps(
  game: string,
  language: StarterLanguage,
  dir: string,
  clone: string | null = cloneRoot() ?? null,
): string {
  const source = arenaSource(game, clone);
  const cd = `  cd ${shellWord(dir)}\n`;
  if (language === "python") {
    const opponents = demoOpponents(findGame(game)).join(" ");
    const setup = clone === null ? "  npm install -g @arena/cli\n" : "";
    return `${cd}${setup}  ${source.arena} play ${game} "exec:python3 bot.py" ${opponents}\n  python3 -m unittest\n`;
  }
  return `${cd}  npm install        # ${source.installs}\n  npm run play\n  npm test\n`;
}

/** `arena new`: writes a starter bot project. */
export const newCommand: Command = {
  name: "new",
  usage: "<game> [--lang ts|js|python|cpp] [DIR]",
  description:
    "Writes a small working bot project for <game> (a bot, a README, a run command and a test that plays it against Demo).",
  flags: [
    { name: "lang", type: "string", value: "LANG", help: "ts, js, python or cpp (default ts)" },
  ],
  run: (args, io) => newProject(args, io),
};
