// The hostile-bot matrix cells that bot-host.test.ts and external.test.ts do not cover: a module
// bot mutating its view or patching globals (with --trust, in its own process, and in its box,
// the default), and the attacks of an `exec:` program, with --trust and in its box. Each cell
// checks the bot's fault, the others' results against a match where that bot is Null from the
// same round, that the replay verifies, and that no process is left (counted). The full matrix
// is in the README; the attacks of issue 38 are in box-attacks.test.ts.
import { readFileSync, rmSync } from "node:fs";
import type { Budget } from "@arena/core";
import { describe, expect, it } from "vitest";
import { engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { fixture, fixtureUrl } from "../__fixtures__/helpers";
import { playHostile, reference } from "../__fixtures__/hostile-match";
import { externalBot } from "../external/external";
import { hostedBot } from "../host/bot-host";
import { sandboxSupport } from "./sandbox";

const engineUrl = fixtureUrl("counter-game.mjs");
const hostileModule = fixtureUrl("hostile-bots.mjs");
const hostileModuleFile = fixture("hostile-bots.mjs");
const program = fixture("hostile-program.mjs");
/** A number of seconds no other process sleeps: the marker of what the bots start. */
const marker = String(80_000 + (process.pid % 9000));
const sandbox = sandboxSupport();
// The exec: programs and what they start carry the marker as a word of their command line.
const markers = [hostileModuleFile, `\u0000${marker}\u0000`, `sleep\u0000${marker}`];
const play = (hostile: Parameters<typeof playHostile>[0], budget: Budget = {}) =>
  playHostile(hostile, markers, budget);

describe.each([
  ["its own process (--trust)", false],
  ["its box (the default)", "auto"],
] as const)("a module bot in %s", (_mode, mode) => {
  const run = mode !== false && !sandbox.available ? it.skip : it;
  run.each([
    // The counter game's view is a plain object (the games' views are frozen façades, see their
    // view tests): assigning its own property works, the prototype (Object.prototype) is frozen.
    [
      "MutateView",
      /^threw TypeError: Cannot (add property round, object is not extensible|assign to read only property)/,
    ],
    // Node's --frozen-intrinsics: patching Array.from throws instead of changing the replica.
    ["Patch", /^threw TypeError: Cannot assign to read only property 'from' of function/],
  ])(
    "%s: frozen with the reason, the others' results as with Null from round 3",
    async (name, reason) => {
      const hostile = hostedBot(
        {
          engine,
          engineUrl,
          moduleUrl: hostileModule,
          exportName: name,
          sandbox: mode,
        },
        name,
      );
      const result = await play(hostile);
      expect(result.players[1]!.fault).toMatch(reason);
      expect(result.players[1]!.frozenAtRound).toBe(3);
      expect(result.players.map((p) => p.frozen)).toEqual([false, true, false]);
      expect(result.scores).toEqual((await reference(true)).scores);
    },
  );
});

const command = (attack: string, writeTo = "") =>
  `${JSON.stringify(process.execPath)} ${JSON.stringify(program)} ${attack} ${marker} ${JSON.stringify(writeTo || "-")}`;

/**
 * [attack, budget, fault (undefined: plays on to the end; "rejected": plays on, its malformed order
 * rejected)] for every mode of `exec:` bots.
 */
const execAttacks: Array<[string, Budget, RegExp | "rejected" | undefined]> = [
  [
    "loop",
    { turnMs: 300, wallMs: 120_000 },
    /^used \d+ ms of CPU time for its turn, over the limit of 300 ms by \d+ ms \(grace 20 ms\)$/,
  ],
  ["exit", {}, /^exited with code 0 before answering$/],
  ["allocate", {}, /^used \d+ MiB of memory, over the limit of 256 MiB by \d+ MiB$/],
  // A malformed order is rejected alone (reported at the next turn), not a fault.
  ["badorder", {}, "rejected"],
  [
    "sleep",
    { turnMs: 300, wallMs: 5000 },
    /^did not answer its turn within 5000 ms of wall-clock time \(the safety net; it used \d+ ms of CPU time: sleeping or blocked\?\)$/,
  ],
  // A program may start processes (a shell script bot does): the child and the setsid grandchild
  // are killed at the end of the match (process group, then the ARENA_BOT token).
  ["spawn", {}, undefined],
];

describe("an exec: program with --trust (it runs with arena's rights)", () => {
  it.each(execAttacks)("%s", async (attack, budget, fault) => {
    const result = await play(
      externalBot(command(attack), { memoryMiB: 256, sandbox: false }),
      budget,
    );
    if (fault === undefined) {
      expect(result.players[1]!.frozen).toBe(false);
      expect(result.scores).toEqual((await reference(false)).scores);
      return;
    }
    if (fault === "rejected") {
      // Round 3 gave only the malformed order: 27 points fewer, the others untouched.
      const full = (await reference(false)).scores;
      expect(result.players[1]).toMatchObject({ frozen: false, rejectedOrders: 1 });
      expect(result.scores).toEqual([full[0], full[1]! - 27, full[2]]);
      return;
    }
    expect(result.players[1]!.fault).toMatch(fault);
    expect(result.players[1]!.frozenAtRound).toBe(3);
    expect(result.scores).toEqual((await reference(true)).scores);
  });
  // killparent and write are not run here: with --trust an exec: program can signal arena and
  // write the user's files (the threat model says so).
});

describe.skipIf(!sandbox.available)("an exec: program in its box (the default)", () => {
  it.each(execAttacks)("%s", async (attack, budget, fault) => {
    const result = await play(externalBot(command(attack), { memoryMiB: 256 }), budget);
    if (fault === undefined) {
      expect(result.players[1]!.frozen).toBe(false);
      expect(result.scores).toEqual((await reference(false)).scores);
      return;
    }
    if (fault === "rejected") {
      // Round 3 gave only the malformed order: 27 points fewer, the others untouched.
      const full = (await reference(false)).scores;
      expect(result.players[1]).toMatchObject({ frozen: false, rejectedOrders: 1 });
      expect(result.scores).toEqual([full[0], full[1]! - 27, full[2]]);
      return;
    }
    expect(result.players[1]!.fault).toMatch(fault);
    expect(result.players[1]!.frozenAtRound).toBe(3);
    expect(result.scores).toEqual((await reference(true)).scores);
  });

  it("killparent: its parent is the box's init, arena is out of its reach", async () => {
    const result = await play(externalBot(command("killparent")));
    // This test process (arena) is alive to check; the bot played on.
    expect(result.players[1]!.frozen).toBe(false);
    expect(result.scores).toEqual((await reference(false)).scores);
  });

  it("write: the file system is read-only (outside its private /tmp)", async () => {
    const target = fixture(`written-${marker}.txt`);
    try {
      const result = await play(externalBot(command("write", target)));
      expect(result.players[1]!.frozen).toBe(false);
      expect(() => readFileSync(target)).toThrow();
    } finally {
      rmSync(target, { force: true });
    }
  });
});
