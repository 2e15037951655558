// Rejected commands: one case per reason (each checked against the protocol's Rejection schema),
// from the original's own error results, and reaching the bot's view at its next turn.
import {
  type Controller,
  inProcessBot,
  type PlayContext,
  parseWithSchema,
  type Rejection as RejectionValue,
  runMatch,
} from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { LighthousesMatch } from "./match";
import { Rejection } from "./protocol";
import { capture, matchOn, openMap, place, play } from "./test-helpers";

const rejectedOf = (match: LighthousesMatch, player = 0): readonly RejectionValue[] => {
  const list = match.feedback.recorded(player);
  for (const r of list) parseWithSchema(Rejection, r);
  return list;
};

describe("Lighthouses rejects", () => {
  it("illegal-move: a move off the island (the original's message; the turn is a pass)", () => {
    const match = matchOn(openMap(9, 5, { "5,3": "!", "1,1": "A" }), 1);
    place(match, 0, 1, 1);
    play(match, 0, { command: "move", x: -1, y: 0 });
    expect(rejectedOf(match)).toEqual([
      { index: 0, reason: "illegal-move", message: "Target pos is not in island" },
    ]);
    expect([match.playerX[0], match.playerY[0]]).toEqual([1, 1]);
  });

  it("wrong-key: a connect without the destination's key", () => {
    const match = matchOn(openMap(9, 5, { "2,2": "!", "6,2": "!", "1,1": "A" }), 1);
    capture(match, 0, 2, 2, 10);
    capture(match, 0, 6, 2, 10);
    place(match, 0, 2, 2);
    match.keys.fill(0);
    play(match, 0, { command: "connect", destination: [6, 2] });
    expect(rejectedOf(match)).toEqual([
      { index: 0, reason: "wrong-key", message: "Player does not have the destination key" },
    ]);
  });

  it("malformed: a command without its field, or an unknown one", () => {
    const match = matchOn(openMap(9, 5, { "5,3": "!", "1,1": "A" }), 1);
    play(match, 0, { command: "connect" });
    expect(rejectedOf(match)).toEqual([
      { index: 0, reason: "malformed", message: "Connect command requires destination" },
    ]);
    play(match, 0, { command: "fly" } as never);
    expect(rejectedOf(match)).toEqual([
      { index: 0, reason: "malformed", message: "Invalid command 'fly'" },
    ]);
    play(match, 0, { command: "pass" });
    expect(rejectedOf(match)).toEqual([]);
  });
});

describe("Lighthouses rejected commands reach the bot", () => {
  it("duplicate (a second command in a turn) and the engine's own, in the view at its next turn", async () => {
    const told: Array<readonly RejectionValue[]> = [];
    const turns: unknown[][] = [
      [{ command: "pass" }, { command: "pass" }],
      [{ command: "connect" }],
      [{ command: "pass" }],
    ];
    let turn = 0;
    const scripted: Controller = {
      label: "scripted",
      play(ctx: PlayContext) {
        const view = ctx.match.view(ctx.player) as { rejected: readonly RejectionValue[] };
        expect(view.rejected).toEqual(ctx.rejected ?? []);
        told.push(view.rejected);
        for (const order of turns[turn++] ?? []) ctx.collector.add(0, order);
      },
    };
    const result = await runMatch(engine, {
      config: { ...engine.defaultConfig(), rounds: 4 } as never,
      seed: 5,
      players: [
        { name: "s", controller: scripted },
        { name: "n", controller: inProcessBot(engine.bots.Null!, "Null") },
      ],
    });
    expect(result.players[0]!.frozen).toBe(false);
    expect(told.map((list) => list.map((r) => [r.index, r.reason]))).toEqual([
      [],
      [[1, "duplicate"]],
      [[0, "malformed"]],
      [],
    ]);
    for (const r of told.flat()) parseWithSchema(Rejection, r);
  });
});
