// The arena replay of a 10 001-round match is smaller than the gzipped original .res of the same
// match (issue 16), and it verifies; the .res is streamed to its file as the match is played.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { inProcessBot, type Json, readReplay, runMatch, verifyReplay } from "@arena/core";
import { afterAll, describe, expect, it } from "vitest";
import { engine } from "./engine";

const maze = fileURLToPath(
  new URL("../../../../shared/reference/dragonball/maze.cnf", import.meta.url),
);
const available = existsSync(maze);
if (!available) console.warn(`Bola de Drac replay size test skipped: ${maze} is absent`);
const dir = mkdtempSync(join(tmpdir(), "arena-dragonball-size-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!available)("a 10 001-round replay on maze.cnf", () => {
  it.each(["Demo", "Null"])("is smaller than the gzipped .res, 4×%s", async (bot) => {
    const config = { ...engine.parseConfig(readFileSync(maze, "utf8"), maze), variant: "2012" };
    const replay = join(dir, `${bot}.arena`);
    const res = join(dir, `${bot}.res`);
    const result = await runMatch(engine, {
      config: config as unknown as Json,
      seed: 1,
      players: [0, 1, 2, 3].map(() => ({
        name: bot,
        controller: inProcessBot(engine.bots[bot]!, bot),
      })),
      replay,
      res,
    });
    expect(result.steps).toBe(10000);
    const text = readFileSync(res);
    // The streamed .res is the one the recorder keeps in memory.
    const kept = verifyReplay(engine, readReplay(replay), { res: true });
    expect(kept.res).toBe(text.toString("utf8"));
    expect(kept.finalScores).toEqual(result.scores);
    const size = statSync(replay).size;
    const gzipped = gzipSync(text, { level: 9 }).length;
    console.log(`4×${bot}: replay ${size} B, .res ${text.length} B, gzipped ${gzipped} B`);
    expect(size).toBeLessThan(gzipped);
  });
});
