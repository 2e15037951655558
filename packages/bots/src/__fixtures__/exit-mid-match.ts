// Run as `node --import tsx exit-mid-match.ts <pidfile> <how>`: starts a match with an external bot
// that spawns a child, then ends this process at step 2 (how = "exit": process.exit; "signal":
// SIGTERM to itself). The test then checks that the bot and its child are gone. With --trust
// (`sandbox: false`): the bot writes its pids in the test's folder, which its box would hide (a
// box dies with the thread that started it: bubblewrap's --die-with-parent).
import { externalBot } from "../external/external";
import { runMatch } from "@arena/core";
import { engine } from "../../../core/src/__fixtures__/counter-game.mjs";

const [pidfile = "", how = "exit"] = process.argv.slice(2);
const script = new URL("./counter-bot.mjs", import.meta.url).pathname;
await runMatch(engine, {
  config: { rounds: 10, turnBased: false },
  seed: 1,
  players: [{ name: "bot", controller: externalBot(`${JSON.stringify(process.execPath)} ${JSON.stringify(script)} good ${JSON.stringify(pidfile)}`, { sandbox: false }) }],
  onStep: ({ step }) => {
    if (step !== 2) return;
    if (how === "exit") process.exit(0);
    process.kill(process.pid, "SIGTERM");
  },
});
