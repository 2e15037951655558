import { describe, expect, it } from "vitest";
import { addKillAndDeath, type DeathEvent, EventLog, type KillEvent } from "./events";

type TestEvent = KillEvent | DeathEvent<"poison"> | { type: "pickup"; unit: number };

describe("EventLog", () => {
  it("a step's list is never changed by later steps, an empty one included", () => {
    const log = new EventLog<TestEvent>();
    expect(log.list()).toEqual([]);
    log.begin();
    const empty = log.list();
    log.add({ type: "pickup", unit: 1 });
    const first = log.list();
    log.begin();
    log.add({ type: "pickup", unit: 2 });
    expect(empty).toEqual([]);
    expect(first).toEqual([{ type: "pickup", unit: 1 }]);
    expect(log.list()).toEqual([{ type: "pickup", unit: 2 }]);
    log.begin();
    expect(log.list()).toEqual([]);
    expect(Object.isFrozen(empty)).toBe(true);
  });

  it("addKillAndDeath: a kill only when the killer is of another player, the death always", () => {
    const log = new EventLog<TestEvent>();
    const victim = { player: 1, unit: 7 };
    addKillAndDeath(log, victim, "poison", [2, 3], { player: 0, unit: 4 });
    addKillAndDeath(log, victim, "poison", [2, 3], { player: 1, unit: 5 });
    addKillAndDeath(log, victim, "poison", [2, 3]);
    expect(log.list()).toEqual([
      { type: "kill", killer: { player: 0, unit: 4 }, victim, at: [2, 3] },
      {
        type: "death",
        player: 1,
        unit: 7,
        cause: "poison",
        killer: { player: 0, unit: 4 },
        at: [2, 3],
      },
      {
        type: "death",
        player: 1,
        unit: 7,
        cause: "poison",
        killer: { player: 1, unit: 5 },
        at: [2, 3],
      },
      { type: "death", player: 1, unit: 7, cause: "poison", at: [2, 3] },
    ]);
    expect(JSON.parse(JSON.stringify(log.list()))).toEqual(log.list());
  });
});
