import { join } from "node:path";
import {
  type Bot,
  type Controller,
  inProcessBot,
  type MessageEvent,
  readReplay,
  runMatch,
  verifyReplay,
} from "@arena/core";
import { describe, expect, it } from "vitest";
import { Demo, engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { FeedbackBot } from "../../../core/src/__fixtures__/module-bots.mjs";
import { counterBonus, fixture, fixtureUrl, tempDir } from "../__fixtures__/helpers";
import { externalBot } from "../external/external";
import { hostedBot } from "../host/bot-host";
import { isolatedBot } from "../isolated/isolated";

const engineUrl = fixtureUrl("counter-game.mjs");
const modules = fixtureUrl("module-bots.mjs");
const config = { rounds: 10, turnBased: false };
const bonus = counterBonus(31, 2, 10);

/**
 * What the bots of the fixtures give at round 3 (a malformed order, a good one, a duplicate, an
 * unknown unit, a good one) comes back at round 4 as these, by the index the bot gave them.
 */
const expected = [
  {
    index: 0,
    reason: "malformed",
    message: `{"unit":0,"add":99}: field 'add' must be an integer 0..9`,
  },
  {
    index: 2,
    reason: "duplicate",
    message:
      "order 1 came first with the same key (1: a unit, or the turn in one-order games): the first one wins",
  },
  { index: 3, reason: "unknown-unit", message: "no unit 7 (units are 0..2)" },
];

/** Player 0 in-process Demo, player 1 `controller`; the replay is checked to verify. */
async function play(controller: Controller, onMessage?: (event: MessageEvent) => void) {
  const replayPath = join(tempDir(), "feedback.arena");
  const result = await runMatch(engine, {
    config,
    seed: 31,
    players: [
      { name: "demo", controller: inProcessBot(() => new Demo() as Bot, "Demo") },
      { name: "feedback", controller },
    ],
    replay: replayPath,
    ...(onMessage ? { onMessage } : {}),
  });
  const replay = readReplay(replayPath);
  expect(verifyReplay(engine, replay).finalScores).toEqual(result.scores);
  // Not frozen: the two good orders of round 3 still applied (18 of 27 points).
  expect(result.players[1]).toMatchObject({
    frozen: false,
    score: 270 - 9 + bonus[1]!,
    rejectedOrders: 3,
  });
  expect(result.players[0]).toMatchObject({
    frozen: false,
    score: 270 + bonus[0]!,
    rejectedOrders: 0,
  });
  // Every kind of bot: the replay keeps them with the turn that gave them (round 3), each with
  // the order it was (the engine's, from the orders it was handed).
  expect(replay.rejected?.map((r) => r.step)).toEqual([3]);
  const [record] = replay.rejected!;
  expect(record!.players[0]).toBeNull();
  expect(record!.players[1]!.orders.map(({ order: _order, ...rest }) => rest)).toEqual(expected);
  expect(record!.players[1]!.orders[2]!.order).toEqual({ unit: 7, add: expect.any(Number) });
  return { result, replay };
}

/** The note FeedbackBot attached at round 4 (the rejections its view showed), from the replay. */
function noteAtRound4(replay: ReturnType<typeof readReplay>): unknown {
  const record = replay.notes?.find((n) => n.step === 4);
  expect(record?.notes[0]).toBeNull();
  return JSON.parse(record?.notes[1]?.text ?? "null");
}

describe("rejected orders", () => {
  it("an in-process bot's view shows them at its next turn; a malformed order does not freeze it", async () => {
    const { replay } = await play(inProcessBot(() => new FeedbackBot() as Bot, "FeedbackBot"));
    expect(noteAtRound4(replay)).toEqual(expected);
  });

  it("a module bot in its own process (the default) sees the same, and its note is in the replay", async () => {
    const controller = hostedBot({
      engine,
      engineUrl,
      moduleUrl: modules,
      exportName: "FeedbackBot",
    });
    const { replay } = await play(controller);
    expect(noteAtRound4(replay)).toEqual(expected);
  });

  it("a worker-isolated bot sees the same, and its note is in the replay", async () => {
    const controller = isolatedBot({ engineUrl, moduleUrl: modules, exportName: "FeedbackBot" });
    const { replay } = await play(controller);
    expect(noteAtRound4(replay)).toEqual(expected);
  });

  it("an external bot gets them in its next turn message as `rejected`, only when there are some", async () => {
    const messages: MessageEvent[] = [];
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture("counter-bot.mjs"))} badorder - 3`;
    await play(externalBot(command), (event) => messages.push(event));
    const turns = messages.filter(
      (m) => m.dir === "to_bot" && (m.msg as { type?: string }).type === "turn",
    );
    expect(turns).toHaveLength(10);
    const withRejected = turns.filter((m) => "rejected" in (m.msg as object));
    expect(withRejected.map((m) => m.round)).toEqual([4]);
    expect((withRejected[0]!.msg as { rejected: unknown }).rejected).toEqual(expected);
  });
});
