import { fileURLToPath } from "node:url";
import { main } from "@arena/cli";
import { expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));

it("plays a whole Mad Max Revisited match through the cli with exec:, never frozen, beating Null", async () => {
  let out = "";
  let err = "";
  const code = await main(
    [
      "play",
      "madmax-revisited",
      "exec:node bot.js",
      "Null",
      "Null",
      "Null",
      "--seed",
      "3",
      "--json",
    ],
    { out: (text) => (out += text), err: (text) => (err += text), interactive: false, cwd: here },
  );
  expect(err).toBe("");
  expect(code).toBe(0);
  const result = JSON.parse(out) as {
    rounds: number;
    scores: number[];
    players: Array<{ frozen: boolean; fault?: string }>;
  };
  expect(result.rounds).toBe(300);
  expect(result.players.map((p) => p.fault ?? "ok")).toEqual(["ok", "ok", "ok", "ok"]);
  expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
});
