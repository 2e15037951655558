/**
 * The body of a script that plays one match of every game with Demo bots, the same way in the
 * installed packages (ESM and CJS scripts) and in the workspace source (the reference): seed 1,
 * the default config, 4 players (2 in Lighthouses). It reads `OrderCollector` and `games`
 * (`[engine, players][]`) and leaves `{ [game]: { round, scores, digest } }` in `results`.
 */
export const demoMatchesBody = `
const results = {};
for (const [engine, players] of games) {
  const match = engine.create(engine.defaultConfig(), 1, players);
  const bots = Array.from({ length: players }, () => engine.bots.Demo());
  bots.forEach((bot, p) => bot.setup?.(match.view(p)));
  while (!match.isOver()) {
    const movers = new Set(match.toMove());
    match.step(
      bots.map((bot, p) => {
        if (!movers.has(p)) return [];
        const collector = new OrderCollector();
        bot.play(match.view(p), match.actions(p, collector));
        return collector.orders;
      }),
    );
  }
  results[engine.name] = { round: match.round(), scores: match.scores(), digest: match.digest() };
}
`;

/** The game packages and their player counts, in the order the scripts play them. */
export const gamePackages: ReadonlyArray<readonly [name: string, players: number]> = [
  ["@arena/moneyheist", 4],
  ["@arena/madmax", 4],
  ["@arena/madmax-revisited", 4],
  ["@arena/dragonball", 4],
  ["@arena/lighthouses", 2],
];

/** The script as an ES module importing the installed packages; prints the results as JSON. */
export function esmScript(): string {
  const imports = gamePackages.map(([name], i) => `import { engine as game${i} } from "${name}";`);
  const games = gamePackages.map(([, players], i) => `[game${i}, ${players}]`).join(", ");
  return `import { OrderCollector } from "@arena/core";\n${imports.join("\n")}\nconst games = [${games}];\n${demoMatchesBody}\nconsole.log(JSON.stringify(results));\n`;
}

/** The same script in CommonJS (`require`). */
export function cjsScript(): string {
  const requires = gamePackages.map(
    ([name], i) => `const { engine: game${i} } = require("${name}");`,
  );
  const games = gamePackages.map(([, players], i) => `[game${i}, ${players}]`).join(", ");
  return `"use strict";\nconst { OrderCollector } = require("@arena/core");\n${requires.join("\n")}\nconst games = [${games}];\n${demoMatchesBody}\nconsole.log(JSON.stringify(results));\n`;
}

/**
 * TypeScript a consumer writes against every library package: an engine loop with typed orders
 * and a typed bot per game, and the core runner's types. Valid as ESM, as CJS (`.cts`, whose
 * imports become `require`) and under bundler resolution.
 */
export const consumerTypeScript = `
import { type Bot, type Engine, type Match, OrderCollector, runMatch, inProcessBot } from "@arena/core";
import * as moneyheist from "@arena/moneyheist";
import * as madmax from "@arena/madmax";
import * as madmaxRevisited from "@arena/madmax-revisited";
import * as dragonball from "@arena/dragonball";
import * as lighthouses from "@arena/lighthouses";

export class Quiet implements Bot<moneyheist.MoneyHeistView, moneyheist.MoneyHeistActions> {
  play(view: moneyheist.MoneyHeistView, actions: moneyheist.MoneyHeistActions): void {
    for (const id of view.soldiers(view.me())) actions.move(id, "d");
  }
}

export function firstRound(): number[] {
  const match = moneyheist.engine.create(moneyheist.engine.defaultConfig(), 1, 4);
  const collector = new OrderCollector<moneyheist.MoneyHeistOrder>();
  new Quiet().play(match.view(0), match.actions(0, collector));
  match.step([collector.orders, [], [], []]);
  return match.scores();
}

export const engines: ReadonlyArray<Engine<any, any, any, any>> = [
  moneyheist.engine,
  madmax.engine,
  madmaxRevisited.engine,
  dragonball.engine,
  lighthouses.engine,
];
export const bots: ReadonlyArray<Bot<any, any>> = [
  new madmax.DemoBot(),
  new madmaxRevisited.DemoBot(),
  new dragonball.DemoBot(),
  new lighthouses.DemoBot(),
];
export const match: Match<lighthouses.LighthousesOrder> = lighthouses.engine.create(
  lighthouses.engine.defaultConfig(),
  0,
  2,
);
export const play: typeof runMatch = runMatch;
export const demo = inProcessBot(() => new moneyheist.DemoBot(), "Demo");
`;
