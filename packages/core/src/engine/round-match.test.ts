import { describe, expect, it } from "vitest";
import type { OrderCollector } from "./engine";
import { arraysFromJson, arraysToJson, ownMatch, RoundMatch, snapshotFields } from "./round-match";

class Tiny extends RoundMatch<{ round: number; score: Int32Array }, number, { me: number }, null> {
  made = 0;
  constructor() {
    super({ round: 0, score: new Int32Array(2) }, 2, 3);
  }
  protected createView(player: number) {
    this.made++;
    return { me: player };
  }
  protected playRound(orders: ReadonlyArray<readonly number[]>) {
    orders.forEach((list, p) => {
      for (const n of list) this.state.score[p]! += n;
    });
    this.state.round++;
  }
  actions(_player: number, _collector: OrderCollector<number>) {
    return null;
  }
  orderKey() {
    return 0;
  }
  freeze() {}
  scores() {
    return Array.from(this.state.score);
  }
  snapshot() {
    return arraysToJson(this.state, ["score"], { config: {}, round: this.state.round });
  }
  digest() {
    return 0;
  }
  viewJson() {
    return null;
  }
}

describe("RoundMatch", () => {
  it("moves everyone every round, caches views and stops after its last round", () => {
    const match = new Tiny();
    expect(match.toMove()).toEqual([0, 1]);
    expect(match.view(1)).toBe(match.view(1));
    expect(match.made).toBe(1);
    for (let r = 0; r < 3; r++) match.step([[1], [2]]);
    expect(match.isOver()).toBe(true);
    expect(match.scores()).toEqual([3, 6]);
    expect(() => match.step([[], []])).toThrow(/the match is over/);
  });

  it("snapshots typed arrays as JSON and rejects a snapshot that lacks one", () => {
    const match = new Tiny();
    match.step([[5], [7]]);
    const data = match.snapshot();
    expect(data).toEqual({ config: {}, round: 1, score: [5, 7] });
    const target = { score: new Int32Array(2) };
    arraysFromJson(target, ["score"], snapshotFields(data, "Tiny"));
    expect(Array.from(target.score)).toEqual([5, 7]);
    expect(() => arraysFromJson(target, ["score"], { config: {} })).toThrow(
      "the snapshot has no array 'score'",
    );
    expect(() => snapshotFields([1, 2], "Tiny")).toThrow("not a Tiny snapshot");
  });
});

describe("ownMatch", () => {
  it("passes the game's own match through and names the game for another one", () => {
    const match = new Tiny();
    expect(ownMatch(match, Tiny, "Tiny")).toBe(match);
    expect(() => ownMatch({}, Tiny, "Tiny")).toThrow("not a Tiny match");
  });
});
