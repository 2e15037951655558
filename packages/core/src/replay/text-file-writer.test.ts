import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../__fixtures__/counter-game.mjs";
import { tempDir } from "../__fixtures__/helpers";
import type { Bot } from "../engine/engine";
import { inProcessBot } from "../runner/in-process-bot";
import { runMatch } from "../runner/run-match";
import { verifyReplay } from "./replay";
import { readReplay } from "./replay-file";
import { TextFileWriter } from "./text-file-writer";

const players = ["a", "b"].map((name) => ({
  name,
  controller: inProcessBot(() => new Demo() as Bot, name),
}));
const config = { rounds: 10, turnBased: false };

describe("TextFileWriter", () => {
  it("writes <path>.partial in 64 KiB writes and renames it only when committed", () => {
    const dir = tempDir();
    const path = join(dir, "out.res");
    writeFileSync(path, "the good old file\n");
    const writer = TextFileWriter.open(path);
    writer.write("x".repeat(1000));
    expect(readFileSync(writer.partialPath, "utf8")).toBe("");
    writer.write("y".repeat(64 * 1024));
    expect(readFileSync(writer.partialPath, "utf8")).toHaveLength(65 * 1024 + 1000 - 1024);
    writer.write("z\n");
    writer.close(false);
    writer.close(true);
    expect(writer.committed).toBe(false);
    expect(readFileSync(path, "utf8")).toBe("the good old file\n");
    expect(readFileSync(writer.partialPath, "utf8")).toBe(
      `${"x".repeat(1000)}${"y".repeat(64 * 1024)}z\n`,
    );
    const done = TextFileWriter.open(path);
    done.write("new\n");
    done.close(true);
    expect(done.committed).toBe(true);
    expect(readFileSync(path, "utf8")).toBe("new\n");
    expect(existsSync(done.partialPath)).toBe(false);
    expect(() => done.write("late")).toThrow(expect.objectContaining({ code: "CANNOT_WRITE" }));
    expect(() => TextFileWriter.open(join(dir, "missing", "x.res"))).toThrow(
      expect.objectContaining({
        code: "CANNOT_WRITE",
        message: `${join(dir, "missing", "x.res")}: cannot write the file (ENOENT)`,
      }),
    );
  });
});

describe("the .res streamed while playing and verifying", () => {
  it("is the text a kept recorder gives, renamed into place when the match is over", async () => {
    const dir = tempDir();
    const kept = await runMatch(engine, { config, seed: 3, players, res: true });
    expect(kept.res).toMatch(/^counter a b\nround 0 0 0\n/);
    const path = join(dir, "m.res");
    const replay = join(dir, "m.arena");
    const streamed = await runMatch(engine, { config, seed: 3, players, res: path, replay });
    expect(streamed.res).toBeUndefined();
    expect(readFileSync(path, "utf8")).toBe(kept.res);
    expect(existsSync(`${path}.partial`)).toBe(false);
    // verifyReplay streams the same text to a sink.
    const chunks: string[] = [];
    const verified = verifyReplay(engine, readReplay(replay), { res: (t) => chunks.push(t) });
    expect(verified.res).toBeUndefined();
    expect(chunks.join("")).toBe(kept.res);
    expect(chunks.length).toBe(11);
  });

  it("of an aborted match stays at <path>.partial, never replacing a good <path>", async () => {
    const dir = tempDir();
    const path = join(dir, "m.res");
    writeFileSync(path, "good\n");
    const controller = new AbortController();
    await expect(
      runMatch(engine, {
        config,
        seed: 3,
        players,
        res: path,
        signal: controller.signal,
        onStep: ({ step }) => {
          if (step === 3) controller.abort();
        },
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "ABORTED" }));
    expect(readFileSync(path, "utf8")).toBe("good\n");
    expect(readFileSync(`${path}.partial`, "utf8").split("\n").slice(1, -1)).toHaveLength(4);
  });
});
