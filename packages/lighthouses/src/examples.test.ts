import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { externalBot } from "@arena/bots";
import * as core from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";

const examples = fileURLToPath(new URL("../../../examples/", import.meta.url));
const python = spawnSync("python3", ["--version"]).status === 0;
const bots = [
  {
    name: "JsBot",
    command: `node ${examples}lighthouses-js-bot/bot.js`,
    available: existsSync(`${examples}lighthouses-js-bot/bot.js`),
  },
  {
    name: "PyBot",
    command: `python3 ${examples}lighthouses-python-bot/bot.py`,
    available: python && existsSync(`${examples}lighthouses-python-bot/bot.py`),
  },
];

describe("example bots (external processes, the original protocol)", () => {
  it.each(bots)(
    "$name plays 150 rounds against Demo without a fault or a failed command",
    async ({ name, command, available }) => {
      if (!available) {
        console.warn(`${name} skipped: not available here`);
        return;
      }
      const failures: string[] = [];
      let greeting: unknown;
      const result = await core.runMatch(engine, {
        config: { ...engine.defaultConfig(), rounds: 150 },
        seed: 1,
        players: [
          { name, controller: externalBot(command) },
          { name: "Demo", controller: core.inProcessBot(engine.bots.Demo!, "Demo") },
        ],
        // Nothing here is about time: limits far above what a busy machine could need.
        budget: { startMs: 30_000, turnMs: 10_000, graceMs: 10_000 },
        onMessage: ({ dir, msg, round }) => {
          if (dir === "from_bot" && greeting === undefined) greeting = msg;
          const m = msg as { success?: boolean; message?: string };
          if (dir === "to_bot" && m.success === false)
            failures.push(`round ${round}: ${m.message}`);
        },
      });
      expect(greeting).toEqual({ name });
      expect(result.players.map((p) => p.frozen)).toEqual([false, false]);
      expect(failures).toEqual([]);
      expect(result.scores[0]).toBeGreaterThan(0);
    },
  );
});
