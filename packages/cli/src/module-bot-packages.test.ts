// A module bot that imports its own installed game package (`import { DemoBot } from
// "@arena/moneyheist"`) and delegates to it, run by the built `arena` in every bot mode. The bot's
// copy of the package is not the cli's (the cli is one bundle; the bot's folder has its own
// install), so the view the bot gets is another copy's class: the Demo must still play it, with
// the orders it gives as a built-in. Each match is checked against the same match with the
// built-in Demo in the bot's seat, played in arena's process.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScaled } from "@arena/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBin, runBin } from "./test-bin";
import { runCli } from "./test-io";
import { shortMatchArgs } from "./test-short-match";

const packages = fileURLToPath(new URL("../..", import.meta.url));
const GAMES = [
  ["moneyheist", 4],
  ["madmax", 4],
  ["madmax-revisited", 4],
  ["dragonball", 4],
  ["lighthouses", 2],
] as const;

/** A bot module delegating every call to the game package's DemoBot, as a user would write it. */
const botSource = (game: string) => `import { DemoBot } from "@arena/${game}";

export default class Delegating {
  demo = new DemoBot();
  setup(view) {
    this.demo.setup?.(view);
  }
  play(view, actions) {
    this.demo.play(view, actions);
  }
}
`;

/**
 * Rounds per game: Money Heist, Mad Max, Lighthouses and Bola de Drac play shorter matches than
 * their default (200, 500, 1200, 1001 rounds): these tests are about which copy of the package the
 * bot's Demo runs on, and a short match shows it as well (Mad Max Revisited's length is set by its
 * maze). At 30 rounds (60 for Lighthouses, 201 for Bola de Drac) seed 5 still gives every Demo
 * seat its own non-zero score (Money Heist 211, 502, 478 beside a Null's 0; Mad Max 68, 62, 56,
 * 62; Lighthouses 496 to a Null's 0; Bola de Drac 2000, 3234, 180, 1959, and 200 for a Null in the
 * last seat), so a bot that played other orders than the built-in Demo would still change the
 * scores compared.
 */
const ROUNDS = 30;
const roundsOf = (game: string) =>
  game === "lighthouses" ? 2 * ROUNDS : game === "dragonball" ? 201 : ROUNDS;
const shorter = new Map<string, string[]>();

/** Each test runs the built cli once or twice (a whole match each): no limit a busy machine hits. */
const TIMEOUT = loadScaled(300_000);

interface Result {
  scores: number[];
  players: Array<{ name: string; status: string }>;
}

const dir = mkdtempSync(join(tmpdir(), "arena-cli-module-packages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `copied`: a project whose node_modules holds its own copy of each game package (core and zod
 * linked from the workspace); `linked`: one whose node_modules links to the workspace packages
 * (pnpm's layout; the same files as the cli's).
 */
beforeAll(() => {
  for (const layout of ["copied", "linked"]) {
    const scope = join(dir, layout, "node_modules", "@arena");
    mkdirSync(scope, { recursive: true });
    symlinkSync(join(packages, "core"), join(scope, "core"));
    const zod = realpathSync(
      dirname(createRequire(join(packages, "core", "package.json")).resolve("zod/package.json")),
    );
    symlinkSync(zod, join(dir, layout, "node_modules", "zod"));
    for (const [game] of GAMES) {
      const target = join(scope, game);
      if (layout === "linked") symlinkSync(join(packages, game), target);
      else {
        mkdirSync(target);
        cpSync(join(packages, game, "package.json"), join(target, "package.json"));
        cpSync(join(packages, game, "dist"), join(target, "dist"), { recursive: true });
      }
      writeFileSync(join(dir, layout, `${game}-bot.mjs`), botSource(game));
    }
    for (const [game] of GAMES)
      shorter.set(game, shortMatchArgs(game, roundsOf(game), join(dir, layout)));
  }
});

function play(
  layout: string,
  game: string,
  seats: readonly string[],
  mode: readonly string[],
): Result {
  const run = runBin(
    ["play", game, ...seats, "--seed", "5", "--json", ...shorter.get(game)!, ...mode],
    join(dir, layout),
  );
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Result;
}

describe.skipIf(!hasBin)("a module bot delegating to its own package's DemoBot", () => {
  // The same match with the built-in Demo in every seat, played by the cli in this process (its
  // source, the same engines and config files as the bin's bundle, without a Node start and the
  // bundle's load per game): only the bot's seat is about the bin and the package's copy.
  const reference = new Map<string, Promise<Result>>();
  const demo = (game: string, players: number): Promise<Result> => {
    let result = reference.get(game);
    if (result === undefined) {
      const seats = Array<string>(players).fill("Demo");
      const args = ["play", game, ...seats, "--seed", "5", "--json", ...shorter.get(game)!];
      result = runCli(args, join(dir, "copied")).then((run) => {
        expect(run.err).toBe("");
        expect(run.code).toBe(0);
        return JSON.parse(run.out) as Result;
      });
      reference.set(game, result);
    }
    return result;
  };

  describe.each([
    ["its own process", []],
    ["--in-process", ["--in-process"]],
    ["--isolated", ["--isolated"]],
  ] as const)("in %s", (_, mode) => {
    it.each(GAMES)(
      "plays %s as the built-in Demo (a copy of the package)",
      async (game, players) => {
        // The last seat: a replica (a bot host's, a worker's) is brought up to date after the
        // other seats have played, the case `ctx.history` once got wrong.
        const seats = [...Array<string>(players - 1).fill("Demo"), `./${game}-bot.mjs`];
        const result = play("copied", game, seats, mode);
        expect(result.players[players - 1]).toMatchObject({ name: `${game}-bot`, status: "ok" });
        expect(result.scores).toEqual((await demo(game, players)).scores);
      },
      TIMEOUT,
    );
  });

  it.each([[[]], [["--in-process"]], [["--isolated"]]] as const)(
    "plays with the package linked from the workspace (%j)",
    async (mode) => {
      const seats = ["Demo", "Demo", "Demo", "./moneyheist-bot.mjs"];
      const result = play("linked", "moneyheist", seats, mode);
      expect(result.players[3]!.status).toBe("ok");
      expect(result.scores).toEqual((await demo("moneyheist", 4)).scores);
    },
    TIMEOUT,
  );
});
