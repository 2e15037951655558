// Run as `node --import tsx boxed-bot-run.ts <marker>`: a match whose `exec:` bot runs in its box
// (the default) with `marker` on its command line and sleeps before its first reply (the counter
// bot's `slowstart`: 300 s), so the match waits. The test SIGKILLs this process meanwhile, as an
// out-of-memory killer or an operator would kill arena, and looks for what is left of the box.
import { runMatch } from "@arena/core";
import { engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { externalBot } from "../external/external";

const [marker = "arena-boxed-bot-run"] = process.argv.slice(2);
const script = new URL("./counter-bot.mjs", import.meta.url).pathname;
await runMatch(engine, {
  config: { rounds: 10, turnBased: false },
  seed: 1,
  budget: { startMs: 600_000 },
  players: [
    {
      name: "bot",
      controller: externalBot(
        `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} slowstart - 3 ${marker}`,
      ),
    },
  ],
});
