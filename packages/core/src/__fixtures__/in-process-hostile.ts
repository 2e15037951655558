// Run as `node --import tsx in-process-hostile.ts <attack> <replay>`: a match of the counter game
// with the hostile module bot `<attack>` (hostile-bots.mjs) run IN this process (`--in-process`),
// printing "step N" after each step and "over" at the end: what trusted mode does not protect.
import { inProcessBot } from "../runner/in-process-bot";
import type { Bot } from "../engine/engine";
import { runMatch } from "../runner/run-match";
import { Demo, engine } from "./counter-game.mjs";

const [attack = "Fine", replay = ""] = process.argv.slice(2);
const hostile = (await import(new URL("./hostile-bots.mjs", import.meta.url).href)) as Record<
  string,
  new () => Bot
>;
const Hostile = hostile[attack]!;
await runMatch(engine, {
  config: { rounds: 10, turnBased: false },
  seed: 29,
  players: [
    { name: "demo", controller: inProcessBot(() => new Demo() as Bot, "Demo") },
    { name: attack, controller: inProcessBot(() => new Hostile(), attack) },
  ],
  replay,
  onStep: ({ step }) => process.stdout.write(`step ${step}\n`),
});
process.stdout.write("over\n");
