import { fileURLToPath } from "node:url";
import { main } from "@arena/cli";
import { expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));

/** Plays the module bot against three Null bots through the cli; returns the JSON result. */
async function play(extra: string[]) {
  let out = "";
  let err = "";
  const code = await main(
    ["play", "dragonball", "./bot.mjs", "Null", "Null", "Null", "--seed", "3", "--json", ...extra],
    { out: (text) => (out += text), err: (text) => (err += text), interactive: false, cwd: here },
  );
  expect(err).toBe("");
  expect(code).toBe(0);
  return JSON.parse(out) as { scores: number[]; players: Array<{ fault?: string }> };
}

it("plays a whole Bola de Drac match through the cli as a module bot, never frozen, beating Null", async () => {
  const result = await play([]);
  expect(result.players.map((p) => p.fault ?? "ok")).toEqual(["ok", "ok", "ok", "ok"]);
  // A score is balls · (max_strength + 1) + strength: Null keeps its 999 strength and no ball.
  expect(result.scores[0]).toBeGreaterThan(10 * 1000);
  expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
  // In a worker thread (--isolated) it plays the same match.
  const isolated = await play(["--isolated", "--turn-timeout", "30000"]);
  expect(isolated.players.map((p) => p.fault ?? "ok")).toEqual(["ok", "ok", "ok", "ok"]);
  expect(isolated.scores).toEqual(result.scores);
});
