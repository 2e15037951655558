import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ArenaError, runMatch } from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { counterBonus, fixtureUrl, tempDir } from "../__fixtures__/helpers";
import { resolveBot } from "../resolve/resolve-bot";
import { transpileTypeScriptBot } from "./typescript";

// A bot as a TypeScript author writes it: types, an interface, a relative `.ts` import.
const HELPER = `export const ADD: number = 9;
export interface Counter { units(): number[]; round(): number }
`;
const BOT = `import { ADD, type Counter } from "./helper.ts";

/** What the bot may do: add k points for a unit. */
interface Actions {
  add(unit: number, k: number): void;
}


export default class TypedBot {
  private played: number = 0;
  play(view: Counter, actions: Actions): void {
    this.played++;
    if (view.round() === Number(process.env.THROW_AT ?? -1)) {
      throw new Error("thrown");
    }
    for (const unit of view.units()) actions.add(unit, ADD);
  }
}
`;

function botFolder(): string {
  const dir = tempDir();
  writeFileSync(join(dir, "helper.ts"), HELPER);
  writeFileSync(join(dir, "bot.ts"), BOT);
  return dir;
}

describe("TypeScript bots", () => {
  it.each([false, true])("a .ts bot plays as it is (isolated: %s)", async (isolated) => {
    const cwd = botFolder();
    const result = await runMatch(engine, {
      config: { rounds: 10, turnBased: false },
      seed: 23,
      players: [
        {
          name: "ts",
          controller: await resolveBot(engine, "./bot.ts", {
            cwd,
            isolated,
            engineUrl: fixtureUrl("counter-game.mjs"),
          }),
        },
        { name: "null", controller: await resolveBot(engine, "Null") },
      ],
    });
    expect(result.players[0]!.frozen).toBe(false);
    // Like Demo: 3 units × 9 points × 10 rounds, plus the game's bonus draws.
    expect(result.scores[0]).toBe(270 + counterBonus(23, 2, 10)[0]!);
  });

  it("a stack trace points into the .ts file, at the line of the throw", async () => {
    const cwd = botFolder();
    const entry = await transpileTypeScriptBot(join(cwd, "bot.ts"));
    // A fresh Node process, as a bot runs out of process (and with no source-map flag).
    const script = `const { default: Bot } = await import(${JSON.stringify(pathToFileURL(entry).href)});
try { new Bot().play({ round: () => 4, units: () => [0] }, { add() {} }); }
catch (error) { console.log(error.stack); }`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, THROW_AT: "4" },
      encoding: "utf8",
    });
    const line = BOT.split("\n").findIndex((text) => text.includes("throw new Error")) + 1;
    expect(line).toBeGreaterThan(10);
    expect(run.stdout).toContain("Error: thrown");
    expect(run.stdout).toContain(`${join(cwd, "bot.ts")}:${line}:`);
  });

  it("a compile error names the file and line", async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, "broken.ts"), "export default class {\n  play(: number) {}\n}\n");
    const error = await resolveBot(engine, "./broken.ts", { cwd }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArenaError);
    expect((error as ArenaError).code).toBe("BAD_BOT");
    expect((error as ArenaError).line).toBe(2);
    expect((error as Error).message).toMatch(/broken\.ts:2: cannot compile the bot/);
  });

  it("the transpiled module is rewritten only when the bot changes", async () => {
    const cwd = botFolder();
    const first = await transpileTypeScriptBot(join(cwd, "bot.ts"));
    expect(await transpileTypeScriptBot(join(cwd, "bot.ts"))).toBe(first);
    expect(first).toContain(join(cwd, "node_modules", ".cache", "arena-ts"));
  });
});
