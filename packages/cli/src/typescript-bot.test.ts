// `arena play moneyheist ./bot.ts …`: a TypeScript bot runs as it is (core transpiles it).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hasBin, runBin } from "./test-bin";
import { runCli } from "./test-io";
import { shortMatchArgs } from "./test-short-match";

const dir = mkdtempSync(join(tmpdir(), "arena-cli-ts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/**
 * 30-round matches instead of 200: the claims are that a .ts bot is transpiled, loaded and
 * played to the end without a fault (in its host process, in a worker thread, from the bundle),
 * not about a whole game; the bot moves every soldier on every one of those rounds.
 */
const short = shortMatchArgs("moneyheist", 30, dir);

// Type-only imports of the game package, as the README shows bots: erased when transpiled.
const BOT = `import type { MoneyHeistActions, MoneyHeistView } from "@arena/moneyheist";

const DIRECTIONS = ["d", "r", "u", "l"] as const;

/** Walks every soldier in a direction that changes every 10 rounds. */
export default class WalkingBot {
  private moves: number = 0;
  play(view: MoneyHeistView, actions: MoneyHeistActions): void {
    const dir = DIRECTIONS[Math.floor(view.round() / 10) % 4]!;
    for (const id of view.soldiers(view.me())) {
      actions.move(id, dir);
      this.moves++;
    }
  }
}
`;

describe("arena play with a .ts bot", () => {
  it.each([[[]], [["--isolated"]]])("plays it as it is (%j)", async (extra) => {
    writeFileSync(join(dir, "bot.ts"), BOT);
    const { code, out, err } = await runCli(
      [
        "play",
        "moneyheist",
        "./bot.ts",
        "Null",
        "Null",
        "Null",
        "--seed",
        "3",
        "--json",
        ...short,
        ...extra,
      ],
      dir,
    );
    expect(err).toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(out) as { players: Array<{ name: string; status: string }> };
    expect(result.players[0]!.name).toBe("bot");
    expect(result.players[0]!.status).toBe("ok");
  });

  // The installed `arena` runs the bundle (dist/arena.cjs), whose build rewrites `import.meta.url`
  // in the packages' code: the entry module core writes for a .ts bot holds that expression in
  // its text, which must reach the file unchanged (it once became a call only the bundle defines).
  it.skipIf(!hasBin)("plays it through the built arena command (the bundle)", () => {
    writeFileSync(join(dir, "bot.ts"), BOT);
    const run = runBin(
      ["play", "moneyheist", "./bot.ts", "Null", "Null", "Null", "--seed", "3", "--json", ...short],
      dir,
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { players: Array<{ name: string; status: string }> };
    expect(result.players[0]!.status).toBe("ok");
  });

  it("a .ts bot that does not compile is one clear error naming the file and line", async () => {
    writeFileSync(join(dir, "broken.ts"), "export default class {\n  play(: number) {}\n}\n");
    const { code, err } = await runCli(
      ["play", "moneyheist", "./broken.ts", "Null", "Null", "Null"],
      dir,
    );
    expect(code).toBe(2);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toMatch(/broken\.ts:2: cannot compile the bot/);
  });
});
