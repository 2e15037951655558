import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Bot,
  type Budget,
  type ExternalProtocol,
  inProcessBot,
  type MatchResult,
  type MessageEvent,
  runMatch,
} from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { Demo, engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { counterBonus, fixture, stillRunning, tempDir } from "../__fixtures__/helpers";
import { sandboxSupport } from "../sandbox/sandbox";
import { splitCommandLine } from "./command-line";
import { externalBot } from "./external";

const botScript = fixture("counter-bot.mjs");
const dir = tempDir();
const allPids: number[] = [];
let pidFiles = 0;

/**
 * An external counter bot in `mode`, spawning a child; returns the controller and where its pids
 * go. With --trust (`sandbox: false`): the tests check its processes by the pids it writes in the
 * test's folder, which its box would hide (the box's own tests: box-attacks.test.ts and
 * hostile-matrix.test.ts).
 */
function bot(mode: string, options: { faultRound?: number } = {}) {
  const pidfile = join(dir, `pids-${pidFiles++}.txt`);
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(botScript)} ${mode} ${JSON.stringify(pidfile)} ${options.faultRound ?? 3}`;
  return { controller: externalBot(command, { label: `exec:${mode}`, sandbox: false }), pidfile };
}

const readPids = (pidfile: string): number[] => {
  try {
    return readFileSync(pidfile, "utf8").trim().split(/\s+/).map(Number);
  } catch {
    return [];
  }
};

/**
 * Plays 10 rounds: player 0 in-process Demo, player 1 the external bot in `mode`, player 2 a
 * well-behaved external bot. Checks that every bot process and its child are gone afterwards.
 */
async function play(
  mode: string,
  budget: Budget = {},
  extra: { onMessage?: (event: MessageEvent) => void; engine?: typeof engine } = {},
): Promise<MatchResult> {
  const faulty = bot(mode);
  const good = bot("good");
  const result = await runMatch(extra.engine ?? engine, {
    config: { rounds: 10, turnBased: false },
    seed: 17,
    players: [
      { name: "demo", controller: inProcessBot(() => new Demo() as Bot, "Demo") },
      { name: mode, controller: faulty.controller },
      { name: "good", controller: good.controller },
    ],
    budget,
    ...(extra.onMessage ? { onMessage: extra.onMessage } : {}),
  });
  const pids = [...readPids(faulty.pidfile), ...readPids(good.pidfile)];
  allPids.push(...pids);
  // Both bots and the child each of them spawned (and the setsid grandchild).
  expect(pids).toHaveLength(mode === "setsid" ? 5 : 4);
  expect(await stillRunning(pids)).toEqual([]);
  // The others always finish with all their points.
  expect(result.players[0]!.frozen).toBe(false);
  expect(result.players[2]!.frozen).toBe(false);
  expect(result.scores[0]).toBe(270 + bonus[0]!);
  expect(result.scores[2]).toBe(270 + bonus[2]!);
  return result;
}

const bonus = counterBonus(17, 3, 10);

afterAll(async () => {
  expect(await stillRunning(allPids)).toEqual([]);
});

describe("externalBot", () => {
  it("plays a full match with the default protocol, every message reported", async () => {
    const messages: MessageEvent[] = [];
    const result = await play("good", {}, { onMessage: (event) => messages.push(event) });
    expect(result.players[1]).toMatchObject({
      frozen: false,
      label: "exec:good",
      score: 270 + bonus[1]!,
    });
    const mine = messages.filter((m) => m.player === 1);
    expect(mine).toHaveLength(1 + 10 * 2);
    expect(mine[0]).toEqual({
      round: -1,
      player: 1,
      dir: "to_bot",
      msg: {
        type: "start",
        game: "counter",
        player: 1,
        players: 3,
        seed: 17,
        settings: { rounds: 10, units: 3 },
      },
    });
    expect(mine[1]).toEqual({
      round: 0,
      player: 1,
      dir: "to_bot",
      msg: { type: "turn", round: 0, view: { me: 1, round: 0, scores: [0, 0, 0], lastDraw: -1 } },
    });
    expect(mine[2]).toEqual({
      round: 0,
      player: 1,
      dir: "from_bot",
      msg: { orders: [0, 1, 2].map((unit) => ({ unit, add: 9 })) },
    });
    expect(result.players[1]!.timeMs).toBeGreaterThan(0);
  });

  // Concurrent: each case its own match, bot processes and pid files (checked by pid); hang and
  // slowstart sleep far past their wall-clock net (3 s, stretched by the machine's load: a Node
  // bot takes more than 3 s to start at load 30, and its first turns must not reach the net)
  // side by side. The limits are the bots' own CPU time, and the good bots' answers are
  // immediate, so no outcome depends on the others.
  const net = loadScaled(3000);
  it.concurrent.each([
    ["crash", {}, /^exited with code 3 before answering$/, 3],
    [
      "hang",
      { turnMs: 400, wallMs: net },
      new RegExp(
        `^did not answer its turn within ${net} ms of wall-clock time \\(the safety net; it used \\d+ ms of CPU time: sleeping or blocked\\?\\)$`,
      ),
      3,
    ],
    [
      "spin",
      { turnMs: 300, wallMs: 120_000 },
      /^used \d+ ms of CPU time for its turn, over the limit of 300 ms by \d+ ms \(grace 20 ms\)$/,
      3,
    ],
    ["junk", {}, /^wrote invalid JSON as its orders: hello, world$/, 3],
    ["flood", {}, /^flooded its output: more than 1048576 bytes without a newline$/, 3],
    [
      "lines",
      {},
      /^(flooded its output: wrote more than 64 lines it was not asked for|wrote \d+ line\(s\) it was not asked for: .*)$/,
      4,
    ],
    [
      "slowstart",
      { startMs: 300, turnMs: 300, wallMs: net },
      new RegExp(
        `^did not answer its turn within ${net} ms of wall-clock time \\(the safety net; it used \\d+ ms of CPU time: sleeping or blocked\\?\\)$`,
      ),
      0,
    ],
    ["noorders", {}, /^bad reply: expected \{"orders":\[\.\.\.\]\}, got \{"moves":\[\]\}$/, 3],
    ["many", {}, /^gave 1001 orders in one step \(more than 1000\)$/, 3],
    ["exit", {}, /^exited with code 0( before answering)?$/, 4],
  ] as const)("freezes only the bot that faults: %s", async (mode, budget, fault, round) => {
    const result = await play(mode, budget);
    const player = result.players[1]!;
    expect(player.frozen).toBe(true);
    expect(player.fault).toMatch(fault);
    expect(player.frozenAtRound).toBe(round);
    expect(player.score).toBe(27 * round + bonus[1]!);
  });

  it("rejects malformed, duplicate and unknown-unit orders alone: badorder is not frozen", async () => {
    const result = await play("badorder");
    expect(result.players[1]).toMatchObject({ frozen: false, rejectedOrders: 3 });
    expect(result.players[1]!.score).toBe(270 - 9 + bonus[1]!);
  });

  it("does not charge a slow start-up's sleep: only CPU time counts", async () => {
    // It sleeps 400 ms before reading its first turn: no CPU time, so within a 200 ms turn limit
    // (the wall-clock safety net, its default 1 s here, is set far: what is tested is the CPU).
    const result = await play("lateboot", { startMs: 1500, turnMs: 200, wallMs: loadScaled(5000) });
    expect(result.players[1]).toMatchObject({ frozen: false, score: 270 + bonus[1]! });
    expect(result.players[1]!.timeMs).toBeGreaterThan(0);
  });

  it("kills a grandchild that left the bot's session (setsid -f) when the match ends", async () => {
    const result = await play("setsid");
    expect(result.players[1]).toMatchObject({ frozen: false, score: 270 + bonus[1]! });
  });

  it("keeps stderr, capped at 64 KiB (its first 56 KiB and last 8 KiB) with a note", async () => {
    const result = await play("stderr");
    const stderr = result.players[1]!.stderr!;
    expect(stderr).toBe(
      `${"x".repeat(56 * 1024)}\n[stderr truncated: ${100 * 1024 - 64 * 1024} bytes not kept]\n${"x".repeat(8 * 1024)}`,
    );
    expect(result.players[1]!.frozen).toBe(false);
  });

  it("freezes a program that cannot be started", async () => {
    const result = await runMatch(engine, {
      config: { rounds: 3, turnBased: false },
      seed: 1,
      players: [
        { name: "x", controller: externalBot("/nonexistent/program --flag") },
        { name: "d", controller: inProcessBot(() => new Demo() as Bot, "Demo") },
      ],
    });
    expect(result.players[0]!.fault).toBe(
      "could not be started: spawn /nonexistent/program ENOENT",
    );
    expect(result.players[0]!.frozenAtRound).toBe(0);
    expect(result.players[1]!.score).toBe(81 + counterBonus(1, 2, 3)[1]!);
  });

  describe("with the game's own protocol", () => {
    const protocol: ExternalProtocol = {
      start: (_match, player, settings) => ({ type: "init", player, settings }),
      startReply: true,
      acceptStart(reply) {
        const name = (reply as { name?: unknown }).name;
        if (typeof name !== "string") throw new Error("the start reply needs a name");
        return name;
      },
      turn: (match) => ({ type: "state", round: match.round() }),
      orders(reply) {
        const command = (reply as { command?: unknown }).command;
        if (!Array.isArray(command)) throw new Error("the reply needs a command list");
        return command;
      },
      result: (match, player) => ({ type: "result", score: match.scores()[player]! }),
    };
    const custom = { ...engine, protocol };

    it("speaks it exactly: start reply, turns, results", async () => {
      const messages: MessageEvent[] = [];
      const result = await play("good", {}, { engine: custom, onMessage: (m) => messages.push(m) });
      expect(result.players[1]!.score).toBe(270 + bonus[1]!);
      expect(result.players[1]!.botName).toBe("CounterBot");
      const mine = messages
        .filter((m) => m.player === 1)
        .map(
          (m) =>
            `${m.dir}:${(m.msg as { type?: string }).type ?? Object.keys(m.msg as object).join(",")}`,
        );
      expect(mine.slice(0, 6)).toEqual([
        "to_bot:init",
        "from_bot:name",
        "to_bot:state",
        "from_bot:command",
        "to_bot:result",
        "to_bot:state",
      ]);
      expect(mine).toHaveLength(2 + 10 * 3);
    });

    it("times out a slow start reply (sleeping: the wall-clock safety net)", async () => {
      const result = await play("slowstart", { startMs: 300, wallMs: 3000 }, { engine: custom });
      expect(result.players[1]!.fault).toMatch(
        /^did not answer its start reply within 3000 ms of wall-clock time \(the safety net; it used \d+ ms of CPU time: sleeping or blocked\?\)$/,
      );
      expect(result.players[1]!.frozenAtRound).toBe(0);
    });
  });
});

describe("an external bot under --sandbox", () => {
  const support = sandboxSupport();
  it.skipIf(!support.available)(
    "cannot leave a grandchild behind (setsid -f), write files or reach the network",
    async () => {
      const marker = String(90_000 + (process.pid % 9000));
      // Outside /tmp (private in the sandbox): a real file of the repository's, read-only there.
      const escaped = fixture(`escaped-${marker}.txt`);
      const script = join(dir, "escaper.mjs");
      writeFileSync(
        script,
        `import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import { createInterface } from "node:readline";
spawn("setsid", ["-f", "sleep", "${marker}"], { stdio: "ignore", detached: true }).unref();
const tried = [];
try { writeFileSync(${JSON.stringify(escaped)}, "x"); tried.push("wrote"); } catch { tried.push("no-write"); }
const socket = connect(80, "1.1.1.1");
socket.on("connect", () => tried.push("net")).on("error", () => tried.push("no-net"));
for await (const line of createInterface({ input: process.stdin })) {
  if (line.includes('"turn"')) {
    process.stderr.write(tried.join(",") + "\\n");
    process.stdout.write(JSON.stringify({ orders: [] }) + "\\n");
  }
}
`,
      );
      const sleeping = () =>
        readdirSync("/proc").filter((name) => {
          try {
            return readFileSync(`/proc/${name}/cmdline`, "latin1") === `sleep\u0000${marker}\u0000`;
          } catch {
            return false;
          }
        });
      const result = await runMatch(engine, {
        config: { rounds: 5, turnBased: false },
        seed: 1,
        players: [
          {
            name: "escaper",
            controller: externalBot(
              `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`,
              {
                sandbox: true,
              },
            ),
          },
          { name: "d", controller: inProcessBot(() => new Demo() as Bot, "Demo") },
        ],
      });
      expect(result.players[0]!.fault, result.players[0]!.stderr).toBeUndefined();
      expect(result.players[0]!.stderr).toMatch(/^no-write,no-net/);
      expect(existsSync(escaped)).toBe(false);
      const until = Date.now() + 3000;
      while (sleeping().length > 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(sleeping()).toEqual([]);
    },
  );
  it.skipIf(support.available)("is skipped: the sandbox is not available here", () => {
    console.warn(`sandbox test skipped: ${(support as { reason: string }).reason}`);
  });
});

describe("when the runner's process ends mid-match", () => {
  it.each(["exit", "signal"])("kills the bots' process groups (%s)", async (how) => {
    const pidfile = join(dir, `exit-${how}.txt`);
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", fixture("exit-mid-match.ts"), pidfile, how],
      {
        cwd: fixture("."),
        encoding: "utf8",
        // A hang net: tsx's start-up alone took over 30 s at load 35-45.
        timeout: loadScaled(30_000),
      },
    );
    expect(child.stderr).toBe("");
    if (how === "exit") expect(child.status).toBe(0);
    else expect(child.signal).toBe("SIGTERM");
    const pids = readPids(pidfile);
    expect(pids).toHaveLength(2);
    allPids.push(...pids);
    expect(await stillRunning(pids)).toEqual([]);
  });
});

describe("splitCommandLine", () => {
  it("splits words with quotes and escapes, without a shell", () => {
    expect(splitCommandLine(`python3 "my bot.py" --name 'a b' x\\ y "q\\"q" ''`)).toEqual([
      "python3",
      "my bot.py",
      "--name",
      "a b",
      "x y",
      'q"q',
      "",
    ]);
    expect(() => splitCommandLine(`python3 "bot.py`)).toThrow(
      expect.objectContaining({ code: "BAD_BOT" }),
    );
    expect(() => splitCommandLine("   ")).toThrow(expect.objectContaining({ code: "BAD_BOT" }));
  });
});
