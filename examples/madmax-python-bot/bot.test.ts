import { fileURLToPath } from "node:url";
import { main } from "@arena/cli";
import { expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));

it("plays a whole Mad Max match through the cli with exec:, never frozen, beating Null", async () => {
  let out = "";
  let err = "";
  const code = await main(
    ["play", "madmax", "exec:python3 bot.py", "Null", "Null", "Null", "--seed", "3", "--json"],
    { out: (text) => (out += text), err: (text) => (err += text), interactive: false, cwd: here },
  );
  expect(err).toBe("");
  expect(code).toBe(0);
  const result = JSON.parse(out) as {
    rounds: number;
    scores: number[];
    players: Array<{ frozen: boolean; fault?: string }>;
  };
  expect(result.rounds).toBe(500);
  expect(result.players.map((p) => p.fault ?? "ok")).toEqual(["ok", "ok", "ok", "ok"]);
  // Null holds its two cities (about 2 × 500); conquering more is what beats it.
  expect(result.scores[0]).toBeGreaterThan(Math.max(...result.scores.slice(1)));
});
