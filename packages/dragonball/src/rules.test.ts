import { describe, expect, it } from "vitest";
import { arena } from "./__fixtures__/arena";
import { type DragonBallConfig, parseConfig } from "./config";
import { defaultConfig } from "./default-map";
import { engine } from "./engine";
import { DragonBallMatch } from "./match";
import { BALL } from "./state";

/** The original `.cnf` text of a config (used to check the default map with the parser). */
function toCnf(config: DragonBallConfig): string {
  const items = (list: DragonBallConfig["beans"]) =>
    list.map((b) => `${b.i} ${b.j} ${b.present ? "y" : "n"} ${b.time}`).join("\n");
  const types = ["normal", "on_kinton", "with_ball", "on_kinton_with_ball"];
  return [
    "boladedrac v1",
    ...Object.entries(config.params).map(([k, v]) => `${k} ${v}`),
    "names ? ? ? ?",
    "round 0",
    ...config.map,
    "beans",
    items(config.beans),
    "kintons",
    items(config.kintons),
    ...config.gokus.map(
      (g) =>
        `${types[(g.kinton > 0 ? 1 : 0) + (g.ball ? 2 : 0)]} ${g.i} ${g.j} ${g.time} ${g.alive ? "a" : "d"} ${g.balls} ${g.strength} ${g.kinton} ${g.status}`,
    ),
  ].join("\n");
}

describe("maps", () => {
  it("the default map is a valid original map", () => {
    const config = defaultConfig();
    expect(parseConfig(toCnf(config), "default.cnf")).toEqual(config);
  });

  it.each([
    [(t: string) => t.replace("nb_rounds 1001", "nb_rounds 1000"), /nb_rounds must be odd/],
    [
      (t: string) =>
        t.replace(
          "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\nX.....X",
          "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.\nX.....X",
        ),
      /the border must be rock/,
    ],
    [(t: string) => t.replace("X..C..X.X", "X.....X.X"), /capsules but nb_capsules is 3/],
    [
      (t: string) => t.replace("B..C..B", "...C..B"),
      /1 balls on the map and 0 carried, but nb_balls is 2/,
    ],
    [
      (t: string) => t.replace("X.XXX.X.XXXXX.XXX.X.XXXXX.X.X.X", "X.XXX.X.XXXXX.XXX.X.XXXXX.X.X"),
      /map row 2 has 29 cells, expected cols = 31/,
    ],
    [(t: string) => t.replace("kintons\n", "clouds\n"), /expected 'kintons'/],
  ])("a malformed map names the line (%#)", (edit, message) => {
    expect(() => parseConfig(edit(toCnf(defaultConfig())), "m.cnf")).toThrow(message);
    expect(() => parseConfig(edit(toCnf(defaultConfig())), "m.cnf")).toThrow(/^m\.cnf(:\d+)?: /);
  });
});

describe("moves", () => {
  it("gokus move only on even rounds without a kinton, and pay strength on rounds ≡ 2 mod 4", () => {
    const t = arena();
    t.play({ kind: "move", dir: "r" }); // round 0
    expect(t.s.gokuPos[0]).toBe(t.at(1, 2));
    expect(t.s.gokuStrength[0]).toBe(500);
    t.play({ kind: "move", dir: "r" }); // round 1: odd, no kinton → ignored
    expect(t.s.gokuPos[0]).toBe(t.at(1, 2));
    expect(t.s.done[0]).toBeUndefined();
    t.play({ kind: "move", dir: "b" }); // round 2: pays 10
    expect(t.s.gokuPos[0]).toBe(t.at(2, 2));
    expect(t.s.gokuStrength[0]).toBe(490);
  });

  it("a bean restores full strength; a kinton lets a goku move on odd rounds, free, for its life time", () => {
    const t = arena((c) => {
      c.gokus[0] = { ...c.gokus[0]!, i: 1, j: 6 };
      c.gokus[1] = { ...c.gokus[1]!, i: 6, j: 1 };
    });
    t.play({ kind: "move", dir: "r" }, { kind: "move", dir: "b" });
    expect(t.s.gokuStrength[0]).toBe(999);
    expect(t.s.beanPresent[0]).toBe(0);
    expect(t.s.beanTime[0]).toBe(59);
    expect(t.s.gokuKinton[1]).toBe(54); // 55, minus the end of this round
    t.play(undefined, { kind: "move", dir: "r" }); // odd round: moves on its kinton
    expect(t.s.gokuPos[1]).toBe(t.at(7, 2));
  });

  it("a goku takes a ball, and scores it on a capsule (a new ball appears elsewhere)", () => {
    const t = arena((c) => {
      c.gokus[2] = { ...c.gokus[2]!, i: 7, j: 5 };
    });
    t.play(undefined, undefined, { kind: "move", dir: "r" });
    expect(t.s.gokuBall[2]).toBe(1);
    expect([...t.s.cell].filter((c) => c === BALL)).toHaveLength(0);
    t.s.gokuPos[2] = t.at(4, 3);
    t.s.gokuAt[t.at(7, 6)] = -1;
    t.s.gokuAt[t.at(4, 3)] = 2;
    t.play(); // round 1
    t.play(undefined, undefined, { kind: "move", dir: "r" }); // round 2 onto the capsule
    expect(t.s.gokuBalls[2]).toBe(1);
    expect(t.s.gokuBall[2]).toBe(0);
    expect([...t.s.cell].filter((c) => c === BALL)).toHaveLength(1);
    expect(t.match.scores()[2]).toBe(1000 + 490 - 0);
  });
});

describe("combat and Kame Hame", () => {
  it("combat: one of the two dies, the winner pays the combat penalty and takes the loser's ball", () => {
    let attackerWins = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const t = arena((c) => {
        c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 2, ball: true };
        c.map = c.map.map((row) => row.replace("B", "."));
      });
      t.s.rng.setSeed(seed);
      t.play({ kind: "move", dir: "r" });
      const winner = t.s.gokuAlive[0] === 1 ? 0 : 1;
      const loser = 1 - winner;
      expect(t.s.gokuAlive[loser]).toBe(0);
      expect(t.s.gokuStrength[winner]).toBe(475);
      expect(t.s.gokuBall[winner]).toBe(1);
      expect(t.s.gokuTime[loser]).toBe(59);
      if (winner === 0) {
        attackerWins++;
        expect(t.s.gokuPos[0]).toBe(t.at(1, 2));
      }
    }
    // (1 + 500) / (2 + 1000) ≈ 0.5 of 200.
    expect(attackerWins).toBeGreaterThan(70);
    expect(attackerWins).toBeLessThan(130);
  });

  it("a granted Kame Hame costs its penalty and kills every goku in line up to the rock", () => {
    let granted = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const t = arena((c) => {
        c.gokus[0] = { ...c.gokus[0]!, strength: 999 };
        c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 5 };
        c.gokus[3] = { ...c.gokus[3]!, i: 1, j: 7 };
      });
      t.s.rng.setSeed(seed);
      t.play({ kind: "throw", dir: "r" });
      if (t.s.done[0] === undefined) {
        expect(t.s.gokuAlive[1]).toBe(1);
        continue;
      }
      granted++;
      expect(t.s.gokuStrength[0]).toBe(299);
      expect([t.s.gokuAlive[1], t.s.gokuAlive[3], t.s.gokuAlive[2]]).toEqual([0, 0, 1]);
    }
    // Probability (1 + 999 − 700) / (1 + 999 − 700) = 1 at full strength.
    expect(granted).toBe(100);
  });

  it("a dead goku comes back on an odd round after its time, with res_strength, away from others", () => {
    const t = arena((c) => {
      c.gokus[1] = { ...c.gokus[1]!, alive: false, time: 1, strength: 0 };
    });
    t.play(); // round 0 (even): timer 1 → 0, no respawn
    expect(t.s.gokuAlive[1]).toBe(0);
    t.play(); // round 1 (odd): respawn
    expect(t.s.gokuAlive[1]).toBe(1);
    expect(t.s.gokuStrength[1]).toBe(200);
  });

  it("a frozen player's dead goku never comes back", () => {
    const t = arena((c) => {
      c.gokus[1] = { ...c.gokus[1]!, alive: false, time: 1, strength: 0 };
    });
    t.match.freeze(1);
    for (let r = 0; r < 10; r++) t.play();
    expect(t.s.gokuAlive[1]).toBe(0);
  });
});

describe("balls in combat", () => {
  const ballsOnMap = (t: ReturnType<typeof arena>) =>
    [...t.s.cell].filter((c) => c === BALL).length;

  it("a winner that already carries a ball leaves the loser's ball to respawn elsewhere", () => {
    const t = arena((c) => {
      // Both carry a ball (so no ball is left on the map); the attacker is far stronger.
      c.map = c.map.map((row) => row.replace("B", "."));
      c.params = { ...c.params, nb_balls: 2 };
      c.gokus[0] = { ...c.gokus[0]!, ball: true, strength: 999 };
      c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 2, ball: true, strength: 0 };
    });
    t.play({ kind: "move", dir: "r" });
    // o = randomize() mod 1001 ≤ 999 except for one value in 1001: the attacker wins.
    expect(t.s.gokuAlive[0]).toBe(1);
    expect(t.s.gokuAlive[1]).toBe(0);
    expect(t.s.gokuBall[0]).toBe(1);
    expect(t.s.gokuBall[1]).toBe(0);
    expect(ballsOnMap(t)).toBe(1);
  });

  it("a winner with a ball that lands on a capsule deposits it at once, and a new ball appears", () => {
    const t = arena((c) => {
      c.map = c.map.map((row) => row.replace("B", "."));
      c.gokus[0] = { ...c.gokus[0]!, i: 4, j: 3, ball: true, strength: 999 };
      c.gokus[1] = { ...c.gokus[1]!, i: 4, j: 4, strength: 0 }; // on the capsule at (4, 4)
    });
    t.play({ kind: "move", dir: "r" });
    expect(t.s.gokuPos[0]).toBe(t.at(4, 4));
    expect(t.s.gokuBalls[0]).toBe(1);
    expect(t.s.gokuBall[0]).toBe(0);
    expect(ballsOnMap(t)).toBe(1);
  });

  it("a defender on a capsule that beats an attacker carrying a ball scores it at once", () => {
    const t = arena((c) => {
      c.map = c.map.map((row) => row.replace("B", "."));
      c.gokus[0] = { ...c.gokus[0]!, i: 4, j: 3, ball: true, strength: 0 };
      c.gokus[1] = { ...c.gokus[1]!, i: 4, j: 4, strength: 999 };
    });
    t.play({ kind: "move", dir: "r" });
    // The attacker wins only if o ≤ 0: one value in 1001.
    expect(t.s.gokuAlive[0]).toBe(0);
    expect(t.s.gokuBalls[1]).toBe(1);
    expect(t.s.gokuBall[1]).toBe(0);
    expect(ballsOnMap(t)).toBe(1);
  });

  it("the winner adds the loser's kinton life to its own", () => {
    const t = arena((c) => {
      c.gokus[0] = { ...c.gokus[0]!, strength: 999, kinton: 10 };
      c.gokus[1] = { ...c.gokus[1]!, i: 1, j: 2, strength: 0, kinton: 30 };
    });
    t.play({ kind: "move", dir: "r" });
    // 10 + 30, minus the end of this round.
    expect(t.s.gokuKinton[0]).toBe(39);
  });
});

describe("variants", () => {
  it("2015 plays nb_rounds rounds, 2012 nb_rounds − 1", () => {
    const c2015 = { ...defaultConfig(), params: { ...defaultConfig().params, nb_rounds: 5 } };
    const c2012 = { ...c2015, variant: "2012" as const };
    const a = new DragonBallMatch(c2015, 1);
    const b = new DragonBallMatch(c2012, 1);
    let ra = 0;
    let rb = 0;
    for (; !a.isOver(); ra++) a.step([[], [], [], []]);
    for (; !b.isOver(); rb++) b.step([[], [], [], []]);
    expect([ra, rb]).toEqual([5, 4]);
  });

  it("the 2015 .res starts with Game and holds nb_rounds + 1 states; the 2012 one nb_rounds", () => {
    for (const variant of ["2015", "2012"] as const) {
      const config = {
        ...defaultConfig(),
        variant,
        params: { ...defaultConfig().params, nb_rounds: 5 },
      };
      const match = new DragonBallMatch(config, 1);
      const recorder = engine.res!(match, ["a", "b", "c", "d"]);
      while (!match.isOver()) {
        match.step([[], [], [], []]);
        recorder.afterStep();
      }
      const text = recorder.text();
      expect(text.startsWith("Game\n")).toBe(variant === "2015");
      expect(text.match(/^round \d+$/gm)).toHaveLength(variant === "2015" ? 6 : 5);
    }
  });
});
