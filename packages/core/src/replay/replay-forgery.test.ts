// A replay edited after its match, as a forger would: the end record blaming a player for a fault
// that never happened, a fault's text or the players' names changed. Before format 3 each of these
// verified (the frames' checksums were recomputed; nothing covered the names or the end record).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Demo, engine, Null } from "../__fixtures__/counter-game.mjs";
import { fixture, tempDir } from "../__fixtures__/helpers";
import { ThrowingBot } from "../__fixtures__/module-bots.mjs";
import type { Bot } from "../engine/engine";
import type { Controller } from "../runner/controller";
import { inProcessBot } from "../runner/in-process-bot";
import { runMatch } from "../runner/run-match";
import { decodeReplayFrames } from "./frames";
import { type ReplayFinal, verifyReplay } from "./replay";
import { decodeReplay, ReplayFrameEncoder, ReplayWriter, readReplay } from "./replay-file";

const config = { rounds: 10, turnBased: false };
const seat = (name: string, make: () => unknown) => ({
  name,
  controller: inProcessBot(make as () => Bot, name),
});

/** The text of a replay file (its frames inflated), as a forger reads it. */
function replayText(bytes: Uint8Array): string {
  let text = "";
  decodeReplayFrames(bytes, (payload, dictionary, max) => {
    const plain = inflateRawSync(payload, {
      ...(dictionary.length > 0 ? { dictionary } : {}),
      ...(max !== undefined ? { maxOutputLength: Math.max(1, max) } : {}),
    });
    text += plain.toString("utf8");
    return plain;
  });
  return text;
}

/** A replay file holding `text`, its frame checksummed as arena's own. */
const framed = (text: string): Buffer =>
  Buffer.concat([ReplayFrameEncoder.magic, new ReplayFrameEncoder().frame(text)]);

/** `text` with its header's and end record's JSON passed through `edit`. */
function edited(
  text: string,
  edit: (record: { arena?: string; players?: string[]; end?: ReplayFinal }) => void,
): string {
  return text
    .split("\n")
    .map((line) => {
      if (!line.startsWith("{")) return line;
      const record = JSON.parse(line) as { arena?: string; end?: ReplayFinal };
      if (record.arena !== "replay" && record.end === undefined) return line;
      edit(record);
      return JSON.stringify(record);
    })
    .join("\n");
}

/** A counter match's replay: Demo, Null and a bot that throws at round 3 (frozen then). */
async function playedReplay(): Promise<string> {
  return (await played()).text;
}

async function played() {
  const path = join(tempDir(), "m.arena");
  const result = await runMatch(engine, {
    config,
    seed: 5,
    players: [
      seat("demo", () => new Demo()),
      seat("null", () => new Null()),
      seat("thrower", () => new ThrowingBot()),
    ],
    replay: path,
  });
  return { text: replayText(readFileSync(path)), result };
}

const mismatch = (text: string) => () => verifyReplay(engine, decodeReplay(framed(text)));

describe("a replay edited after its match does not verify", () => {
  it("the replay as written verifies, re-framed as a forger does it too", async () => {
    const { text, result } = await played();
    const checked = verifyReplay(engine, decodeReplay(framed(text)));
    expect(checked.unverified).toEqual([]);
    expect(result.players[2]!.frozen).toBe(true);
    expect(checked.frozenAtRound).toEqual([null, null, result.players[2]!.frozenAtRound]);
  });

  it("an end record that blames a player for a fault that never happened", async () => {
    const text = edited(await playedReplay(), (record) => {
      if (record.end !== undefined) record.end.faults![1] = "exceeded its time budget (forged)";
    });
    expect(mismatch(text)).toThrow(expect.objectContaining({ code: "REPLAY_MISMATCH" }));
  });

  it("a fault's text changed, or a real fault removed", async () => {
    const text = await playedReplay();
    const reworded = edited(text, (record) => {
      if (record.end !== undefined) record.end.faults![2] = "cheated: read the other bots' files";
    });
    expect(mismatch(reworded)).toThrow(expect.objectContaining({ code: "REPLAY_MISMATCH" }));
    const cleared = edited(text, (record) => {
      if (record.end !== undefined) record.end.faults![2] = null;
    });
    expect(mismatch(cleared)).toThrow(expect.objectContaining({ code: "REPLAY_MISMATCH" }));
  });

  it("the players' names changed", async () => {
    const text = edited(await playedReplay(), (record) => {
      if (record.arena === "replay") record.players = ["thrower", "null", "demo"];
    });
    expect(mismatch(text)).toThrow(
      expect.objectContaining({
        code: "REPLAY_MISMATCH",
        message: expect.stringMatching(/player names/),
      }),
    );
  });

  it("written from scratch with the writer, blaming a player the replay never froze", async () => {
    const real = decodeReplay(framed(await playedReplay()));
    const path = join(tempDir(), "forged.arena");
    const writer = ReplayWriter.open(path, real.header);
    const digests = new Map(real.digests.map((d) => [d.step, d.digest]));
    const frozen = new Map(real.frozen.map((f) => [f.step, [f.player]]));
    real.steps.forEach((orders, s) => {
      writer.writeStep(orders, digests.get(s + 1), frozen.get(s));
    });
    writer.close({ ...real.final!, faults: ["timed out (forged)", null, real.final!.faults![2]!] });
    expect(() => verifyReplay(engine, readReplay(path))).toThrow(
      expect.objectContaining({
        code: "REPLAY_MISMATCH",
        message: expect.stringMatching(
          /blames player 0 \(demo\) for a fault the replay never froze it for/,
        ),
      }),
    );
  });
});

describe("freezes and older formats", () => {
  it("a bot that fails in the last step's result is frozen after it: recorded, and the replay verifies", async () => {
    const path = join(tempDir(), "late.arena");
    let results = 0;
    const failsLate: Controller = {
      label: "late",
      play() {},
      afterStep() {
        if (++results === config.rounds) throw new Error("fails after the last step");
      },
    };
    const result = await runMatch(engine, {
      config,
      seed: 2,
      players: [seat("demo", () => new Demo()), { name: "late", controller: failsLate }],
      replay: path,
    });
    expect(result.players[1]!.frozen).toBe(true);
    const replay = readReplay(path);
    expect(replay.frozen).toEqual([{ step: replay.steps.length, player: 1 }]);
    const checked = verifyReplay(engine, replay);
    expect(checked.frozenAtRound).toEqual([null, result.players[1]!.frozenAtRound]);
  });

  it("a format 1 or 2 replay still verifies, its names and end record said unverified", async () => {
    const old = verifyReplay(engine, readReplay(fixture("counter-format1.arena")));
    expect(old.unverified).toEqual(["player names", "end record"]);
    const text = edited(await playedReplay(), (record) => {
      if (record.arena === "replay") (record as { format?: number }).format = 2;
    });
    expect(verifyReplay(engine, decodeReplay(framed(text))).unverified).toEqual([
      "player names",
      "end record",
    ]);
  });
});
