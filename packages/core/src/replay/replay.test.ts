import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../__fixtures__/counter-game.mjs";
import { tempDir } from "../__fixtures__/helpers";
import { inProcessBot } from "../bots/in-process";
import type { Bot } from "../engine";
import { runMatch } from "../runner/run-match";
import {
  parseReplayText,
  REPLAY_FORMAT,
  ReplayDecoder,
  ReplayEncoder,
  verifyReplay,
} from "./replay";
import { decodeReplay, ReplayWriter, readReplay } from "./replay-file";

const header = {
  format: REPLAY_FORMAT,
  game: "counter",
  engineVersion: "1.0.0",
  config: { rounds: 10, turnBased: false },
  seed: 1,
  players: ["a", "b"],
  digestEvery: 10,
};

/** A complete replay file of a 10-round counter match (2 × Demo), with its scores. */
async function recordMatch(seed = 1): Promise<{ path: string; bytes: Buffer; scores: number[] }> {
  const path = join(tempDir(), "match.arena");
  const result = await runMatch(engine, {
    config: { rounds: 10, turnBased: false },
    seed,
    players: ["a", "b"].map((name) => ({
      name,
      controller: inProcessBot(() => new Demo() as Bot, name),
    })),
    replay: path,
    digestEvery: 3,
  });
  return { path, bytes: readFileSync(path), scores: result.scores };
}

describe("replay records", () => {
  it("round-trip orders of any JSON shape exactly", () => {
    const encoder = new ReplayEncoder();
    const steps = [
      [
        [
          { unit: 1, kind: "move", dir: "d" },
          { kind: "heal", unit: 2 },
        ],
        ["raw string", 5, null],
      ],
      [
        [{ unit: 3, kind: "open", dir: "u", solution: [1, 2, 3] }, [1, "array order"]],
        [{ unit: 1, kind: "move", dir: "r" }, {}],
      ],
    ];
    let text = encoder.header(header);
    text += encoder.step(steps[0]!, 123, [1]);
    text += encoder.step(steps[1]!);
    text += encoder.end({ over: true, scores: [1, 2] });
    const replay = parseReplayText(text);
    expect(replay.steps).toEqual(steps);
    // Key order survives too.
    expect(Object.keys(replay.steps[0]![0]![1] as object)).toEqual(["kind", "unit"]);
    expect(replay.digests).toEqual([{ step: 1, digest: 123 }]);
    expect(replay.frozen).toEqual([{ step: 0, player: 1 }]);
    expect(replay.complete).toBe(true);
    expect(replay.final).toEqual({ over: true, scores: [1, 2] });
    // A shape is declared once.
    expect(text.split("\n").filter((line) => line.startsWith('{"shape"'))).toHaveLength(4);
  });

  it("reject text that is not a replay, with the line", () => {
    const decoder = new ReplayDecoder("x.arena");
    expect(() => decoder.line('{"hello":1}')).toThrow(
      "x.arena:1: not an arena replay (no header record)",
    );
    const text = `${new ReplayEncoder().header(header)}[[],[]]\n[[[7,1]],[]]\n`;
    expect(() => parseReplayText(text, "y.arena")).toThrow(
      "y.arena:3: corrupt order (unknown shape)",
    );
    expect(() =>
      parseReplayText(`${new ReplayEncoder().header({ ...header, format: 99 })}`, "z"),
    ).toThrow("replay format 99 is not supported");
  });
});

describe("replay files", () => {
  it("verify: digests, scores and the complete flag", async () => {
    const { path, scores } = await recordMatch();
    const replay = readReplay(path);
    expect(replay.steps).toHaveLength(10);
    expect(replay.digests.map((d) => d.step)).toEqual([3, 6, 9, 10]);
    expect(replay.header.initialDigest).toBe(engine.create(header.config, 1, 2).digest());
    const verified = verifyReplay(engine, replay);
    expect(verified.finalScores).toEqual(scores);
    expect(verified.steps).toBe(10);
    expect(verified.rounds).toBe(10);
  });

  it("detect a flipped byte anywhere as a corrupt replay", async () => {
    const { bytes } = await recordMatch();
    const dir = tempDir();
    const codes = new Map<string, number>();
    for (let i = 0; i < bytes.length; i++) {
      const copy = Buffer.from(bytes);
      copy[i] = copy[i]! ^ 0xff;
      let code = "none";
      try {
        decodeReplay(copy, "flipped.arena");
      } catch (error) {
        code = (error as { code?: string }).code ?? "other";
      }
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect([...codes.entries()]).toEqual([["BAD_REPLAY", bytes.length]]);
    // The message says what and where, e.g. for a byte in the middle.
    const middle = Buffer.from(bytes);
    const at = Math.floor(bytes.length / 2);
    middle[at] = middle[at]! ^ 0xff;
    const path = join(dir, "middle.arena");
    writeFileSync(path, middle);
    expect(() => readReplay(path)).toThrow(
      /^.*middle\.arena: corrupt replay: .*frame \d+ at byte \d+ \(after step \d+\)/,
    );
  });

  it("detect a cut anywhere as a truncated replay whose prefix stays readable", async () => {
    const { bytes } = await recordMatch();
    const full = decodeReplay(bytes);
    // Magic (15 bytes), then the header frame: 12-byte frame header + payload.
    const headerEnd = 15 + 12 + bytes.readUInt32LE(15);
    for (let length = 0; length < bytes.length; length++) {
      const cut = bytes.subarray(0, length);
      let code = "none";
      try {
        decodeReplay(cut, "cut.arena");
      } catch (error) {
        code = (error as { code?: string }).code ?? "other";
      }
      expect(code, `cut at ${length}`).toBe("TRUNCATED_REPLAY");
      if (length >= headerEnd) {
        const prefix = decodeReplay(cut, "cut.arena", { allowTruncated: true });
        expect(prefix.complete).toBe(false);
        expect(prefix.steps).toEqual(full.steps.slice(0, prefix.steps.length));
      }
    }
    const path = join(tempDir(), "cut.arena");
    writeFileSync(path, bytes.subarray(0, bytes.length - 3));
    expect(() => readReplay(path)).toThrow(
      /cut\.arena: truncated replay: the file ends inside frame \d+ at byte \d+ \(after step \d+\); its first \d+ steps are readable/,
    );
  });

  it("refuse another engine version or game, and a file that is not a replay", async () => {
    const { path } = await recordMatch();
    const replay = readReplay(path);
    expect(() => verifyReplay({ ...engine, version: "1.1.0" }, replay)).toThrow(
      expect.objectContaining({
        code: "ENGINE_VERSION",
        message:
          "the replay was written by counter engine 1.0.0; this is 1.1.0, which may resolve the same orders differently",
      }),
    );
    expect(() => verifyReplay({ ...engine, name: "other" }, replay)).toThrow(
      expect.objectContaining({ code: "ENGINE_VERSION" }),
    );
    const other = join(tempDir(), "notes.txt");
    writeFileSync(other, "hello\n");
    expect(() => readReplay(other)).toThrow(
      expect.objectContaining({
        code: "BAD_REPLAY",
        message: `${other}: not an arena replay (wrong magic bytes)`,
      }),
    );
    expect(() => readReplay(join(tempDir(), "missing.arena"))).toThrow(
      expect.objectContaining({ code: "BAD_REPLAY" }),
    );
  });

  it("name the first step whose re-simulated state differs", async () => {
    const { path } = await recordMatch();
    const replay = readReplay(path);
    (replay.steps[4]![0]![0] as { add: number }).add = 1;
    expect(() => verifyReplay(engine, replay)).toThrow(
      expect.objectContaining({
        code: "REPLAY_MISMATCH",
        message: expect.stringMatching(/^the state after step 6 \(round 6\) differs/),
      }),
    );
    const seeded = { ...readReplay(path), header: { ...replay.header, seed: 2 } };
    expect(() => verifyReplay(engine, seeded)).toThrow(
      expect.objectContaining({
        code: "REPLAY_MISMATCH",
        message: expect.stringMatching(/initial state/),
      }),
    );
    const bad = readReplay(path);
    (bad.steps[0]![1]![0] as { add: number }).add = 42;
    expect(() => verifyReplay(engine, bad)).toThrow(
      expect.objectContaining({
        code: "BAD_REPLAY",
        message: "step 1, player 1, order 1: field 'add' must be an integer 0..9",
      }),
    );
  });

  it("write step by step with synchronous flushes", () => {
    const path = join(tempDir(), "live.arena");
    const writer = ReplayWriter.open(path, header);
    writer.writeStep([[{ unit: 0, add: 1 }], []]);
    const sizeAfterOne = statSync(path).size;
    expect(sizeAfterOne).toBe(writer.bytes);
    expect(readReplay(path, { allowTruncated: true }).steps).toEqual([[[{ unit: 0, add: 1 }], []]]);
    writer.close({ over: true });
    writer.close();
    expect(readReplay(path).complete).toBe(true);
  });
});

// Size against the original `.res`, with a real order volume (Money Heist, 200 rounds, 16 800 orders).
const reference = new URL("../../../../../shared/reference/moneyheist/traces/", import.meta.url);
const available = existsSync(fileURLToPath(reference));
if (!available)
  console.log("replay size test skipped: ../shared/reference/moneyheist/traces is absent");

describe.skipIf(!available)("replay size", () => {
  it("is well under 2% of the original .res for a Money Heist match", () => {
    const trace = gunzipSync(
      readFileSync(new URL("default_DuDuDuDu_s1.orders.jsonl.gz", reference)),
    ).toString("utf8");
    const res = gunzipSync(readFileSync(new URL("default_DuDuDuDu_s1.res.gz", reference)));
    const path = join(tempDir(), "moneyheist.arena");
    const writer = ReplayWriter.open(path, {
      ...header,
      game: "moneyheist",
      players: ["a", "b", "c", "d"],
    });
    const steps = trace
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => (JSON.parse(line) as { orders: unknown[][] }).orders);
    let orders = 0;
    steps.forEach((step, s) => {
      orders += step.reduce((n, list) => n + list.length, 0);
      writer.writeStep(step, (s + 1) % 10 === 0 ? (s * 2654435761) >>> 0 : undefined);
    });
    writer.close({ over: true });
    const size = statSync(path).size;
    const ratio = size / res.length;
    console.log(
      `replay: ${steps.length} steps, ${orders} orders, ${size} bytes = ${(ratio * 100).toFixed(2)}% of the ${res.length}-byte .res`,
    );
    expect(orders).toBe(16800);
    expect(readReplay(path).steps).toEqual(steps);
    expect(ratio).toBeLessThan(0.02);
  });
});
