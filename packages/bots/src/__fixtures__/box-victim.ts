// Run as a process of its own (`node --import tsx box-victim.ts <kind> <attack>`): plays the
// hostile match with a bot that tries to kill its parent (this process, standing for arena) and
// prints the result as JSON. `kind`: exec (hostile-program.mjs) or cpp (AIHostile.cc, the compile
// cache in $ARENA_CACHE_DIR). The test checks that this process lived to print it.
import { inProcessBot, runMatch } from "@arena/core";
import { Demo, engine as counter } from "../../../core/src/__fixtures__/counter-game.mjs";
import { cppBot } from "../cpp/cpp-bot";
import { externalBot } from "../external/external";
import { engine as counterWithKit } from "./cpp-counter-kit";
import { fixture } from "./helpers";
import { config, seed } from "./hostile-match";

const [kind = "exec", attack = "killparent"] = process.argv.slice(2);
const hostile =
  kind === "cpp"
    ? await cppBot(counterWithKit, fixture("cpp-players/AIHostile.cc"), {
        wrap: (argv) => ["env", `ARENA_ATTACK=${attack}`, ...argv],
      })
    : externalBot(`${process.execPath} ${fixture("hostile-program.mjs")} ${attack} 0 -`);
const demo = () => ({ name: "demo", controller: inProcessBot(() => new Demo(), "Demo") });
const result = await runMatch(counter, {
  config,
  seed,
  players: [demo(), { name: "hostile", controller: hostile }, demo()],
});
process.stdout.write(
  `${JSON.stringify({ scores: result.scores, fault: result.players[1]!.fault ?? null })}\n`,
);
