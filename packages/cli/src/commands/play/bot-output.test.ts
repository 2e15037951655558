// What bots write reaches the user: a crashing Python bot's traceback under the results table,
// everything with --bot-log (a file per player), and its rejected orders in its next turn message.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test-io";
import { botLogName } from "./bot-log";

const python = spawnSync("python3", ["--version"]).status === 0;

// A Money Heist bot in Python: a debug line per turn; at round 0 a malformed order and one for a
// unit that does not exist; it echoes what its next turn message says was rejected; it crashes
// at round 2 with a traceback.
const BOT = `import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] != "turn":
        continue
    r = m["round"]
    print("thinking in round", r, file=sys.stderr, flush=True)
    if "rejected" in m:
        print("rejected:", json.dumps(m["rejected"]), file=sys.stderr, flush=True)
    if r == 2:
        raise ValueError("boom at round 2")
    orders = [{"unit": 5, "kind": "jump"}, {"unit": 999, "kind": "charge"}] if r == 0 else []
    print(json.dumps({"orders": orders}), flush=True)
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-bot-output-"));
  writeFileSync(join(dir, "bot.py"), BOT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(python)("a crashing Python bot", () => {
  it("its traceback is in the results table and every line it wrote in its --bot-log file", async () => {
    const run = await runCli(
      ["play", "moneyheist", "exec:python3 bot.py", "Null", "Null", "Null", "--bot-log", "logs"],
      dir,
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/OUT at round 2: exited with code 1/);
    expect(run.out).toMatch(
      /player 0 \(\w+\) wrote on stderr, last lines:\n( {2}\| .*\n)* {2}\| Traceback \(most recent call last\):\n( {2}\| .*\n)* {2}\| ValueError: boom at round 2$/m,
    );
    expect(run.out).toContain("bot logs: logs\n");
    const files = readdirSync(join(dir, "logs")).sort();
    expect(files).toHaveLength(4);
    const log = readFileSync(join(dir, "logs", files[0]!), "utf8");
    expect(files[0]).toBe(botLogName(0, files[0]!.slice(2, -4)));
    // Each line is filed under the round in which arena received it (stderr is a pipe of its own,
    // so a line may come after the reply it preceded): every line, in order, rounds ascending.
    const rounds = [...log.matchAll(/^--- round (\d+) ---$/gm)].map((m) => Number(m[1]));
    expect(rounds[0]).toBe(0);
    expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
    expect(log.replace(/^--- round \d+ ---\n/gm, "")).toMatch(
      /^thinking in round 0\nthinking in round 1\nrejected: .*\nthinking in round 2\nTraceback \(most recent call last\):\n[\s\S]*ValueError: boom at round 2\n$/,
    );
    const rejected = JSON.parse(/^rejected: (.*)$/m.exec(log)![1]!) as Array<{
      index: number;
      reason: string;
    }>;
    expect(rejected.map((r) => [r.index, r.reason])).toEqual([
      [0, "malformed"],
      [1, "unknown-unit"],
    ]);
    for (const other of files.slice(1))
      expect(readFileSync(join(dir, "logs", other), "utf8")).toBe("");
  });
});

describe("--bot-log", () => {
  it("names each player's file by number and a safe name", () => {
    expect(botLogName(2, "exec:python3 ../x/bot.py")).toBe("2-exec_python3_.._x_bot.py.log");
    expect(botLogName(0, "")).toBe("0-bot.log");
  });
});
