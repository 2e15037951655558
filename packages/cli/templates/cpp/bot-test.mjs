// Plays the bot a whole match against the built-in Demo bot: `npm test` (Node's own test runner).
import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { main } from "@arena/cli";

const opponents = "{{opponents}}".split(" ");

test("the bot plays a whole {{title}} match against Demo without a fault", async () => {
  let out = "";
  let err = "";
  const io = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    interactive: false,
    cwd: fileURLToPath(new URL(".", import.meta.url)),
  };
  const code = await main(
    ["play", "{{game}}", "{{botSpec}}", ...opponents, "--seed", "1", "--json"],
    io,
  );
  assert.equal(err, "");
  assert.equal(code, 0);
  const [bot] = JSON.parse(out).players;
  assert.equal(bot.frozen, false, `the bot was frozen: ${bot.fault}\n${bot.stderr ?? ""}`);
});
