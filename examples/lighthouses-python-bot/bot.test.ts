import { fileURLToPath } from "node:url";
import { main } from "@arena/cli";
import { expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));

it("plays a whole Lighthouses match through the cli with exec:, never frozen, beating Null", async () => {
  let out = "";
  let err = "";
  const code = await main(
    ["play", "lighthouses", "exec:python3 bot.py", "Null", "--rounds", "200", "--json"],
    { out: (text) => (out += text), err: (text) => (err += text), interactive: false, cwd: here },
  );
  expect(err).toBe("");
  expect(code).toBe(0);
  const result = JSON.parse(out) as { scores: number[]; players: Array<{ status: string }> };
  expect(result.players.map((p) => p.status)).toEqual(["ok", "ok"]);
  expect(result.scores[0]).toBeGreaterThan(result.scores[1]!);
});
