import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "./__fixtures__/counter-game.mjs";
import { tempDir } from "./__fixtures__/helpers";
import { annotate, type BotNote, checkNote, NOTE_LIMIT, withAnnotate } from "./bot-notes";
import { externalBot } from "./bots/external";
import { inProcessBot } from "./bots/in-process";
import type { Bot } from "./engine";
import { parseReplayText, type Replay, ReplayEncoder, verifyReplay } from "./replay/replay";
import { decodeReplay } from "./replay/replay-file";
import { runMatch } from "./runner/run-match";

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
