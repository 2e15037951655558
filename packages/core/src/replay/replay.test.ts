import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateRawSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../__fixtures__/counter-game.mjs";
import { tempDir } from "../__fixtures__/helpers";
import type { Bot } from "../engine/engine";
import { inProcessBot } from "../runner/in-process-bot";
import { runMatch } from "../runner/run-match";
import { fnv1a, REPLAY_MAGIC } from "./frames";
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

/** A complete replay file of a counter match (2 × Demo), with its scores. */
async function recordMatch(
  seed = 1,
  rounds = 10,
): Promise<{ path: string; bytes: Buffer; scores: number[] }> {
  const path = join(tempDir(), "match.arena");
  const result = await runMatch(engine, {
    config: { rounds, turnBased: false },
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
    const { bytes } = await recordMatch(1, 150);
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
    const at = bytes.length - 20;
    middle[at] = middle[at]! ^ 0xff;
    const path = join(dir, "middle.arena");
    writeFileSync(path, middle);
    expect(() => readReplay(path)).toThrow(
      /^.*middle\.arena: corrupt replay: .*frame \d+ at byte \d+ \(after step \d+\)/,
    );
  });

  it("detect a cut anywhere as a truncated replay whose prefix stays readable", async () => {
    const { bytes } = await recordMatch(1, 150);
    const full = decodeReplay(bytes);
    // Magic (15 bytes), then the header frame: 16-byte frame header + payload.
    const headerEnd = 15 + 16 + bytes.readUInt32LE(15);
    const prefixLengths = new Set<number>();
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
        prefixLengths.add(prefix.steps.length);
      }
    }
    // Batches of 64 steps (the last one holds the end record): a cut loses at most its batch.
    expect([...prefixLengths].sort((a, b) => a - b)).toEqual([0, 64, 128]);
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

  it("write batches of 64 steps to <path>.partial, renamed to <path> when the match is over", () => {
    const dir = tempDir();
    const path = join(dir, "live.arena");
    const writer = ReplayWriter.open(path, header);
    expect(writer.partialPath).toBe(`${path}.partial`);
    const step = (s: number) => [[{ unit: 0, add: s % 10 }], []];
    for (let s = 0; s < 63; s++) writer.writeStep(step(s));
    const headerOnly = statSync(writer.partialPath).size;
    expect(headerOnly).toBe(writer.bytes);
    expect(readReplay(writer.partialPath, { allowTruncated: true }).steps).toEqual([]);
    writer.writeStep(step(63));
    expect(statSync(writer.partialPath).size).toBeGreaterThan(headerOnly);
    expect(readReplay(writer.partialPath, { allowTruncated: true }).steps).toHaveLength(64);
    for (let s = 64; s < 70; s++) writer.writeStep(step(s));
    expect(existsSync(path)).toBe(false);
    writer.close({ over: true });
    writer.close();
    expect(writer.committed).toBe(true);
    expect(existsSync(writer.partialPath)).toBe(false);
    const replay = readReplay(path);
    expect(replay.complete).toBe(true);
    expect(replay.steps).toEqual(Array.from({ length: 70 }, (_, s) => step(s)));
  });

  it("preview the steps not yet written: the file's prefix and one frame read as every step so far", () => {
    const path = join(tempDir(), "preview.arena");
    const writer = ReplayWriter.open(path, header);
    const step = (s: number) => [[{ unit: 0, add: s % 10 }], [{ unit: 1, add: s % 7 }]];
    expect(writer.preview().frame).toBeUndefined();
    for (let s = 0; s < 150; s++) {
      writer.writeStep(step(s), s % 10 === 9 ? s : undefined);
      const { bytes, frame } = writer.preview();
      const file = readFileSync(writer.partialPath);
      expect(bytes).toBe(file.length);
      // After a batch was written nothing is pending: the file alone is the whole replay.
      expect(frame === undefined).toBe((s + 1) % 64 === 0);
      const seen = decodeReplay(
        Buffer.concat([file.subarray(0, bytes), frame ?? Buffer.alloc(0)]),
        "preview",
        { allowTruncated: true },
      );
      expect(seen.steps).toEqual(Array.from({ length: s + 1 }, (_, k) => step(k)));
    }
    // Previews leave the file as it would be without them.
    writer.close({ over: true });
    const plain = ReplayWriter.open(join(tempDir(), "plain.arena"), header);
    for (let s = 0; s < 150; s++) plain.writeStep(step(s), s % 10 === 9 ? s : undefined);
    plain.close({ over: true });
    expect(readFileSync(path).equals(readFileSync(plain.path))).toBe(true);
  });

  it("write a batch early once its text reaches 64 KiB", () => {
    const writer = ReplayWriter.open(join(tempDir(), "big.arena"), header);
    const orders = Array.from({ length: 1000 }, (_, k) => ({ unit: k, add: k % 10 }));
    const encoder = new ReplayEncoder();
    const first = encoder.step([orders, []]).length; // declares the shape once
    const next = encoder.step([orders, []]).length;
    // The step that brings the batch to 64 KiB writes it, long before the 64th.
    const due = 1 + Math.ceil((64 * 1024 - first) / next);
    expect(due).toBeGreaterThan(2);
    expect(due).toBeLessThan(64);
    for (let s = 1; s < due; s++) writer.writeStep([orders, []]);
    expect(readReplay(writer.partialPath, { allowTruncated: true }).steps).toHaveLength(0);
    writer.writeStep([orders, []]);
    expect(readReplay(writer.partialPath, { allowTruncated: true }).steps).toHaveLength(due);
    writer.close({ over: true });
    expect(readReplay(writer.path).steps).toHaveLength(due);
  });

  it("leave an interrupted match at <path>.partial, never replacing a good <path>", async () => {
    const { path, bytes } = await recordMatch(1, 10);
    // A process that dies mid-match (the writer never closed) loses at most its last batch.
    const crashed = ReplayWriter.open(path, header);
    for (let s = 0; s < 130; s++) crashed.writeStep([[{ unit: 0, add: 1 }], []]);
    expect(readFileSync(path)).toEqual(bytes);
    const prefix = readReplay(crashed.partialPath, { allowTruncated: true });
    expect(prefix.complete).toBe(false);
    expect(prefix.steps).toHaveLength(128);
    expect(() => readReplay(crashed.partialPath)).toThrow(
      expect.objectContaining({ code: "TRUNCATED_REPLAY" }),
    );
    // Closed without an end record (the runner failed) or as aborted (over: false): flushed, kept
    // at the partial path with every step.
    crashed.close();
    expect(crashed.committed).toBe(false);
    expect(readReplay(crashed.partialPath, { allowTruncated: true }).steps).toHaveLength(130);
    const aborted = ReplayWriter.open(path, header);
    aborted.writeStep([[], []]);
    aborted.close({ over: false, scores: [0, 0] });
    expect(aborted.committed).toBe(false);
    const kept = readReplay(aborted.partialPath, { allowTruncated: true });
    expect(kept.final).toEqual({ over: false, scores: [0, 0], digest: expect.any(Number) });
    expect(kept.steps).toHaveLength(1);
    expect(readFileSync(path)).toEqual(bytes);
    // An aborted runMatch closes its replay the same way.
    const controller = new AbortController();
    const aborting = runMatch(engine, {
      config: { rounds: 10, turnBased: false },
      seed: 1,
      players: ["a", "b"].map((name) => ({
        name,
        controller: inProcessBot(() => new Demo() as Bot, name),
      })),
      replay: path,
      onStep: ({ step: s }) => {
        if (s === 4) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(aborting).rejects.toThrow(expect.objectContaining({ code: "ABORTED" }));
    expect(readFileSync(path)).toEqual(bytes);
    expect(readReplay(`${path}.partial`, { allowTruncated: true }).steps).toHaveLength(4);
  });

  it("read a replay of format 1 (one frame per step), and refuse an unknown format clearly", () => {
    // Written by @arena/core before format 2 (a 10-round counter match, seed 1, 2 × Demo, digest
    // every 3 steps), by the runner of that version; its scores were [275, 275].
    const old = fileURLToPath(new URL("../__fixtures__/counter-format1.arena", import.meta.url));
    const bytes = readFileSync(old);
    expect(bytes.subarray(0, 15).toString()).toBe("ARENA-REPLAY/1\n");
    const replay = readReplay(old);
    expect(replay.header.format).toBe(1);
    expect(replay.steps).toHaveLength(10);
    expect(replay.digests.map((d) => d.step)).toEqual([3, 6, 9, 10]);
    expect(verifyReplay(engine, replay).finalScores).toEqual([275, 275]);
    const future = Buffer.from(bytes);
    future.write("ARENA-REPLAY/9\n", 0);
    expect(() => decodeReplay(future, "future.arena")).toThrow(
      expect.objectContaining({
        code: "REPLAY_VERSION",
        message: expect.stringMatching(
          /^future\.arena: replay container format 9 is not supported \(this version of @arena\/core reads formats 1 and 2/,
        ),
      }),
    );
  });

  it("refuse a decompression bomb, naming the file, before inflating it", () => {
    const frame = (plainLength: number, payload: Buffer, checksum: number) => {
      const out = Buffer.alloc(16 + payload.length);
      out.writeUInt32LE(payload.length, 0);
      out.writeUInt32LE(~payload.length >>> 0, 4);
      out.writeUInt32LE(plainLength, 8);
      out.writeUInt32LE(checksum, 12);
      payload.copy(out, 16);
      return out;
    };
    const headerText = Buffer.from(new ReplayEncoder().header(header));
    const headerFrame = frame(headerText.length, deflateRawSync(headerText), fnv1a(headerText));
    // 4 MiB of one repeated step line compress to a few KiB.
    const line = Buffer.from("[[],[]]\n");
    const big = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < big.length; i += line.length) line.copy(big, i);
    const payload = deflateRawSync(big, { dictionary: headerText, level: 9 });
    expect(payload.length).toBeLessThan(16 * 1024);
    const bomb = Buffer.concat([REPLAY_MAGIC, headerFrame, frame(big.length, payload, fnv1a(big))]);
    // Within the cap it is a (long) replay; over it, one clear error.
    expect(decodeReplay(bomb, "ok.arena", { allowTruncated: true }).steps).toHaveLength(
      big.length / line.length,
    );
    expect(() => decodeReplay(bomb, "bomb.arena", { maxInflatedBytes: 1024 * 1024 })).toThrow(
      expect.objectContaining({
        code: "BAD_REPLAY",
        message: expect.stringMatching(
          /^bomb\.arena: refused: the replay inflates to more than 1048576 bytes at frame 1 at byte \d+ \(after step 0\) \(a decompression bomb/,
        ),
      }),
    );
    // A frame announcing 1 GiB is refused by the default cap without inflating anything.
    const announced = Buffer.concat([
      REPLAY_MAGIC,
      headerFrame,
      frame(1024 * 1024 * 1024, payload, fnv1a(big)),
    ]);
    expect(() => decodeReplay(announced, "announced.arena")).toThrow(
      /refused: the replay inflates/,
    );
    // A frame inflating to more than it announces is corrupt.
    const lying = Buffer.concat([REPLAY_MAGIC, headerFrame, frame(1000, payload, fnv1a(big))]);
    expect(() => decodeReplay(lying, "lying.arena")).toThrow(
      expect.objectContaining({ code: "BAD_REPLAY" }),
    );
    // Format 1 announced nothing: the cap applies to what is inflated.
    const old1 = (plain: Buffer, dictionary: Buffer) => {
      const z = deflateRawSync(
        plain,
        dictionary.length > 0 ? { dictionary, level: 9 } : { level: 9 },
      );
      const out = Buffer.alloc(12 + z.length);
      out.writeUInt32LE(z.length, 0);
      out.writeUInt32LE(~z.length >>> 0, 4);
      out.writeUInt32LE(fnv1a(plain), 8);
      z.copy(out, 12);
      return out;
    };
    const header1 = Buffer.from(new ReplayEncoder().header({ ...header, format: 1 }));
    const bomb1 = Buffer.concat([
      Buffer.from("ARENA-REPLAY/1\n"),
      old1(header1, Buffer.alloc(0)),
      old1(big, header1),
    ]);
    expect(() => decodeReplay(bomb1, "bomb1.arena", { maxInflatedBytes: 1024 * 1024 })).toThrow(
      /^bomb1\.arena: refused: the replay inflates to more than 1048576 bytes/,
    );
  });

  it("check the end record: forged final scores are a mismatch", async () => {
    const { path, scores } = await recordMatch();
    const replay = readReplay(path);
    expect(replay.final?.scores).toEqual(scores);
    const forged = { ...replay, final: { ...replay.final, scores: [scores[0]! + 1, scores[1]!] } };
    expect(() => verifyReplay(engine, forged)).toThrow(
      expect.objectContaining({
        code: "REPLAY_MISMATCH",
        message: expect.stringMatching(/^the end record's final scores \(\[\d+,\d+\]\) differ/),
      }),
    );
    const wrongLength = { ...replay, final: { ...replay.final, scores: [scores[0]!] } };
    expect(() => verifyReplay(engine, wrongLength)).toThrow(/end record's final scores/);
    expect(verifyReplay(engine, replay).finalScores).toEqual(scores);
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
