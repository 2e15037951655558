// Moved from core's notes/bot-notes.test.ts (an external bot's annotations through the runner).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Bot, decodeReplay, inProcessBot, runMatch } from "@arena/core";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { tempDir } from "../__fixtures__/helpers";
import { externalBot } from "./external";

const config = { rounds: 10, turnBased: false };

describe("bot annotations", () => {
  it("of an external bot come in an optional field of its reply (stderr's end kept too); a malformed one is a fault", async () => {
    const dir = tempDir();
    const script = join(dir, "noting-bot.mjs");
    writeFileSync(
      script,
      `import { createInterface } from "node:readline";
const bad = process.argv[2] === "bad";
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.type !== "turn") continue;
  process.stderr.write("thinking about round " + m.round + "\\n");
  const annotations = bad ? { marks: [{ cell: "a1" }] } : { text: "turn " + m.round, marks: [{ cell: [m.round, 2] }] };
  process.stdout.write(JSON.stringify({ orders: [{ unit: 0, add: 1 }], annotations }) + "\\n");
}
`,
    );
    const play = async (mode: string) => {
      const path = join(dir, `${mode}.arena`);
      const result = await runMatch(engine, {
        config,
        seed: 1,
        players: [
          {
            name: "x",
            controller: externalBot(
              `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} ${mode}`,
            ),
          },
          { name: "y", controller: inProcessBot(() => new Demo() as Bot, "y") },
        ],
        replay: path,
      });
      return { result, replay: decodeReplay(readFileSync(path)) };
    };
    const good = await play("good");
    expect(good.result.players[0]!.frozen).toBe(false);
    expect(good.replay.notes).toHaveLength(10);
    const { stderr: _stderr, ...note4 } = good.replay.notes![4]!.notes[0]!;
    expect({ step: good.replay.notes![4]!.step, notes: [note4, null] }).toEqual({
      step: 4,
      notes: [{ text: "turn 4", marks: [{ cell: [4, 2] }] }, null],
    });
    // What the bot wrote on stderr is filed with the turn in which arena received it (stderr is
    // a pipe of its own: a line written just before a reply may arrive after it, with the next
    // turn): in order, whole lines, never before the turn that wrote it.
    const all = Array.from({ length: 10 }, (_, r) => `thinking about round ${r}\n`).join("");
    const filed = good.replay.notes!.map((step) => step.notes[0]?.stderr ?? "");
    expect(all.startsWith(filed.join(""))).toBe(true);
    filed.forEach((text, step) => {
      for (const [, round] of text.matchAll(/^thinking about round (\d+)$/gm))
        expect(Number(round)).toBeLessThanOrEqual(step);
    });
    // The end of each bot's stderr is kept in the end record, for the viewer's bot log.
    expect(good.replay.final?.stderr?.[0]).toMatch(/thinking about round 9\n$/);
    expect(good.replay.final?.stderr?.[1]).toBeNull();
    const bad = await play("bad");
    expect(bad.result.players[0]!.frozen).toBe(true);
    expect(bad.result.players[0]!.fault).toBe(
      "bad annotations: marks[0].cell must be a cell [row, col] of two integers",
    );
  });
});
