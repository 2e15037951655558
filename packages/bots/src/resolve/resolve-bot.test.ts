// Moved from core's runner/run-match.test.ts.
import { ArenaError, runMatch } from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { counterBonus, fixture } from "../__fixtures__/helpers";
import { resolveBot } from "./resolve-bot";

const config = { rounds: 10, turnBased: false };

describe("resolveBot", () => {
  const cwd = fixture(".");

  it("finds built-in bots, case-sensitively, with a clear error", async () => {
    const demo = await resolveBot(engine, "Demo", { cwd });
    expect(demo.label).toBe("Demo");
    const error = await resolveBot(engine, "demo", { cwd }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArenaError);
    expect((error as ArenaError).code).toBe("UNKNOWN_BOT");
    expect((error as ArenaError).message).toBe(
      "unknown bot 'demo' for counter (did you mean 'Demo'? names are case-sensitive); built-in bots: Null, Demo; or give a path to a .js/.mjs/.cjs module, or exec:<command line>",
    );
  });

  it("loads module bots (named factory, CommonJS class) relative to cwd", async () => {
    const counting = await resolveBot(engine, "./counting-bot.mjs", { cwd });
    const classBot = await resolveBot(engine, "default-class-bot.cjs", { cwd });
    const result = await runMatch(engine, {
      config,
      seed: 4,
      players: [
        { name: "c", controller: counting },
        { name: "k", controller: classBot },
      ],
    });
    const bonus = counterBonus(4, 2, 10);
    // counting: 1 + 2 + … + 9 + 9 (capped); class bot: 5 per round on unit 1.
    expect(result.scores).toEqual([54 + bonus[0]!, 50 + bonus[1]!]);
    await expect(resolveBot(engine, "./missing.mjs", { cwd })).rejects.toThrow(
      expect.objectContaining({ code: "BAD_BOT", message: "./missing.mjs: no such bot module" }),
    );
    await expect(resolveBot(engine, "./helpers.ts", { cwd })).rejects.toThrow(
      expect.objectContaining({ code: "BAD_BOT" }),
    );
  });

  it("makes external bots from exec: specs", async () => {
    const bot = await resolveBot(engine, "exec:node counter-bot.mjs good", { cwd });
    expect(bot.label).toBe("exec:node counter-bot.mjs good");
  });
});
