import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../__fixtures__/counter-game.mjs";
import { tempDir } from "../__fixtures__/helpers";
import type { Bot } from "../engine/engine";
import { parseReplayText, type Replay, ReplayEncoder, verifyReplay } from "../replay/replay";
import { decodeReplay } from "../replay/replay-file";
import { inProcessBot } from "../runner/in-process-bot";
import { runMatch } from "../runner/run-match";
import {
  annotate,
  type BotNote,
  checkNote,
  NOTE_LIMIT,
  NOTE_MATCH_LIMIT,
  withAnnotate,
} from "./bot-notes";

const config = { rounds: 10, turnBased: false };

/** Demo's orders, plus a note on odd rounds naming the round. */
class Annotating {
  private readonly demo = new Demo();
  private round = 0;
  play(view: unknown, actions: unknown): void {
    (this.demo as Bot).play(view, actions);
    if (this.round % 2 === 1)
      annotate(actions, {
        text: `round ${this.round}`,
        marks: [{ cell: [this.round, 0], color: "#ff0", text: "here" }],
        lines: [{ from: [0, 0], to: [this.round, 1] }],
        units: [{ id: 1, text: "busy" }],
      });
    this.round++;
  }
}

async function record(
  first: () => Bot,
  name: string,
): Promise<{ bytes: Buffer; scores: number[] }> {
  const path = join(tempDir(), `${name}.arena`);
  const result = await runMatch(engine, {
    config,
    seed: 3,
    players: [
      { name: "a", controller: inProcessBot(first, "a") },
      { name: "b", controller: inProcessBot(() => new Demo() as Bot, "b") },
    ],
    replay: path,
    digestEvery: 2,
  });
  return { bytes: readFileSync(path), scores: result.scores };
}

/** The replay's text again, without its notes records (what a stripping tool would write). */
function strip(replay: Replay): Replay {
  const encoder = new ReplayEncoder();
  let text = encoder.header(replay.header);
  replay.steps.forEach((orders, s) => {
    const digest = replay.digests.find((d) => d.step === s + 1)?.digest;
    const frozen = replay.frozen.filter((f) => f.step === s).map((f) => f.player);
    text += encoder.step(orders, digest, frozen);
  });
  if (replay.final) text += encoder.end(replay.final);
  return parseReplayText(text);
}

describe("bot annotations", () => {
  it("are checked field by field, with a clear message", () => {
    expect(() => checkNote(5)).toThrow("an annotation must be an object");
    expect(() => checkNote({ marks: [{ cell: [1, 2] }, { cell: [1] }] })).toThrow(
      "marks[1].cell must be a cell [row, col] of two integers",
    );
    expect(() => checkNote({ lines: [{ from: [0, 0], to: [1, 1], color: "red;x" }] })).toThrow(
      "lines[0].color must be a CSS colour",
    );
    expect(() => checkNote({ units: [{ id: 1.5, text: "a" }] })).toThrow(
      "units[0] must be {id, text} with an integer id",
    );
    expect(() => checkNote({ drawing: [] })).toThrow("unknown annotation field 'drawing'");
    expect(checkNote({ text: "ok", marks: [] })).toEqual({ text: "ok" });
  });

  it("are capped per turn: what goes over the limit is dropped and the note says so", () => {
    const marks = Array.from({ length: 5000 }, (_, k) => ({ cell: [k, k], text: "x".repeat(30) }));
    const note = checkNote({ text: "start", marks });
    expect(JSON.stringify(note).length).toBeLessThanOrEqual(NOTE_LIMIT + 64);
    expect(note.truncated).toBe(true);
    expect(note.text).toBe("start");
    expect(note.marks!.length).toBeGreaterThan(100);
    expect(note.marks!.length).toBeLessThan(5000);
    expect(checkNote({ marks: marks.slice(0, 3) }).truncated).toBeUndefined();
  });

  it("can be given through a frozen actions object (the games' read-only ones)", () => {
    class Actions {
      #orders: string[] = [];
      constructor() {
        Object.freeze(this);
      }
      move(to: string): void {
        this.#orders.push(to);
      }
      get count(): number {
        return this.#orders.length;
      }
    }
    const notes: BotNote[] = [];
    const actions = withAnnotate(new Actions(), { annotate: (note) => notes.push(note) });
    actions.move("north");
    annotate(actions, { text: "going north" });
    expect(actions.count).toBe(1);
    expect(notes).toEqual([{ text: "going north" }]);

    // An in-process bot can reach the game's methods, shared by every match in the process, and
    // replace their own properties: the next match's actions still work.
    Object.defineProperty(Actions.prototype.move, "bind", { value: 7 });
    Object.defineProperty(Actions.prototype.move, "call", { value: 7 });
    Object.defineProperty(Actions.prototype.move, "apply", { value: 7 });
    const next = withAnnotate(new Actions(), { annotate: () => {} });
    next.move("south");
    expect(next.count).toBe(1);
  });

  it("of an in-process bot are recorded apart from the orders; stripped, the replay is the same match", async () => {
    const annotated = await record(() => new Annotating() as unknown as Bot, "annotated");
    const plain = await record(() => new Demo() as Bot, "plain");
    const replay = decodeReplay(annotated.bytes);
    // Odd steps carry player 0's note; player 1 gave none.
    expect(replay.notes?.map((n) => n.step)).toEqual([1, 3, 5, 7, 9]);
    expect(replay.notes![0]!.notes).toEqual([
      {
        text: "round 1",
        units: [{ id: 1, text: "busy" }],
        marks: [{ cell: [1, 0], color: "#ff0", text: "here" }],
        lines: [{ from: [0, 0], to: [1, 1] }],
      } satisfies BotNote,
      null,
    ]);
    // The orders, digests and result are those of the same match without notes.
    const other = decodeReplay(plain.bytes);
    expect(replay.steps).toEqual(other.steps);
    expect(replay.digests).toEqual(other.digests);
    expect(annotated.scores).toEqual(plain.scores);
    expect(verifyReplay(engine, replay).finalScores).toEqual(plain.scores);
    const stripped = strip(replay);
    expect(stripped.notes).toBeUndefined();
    expect(stripped.steps).toEqual(replay.steps);
    expect(verifyReplay(engine, stripped).finalScores).toEqual(plain.scores);
    expect(annotated.bytes.length).toBeGreaterThan(plain.bytes.length);
  });

  it("are capped per match: past NOTE_MATCH_LIMIT bytes a bot's turns keep only that they went over", async () => {
    // Nearly a full note (16 KiB) every turn: the match's cap is reached after about 64 turns.
    class Flooding {
      play(_view: unknown, actions: unknown): void {
        annotate(actions, {
          text: "x".repeat(1900),
          units: Array.from({ length: 60 }, (_, id) => ({ id, text: "y".repeat(190) })),
        });
      }
    }
    const path = join(tempDir(), "flood.arena");
    await runMatch(engine, {
      config: { rounds: 90, turnBased: false },
      seed: 3,
      players: [
        { name: "a", controller: inProcessBot(() => new Flooding() as unknown as Bot, "a") },
        { name: "b", controller: inProcessBot(() => new Demo() as Bot, "b") },
      ],
      replay: path,
    });
    const notes = decodeReplay(readFileSync(path)).notes!.map((n) => n.notes[0]!);
    expect(notes).toHaveLength(90);
    const kept = notes.filter((note) => note.notesCap === undefined);
    const size = kept.reduce((sum, note) => sum + JSON.stringify(note).length, 0);
    expect(size).toBeLessThanOrEqual(NOTE_MATCH_LIMIT);
    expect(size).toBeGreaterThan(NOTE_MATCH_LIMIT - NOTE_LIMIT);
    // The first turns whole, then each one says the cap was reached, and how large it is.
    expect(notes[0]!.text).toHaveLength(1900);
    expect(notes.slice(kept.length)).toEqual(
      Array.from({ length: 90 - kept.length }, () => ({
        truncated: true,
        notesCap: { per: "match", bytes: NOTE_MATCH_LIMIT },
      })),
    );
    // A bot cannot give the field itself.
    expect(() => checkNote({ notesCap: { per: "match", bytes: 1 } })).toThrow(
      "unknown annotation field 'notesCap'",
    );
  });
});
