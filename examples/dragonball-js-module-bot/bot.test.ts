import { fileURLToPath } from "node:url";
import { main } from "@arena/cli";
import { expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));

it("plays a whole Bola de Drac match through the cli as a module bot, never frozen, beating Null", async () => {
  let out = "";
  let err = "";
  const code = await main(
    ["play", "dragonball", "./bot.mjs", "Null", "Null", "Null", "--seed", "3", "--json"],
    { out: (text) => (out += text), err: (text) => (err += text), interactive: false, cwd: here },
  );
  expect(err).toBe("");
  expect(code).toBe(0);
  const result = JSON.parse(out) as {
    scores: number[];
    players: Array<{ frozen: boolean; fault?: string }>;
  };
  expect(result.players.map((p) => p.fault ?? "ok")).toEqual(["ok", "ok", "ok", "ok"]);
  // A score is balls · (max_strength + 1) + strength: Null keeps its 999 strength and no ball.
  expect(result.scores[0]).toBeGreaterThan(10 * 1000);
  expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
});
