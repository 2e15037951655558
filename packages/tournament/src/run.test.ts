import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { ArenaError } from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adderBot,
  adderEngine,
  counterEngine,
  crashingBot,
  endlessBot,
  statefulBot,
  withoutDuration,
} from "./__fixtures__/bots";
import { matchId } from "./match-id";
import { playTask } from "./play-task";
import type { MatchRecord } from "./record";
import resultsSchema from "./results.schema.json";
import { readResults } from "./results-file";
import summarySchema from "./summary.schema.json";
import { testBot } from "./test-bot";
import { runTournament } from "./tournament";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-tournament-"));
  crashingBot(dir);
  endlessBot(dir);
  statefulBot(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ajv = new Ajv({ allErrors: true });
const validLine = ajv.compile(resultsSchema);
const validSummary = ajv.compile(summarySchema);

// The game's built-in adders (in this process and the pool's threads) where a run's logic is the
// claim (plans, ids, summaries, resume, replays): a bot file costs a process per seat and thread.
// Bot files, in processes of their own, are the claim of "bot host processes kept between
// matches"; the tests of an isolated bot and of a bad module below use files too.
const bots = [{ spec: "add1" }, { spec: "add2" }, { spec: "Demo" }, { spec: "Null" }];
const sorted = (records: MatchRecord[]) =>
  records.map(withoutDuration).sort((a, b) => (a.id < b.id ? -1 : 1));

async function collect(iterable: AsyncIterable<MatchRecord>): Promise<MatchRecord[]> {
  const records: MatchRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

describe("runTournament on the counter game", () => {
  let reference: MatchRecord[];
  beforeAll(async () => {
    reference = await collect(
      runTournament({
        engine: adderEngine,
        bots,
        seeds: [1, 2, 3],
        jobs: 1,
        cwd: dir,
        out: "a.jsonl",
      }),
    );
  });

  it("plays seeds × rotations, each record valid against results.schema.json", () => {
    expect(reference).toHaveLength(12);
    const lines = readFileSync(join(dir, "a.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(13);
    for (const line of lines)
      expect(validLine(JSON.parse(line)), JSON.stringify(validLine.errors)).toBe(true);
    // Adders finish in their order: Demo adds 9 (270+), add2 60+, add1 30+, Null 0+ (+ ≤ 10 bonus).
    for (const record of reference) {
      const score = (name: string) => record.scores[record.seats.indexOf(name)]!;
      expect(score("Demo")).toBeGreaterThan(score("add2"));
      expect(score("add2")).toBeGreaterThan(score("add1"));
      expect(score("add1")).toBeGreaterThan(score("Null"));
      expect(record.ranks[record.seats.indexOf("Demo")]).toBe(1);
    }
  });

  it("ids are stable across runs and identical records come out whatever --jobs", async () => {
    const again = await collect(
      runTournament({ engine: adderEngine, bots, seeds: [1, 2, 3], jobs: 1, cwd: dir }),
    );
    expect(sorted(again)).toEqual(sorted(reference));
    const parallel = await collect(
      runTournament({
        engine: adderEngine,
        bots,
        seeds: [1, 2, 3],
        jobs: 3,
        cwd: dir,
        out: "b.jsonl",
      }),
    );
    expect(sorted(parallel)).toEqual(sorted(reference));
    expect(
      readResults(join(dir, "b.jsonl"))
        .records.map(withoutDuration)
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    ).toEqual(sorted(reference));
  });

  it("an id changes with the seed, the engine version, the config and a bot's content", () => {
    const key = {
      game: "counter",
      engineVersion: "1.0.0",
      config: { rounds: 10, turnBased: false },
      seed: 1,
      seats: [
        { name: "a", identity: "builtin:Demo" },
        { name: "b", identity: "builtin:Null" },
      ],
    };
    const id = matchId(key);
    expect(matchId({ ...key, config: { turnBased: false, rounds: 10 } })).toBe(id);
    expect(matchId({ ...key, seed: 2 })).not.toBe(id);
    expect(matchId({ ...key, engineVersion: "1.0.1" })).not.toBe(id);
    expect(matchId({ ...key, config: { rounds: 11, turnBased: false } })).not.toBe(id);
    expect(matchId({ ...key, seats: [key.seats[1]!, key.seats[0]!] })).not.toBe(id);
    expect(
      matchId({ ...key, seats: [key.seats[0]!, { name: "b", identity: "file:00" }] }),
    ).not.toBe(id);
  });

  it("the summary: shared wins, Wilson interval, placement, ratings in order, head to head, seats", async () => {
    const tournament = runTournament({
      engine: adderEngine,
      bots,
      seeds: [1, 2, 3],
      jobs: 1,
      cwd: dir,
    });
    await collect(tournament);
    const summary = tournament.summary();
    expect(validSummary(summary), JSON.stringify(validSummary.errors)).toBe(true);
    expect(summary.matches).toBe(12);
    expect(summary.bots.map((bot) => bot.bot)).toEqual(["Demo", "add2", "add1", "Null"]);
    const demo = summary.bots[0]!;
    expect(demo).toMatchObject({ matches: 12, wins: 12, winRate: 1, meanPlacement: 1, faults: 0 });
    expect(demo.winRateCI[0]).toBeCloseTo(12 / (12 + 1.959963984540054 ** 2), 6);
    expect(summary.bots[3]!.meanPlacement).toBe(4);
    const h2h = summary.headToHead;
    const at = (a: string, b: string) => h2h.above[h2h.bots.indexOf(a)]![h2h.bots.indexOf(b)]!;
    expect(at("Demo", "Null")).toBe(1);
    expect(at("add1", "add2")).toBe(0);
    expect(h2h.matches[0]![1]).toBe(12);
    expect(summary.seats.map((seat) => seat.matches)).toEqual([12, 12, 12, 12]);
    // Every bot sat in every seat once per seed: each seat's mean placement is (1+2+3+4)/4.
    for (const seat of summary.seats) expect(seat.meanPlacement).toBe(2.5);
  });
});

/** Processes whose command line names the test directory (bot hosts of its bot files). */
function botProcesses(): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      if (/^[ZX]$/.test(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3))) continue;
      if (readFileSync(`/proc/${name}/cmdline`, "latin1").includes(dir)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Child processes of this one running tinypool's process entry (the pool's match processes). */
function poolProcesses(): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (/^[ZX]$/.test(fields[0]!) || Number(fields[1]) !== process.pid) continue;
      if (readFileSync(`/proc/${name}/cmdline`, "latin1").includes("tinypool")) {
        found.push(Number(name));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe("built-in bots with more than one job", () => {
  it("play here and in jobs − 1 child processes, none left after the run, nor after an interruption", async () => {
    const options = { engine: adderEngine, bots, seeds: [1, 2, 3, 4], cwd: dir, jobs: 2 };
    for (const jobs of [2, 3]) {
      const seen = new Set<number>();
      const records: MatchRecord[] = [];
      for await (const record of runTournament({ ...options, jobs })) {
        records.push(record);
        for (const pid of poolProcesses()) seen.add(pid);
      }
      expect(records).toHaveLength(16);
      expect(seen.size).toBe(jobs - 1);
      expect(poolProcesses()).toEqual([]);
    }
    const controller = new AbortController();
    let played = 0;
    await expect(
      (async () => {
        for await (const _ of runTournament({ ...options, signal: controller.signal })) {
          if (++played === 3) controller.abort();
        }
      })(),
    ).rejects.toThrow(ArenaError);
    expect(played).toBeLessThan(16);
    expect(poolProcesses()).toEqual([]);
  });
});

describe("bot host processes kept between matches", () => {
  it("give the same records as a process per match, whatever --jobs, and none is left after the run", async () => {
    // A module-level count of turns (stateful), a bot that faults (crash), the same file in two
    // seats (stateful twice), and a built-in. One seed: its four rotations are four matches, so a
    // kept host (one per seat, and per job with --jobs 2) still serves more than one match; a run
    // of fresh processes costs three process start-ups a match (about 0.9 s of wall time a match here).
    const entries = [
      { spec: "stateful.mjs" },
      { spec: "crash.mjs" },
      { spec: "stateful.mjs", name: "stateful2" },
      { spec: "Demo" },
    ];
    const run = (jobs: number, reuseHosts: boolean, out?: string) =>
      collect(
        runTournament({
          engine: counterEngine,
          bots: entries,
          seeds: [1],
          jobs,
          cwd: dir,
          reuseHosts,
          ...(out !== undefined ? { out } : {}),
        }),
      );
    const fresh = await run(1, false, "hosts.jsonl");
    expect(fresh).toHaveLength(4);
    // Records of bot files (identities `file:<hash>`) are valid results lines too.
    const lines = readFileSync(join(dir, "hosts.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(5);
    for (const line of lines)
      expect(validLine(JSON.parse(line)), JSON.stringify(validLine.errors)).toBe(true);
    expect(JSON.parse(lines[0]!).bots[0].identity).toMatch(/^file:[0-9a-f]{64}$/);
    expect(botProcesses()).toEqual([]);
    for (const record of fresh) {
      // 1 + … + 9 + 9 per unit over 10 rounds: the count starts from 0 in every match.
      const stateful = record.scores[record.seats.indexOf("stateful")]!;
      expect(stateful - (stateful % 10)).toBe(160);
      expect(record.status[record.seats.indexOf("crash")]).toEqual({
        state: "frozen",
        reason: "threw Error: boom at round 3",
        round: 3,
      });
    }
    for (const jobs of [1, 2]) {
      expect(sorted(await run(jobs, true))).toEqual(sorted(fresh));
      expect(botProcesses()).toEqual([]);
    }
    expect(sorted(await run(2, false))).toEqual(sorted(fresh));
  });
});

describe("resume", () => {
  it("after an interruption gives the same records as an uninterrupted run, a torn line ignored", async () => {
    const options = { engine: adderEngine, bots, seeds: [1, 2, 3, 4], cwd: dir };
    const whole = await collect(runTournament({ ...options, jobs: 1, out: "whole.jsonl" }));
    const controller = new AbortController();
    const first: MatchRecord[] = [];
    const interrupted = runTournament({
      ...options,
      jobs: 2,
      out: "part.jsonl",
      signal: controller.signal,
    });
    await expect(
      (async () => {
        for await (const record of interrupted) {
          first.push(record);
          if (first.length === 5) controller.abort();
        }
      })(),
    ).rejects.toThrow(ArenaError);
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(first.length).toBeLessThan(16);
    const kept = readResults(join(dir, "part.jsonl")).records;
    expect(kept.length).toBeGreaterThanOrEqual(5);
    // A run killed while writing leaves half a line.
    appendFileSync(join(dir, "part.jsonl"), '{"type":"match","id":"12');
    const warnings: string[] = [];
    const resumed = await collect(
      runTournament({
        ...options,
        jobs: 2,
        out: "part.jsonl",
        resume: true,
        onWarning: (w) => warnings.push(w),
      }),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/part\.jsonl:\d+: ignoring a torn last line/);
    expect(sorted(resumed)).toEqual(sorted(whole));
    const file = readResults(join(dir, "part.jsonl"));
    expect(file.warnings).toEqual([]);
    expect(sorted(file.records)).toEqual(sorted(whole));
  });

  it("refuses a results file of another kind of run, naming the file and fields", async () => {
    const test = testBot({
      engine: counterEngine,
      candidate: { spec: "Demo" },
      baseline: { spec: "Null" },
      seeds: [1],
      players: 2,
      jobs: 1,
      cwd: dir,
      out: "whole.jsonl",
      resume: true,
    });
    await expect(collect(test)).rejects.toThrow(
      /whole\.jsonl: written by an 'arena tournament' run.*'kind'/,
    );
  });
});

describe("resume under other rules", () => {
  // The folder is made in beforeAll: read when a test runs.
  let options: {
    engine: typeof adderEngine;
    bots: typeof bots;
    seeds: number[];
    cwd: string;
    jobs: number;
  };
  beforeAll(() => {
    options = { engine: adderEngine, bots, seeds: [1], cwd: dir, jobs: 1 };
  });
  const header = (file: string) => readResults(join(dir, file)).header;

  it("refuses a file written with other players' limits or C++ limits, naming the field", async () => {
    const budget = { turnMs: 5000 };
    const first = await collect(runTournament({ ...options, out: "budget.jsonl", budget }));
    expect(header("budget.jsonl").options.budget).toEqual(budget);
    // Before: resumed without the budget (or with another), the file mixed records of both.
    for (const other of [{}, { budget: { turnMs: 50 } }, { budget, limits: "jutge" as const }]) {
      const resumed = runTournament({ ...options, out: "budget.jsonl", resume: true, ...other });
      await expect(collect(resumed)).rejects.toThrow(
        expect.objectContaining({
          code: "BAD_RESULTS",
          message: expect.stringMatching(
            /^budget\.jsonl: written by a run of .*, not of .* as this one \(header field 'options\.(budget|limits)'\); resume with the same --/,
          ),
        }),
      );
    }
    // The same rules: resumed (nothing left to play, the records kept).
    const resumed = await collect(
      runTournament({ ...options, out: "budget.jsonl", resume: true, budget }),
    );
    expect(sorted(resumed)).toEqual(sorted(first));
  });

  it("a run with the defaults writes none of them: its file resumes as one written before they were recorded", async () => {
    await collect(runTournament({ ...options, out: "plain.jsonl" }));
    const { options: written } = header("plain.jsonl");
    expect(["cpp", "budget", "limits"].filter((field) => field in written)).toEqual([]);
    await expect(
      collect(runTournament({ ...options, out: "plain.jsonl", resume: true, limits: "jutge" })),
    ).rejects.toThrow(/not of --limits jutge as this one \(header field 'options\.limits'\)/);
  });
});

describe("faults", () => {
  it("a bot that throws is counted as faults with its reason, the run goes on", async () => {
    const tournament = runTournament({
      engine: adderEngine,
      bots: [{ spec: "crash" }, { spec: "Demo" }, { spec: "Null" }],
      seeds: [1, 2],
      jobs: 2,
      cwd: dir,
    });
    const records = await collect(tournament);
    expect(records).toHaveLength(6);
    for (const record of records) {
      const status = record.status[record.seats.indexOf("crash")]!;
      expect(status).toMatchObject({ state: "frozen", round: 3 });
      expect(status.state === "frozen" && status.reason).toMatch(/boom at round 3/);
    }
    const crash = tournament.summary().bots.find((bot) => bot.bot === "crash")!;
    expect(crash.faults).toBe(6);
    expect(crash.faultReasons).toHaveLength(1);
    expect(crash.faultReasons[0]!.count).toBe(6);
  });

  it("an isolated bot stuck in an endless loop is frozen at its turn limit, the run goes on", async () => {
    const tournament = runTournament({
      engine: counterEngine,
      bots: [{ spec: "endless.mjs" }, { spec: "Demo" }],
      seeds: [1],
      jobs: 2,
      cwd: dir,
      isolated: true,
      // The loop never ends: any limit is unambiguously over. It starts at the bot's second turn
      // (round 1), whose limit is the turn's 200 ms of CPU time: the first's also holds what the
      // start left of its budget. The start's is 2 s: an isolated start takes ≈ 0.1 s of the
      // process's CPU time, and the other match's loop (in the same process) is frozen within
      // 200 ms of it.
      // Both stretched by the machine's load: the loop is over any limit, Demo's start is not.
      budget: { startMs: loadScaled(2000), turnMs: loadScaled(200) },
    });
    const records = await collect(tournament);
    expect(records).toHaveLength(2);
    for (const record of records) {
      const status = record.status[record.seats.indexOf("endless")]!;
      expect(status).toMatchObject({ state: "frozen", round: 1 });
      expect(record.ranks[record.seats.indexOf("Demo")]).toBe(1);
    }
    expect(tournament.summary().bots.find((bot) => bot.bot === "endless")!.faults).toBe(2);
  });
});

describe("bad bots", () => {
  it("a module that does not load is frozen from the start of each of its matches, with why in the header and records; the run goes on", async () => {
    writeFileSync(join(dir, "broken.mjs"), "export default class { play( }\n");
    const events: string[] = [];
    const tournament = runTournament({
      engine: counterEngine,
      bots: [{ spec: "broken.mjs" }, { spec: "Demo" }],
      seeds: [1, 2],
      // Played in the pool's threads: the seat's fault goes with the task.
      jobs: 2,
      cwd: dir,
      out: "broken.jsonl",
      onPrepare: (event) => events.push(`${event.bot} ${event.state}`),
    });
    const records = await collect(tournament);
    expect(events).toEqual(["broken start", "broken failed"]);
    expect(records).toHaveLength(4);
    for (const record of records) {
      const status = record.status[record.seats.indexOf("broken")]!;
      expect(status).toMatchObject({ state: "frozen", round: 0 });
      expect(status.state === "frozen" && status.reason).toMatch(
        /^broken\.mjs: cannot load the bot module/,
      );
      expect(record.ranks[record.seats.indexOf("Demo")]).toBe(1);
    }
    const file = readResults(join(dir, "broken.jsonl"));
    expect(file.header.bots[0]).toMatchObject({ name: "broken" });
    expect(file.header.bots[0]!.fault).toMatch(/^broken\.mjs: cannot load the bot module/);
    expect(file.header.bots[1]!.fault).toBeUndefined();
    for (const line of readFileSync(join(dir, "broken.jsonl"), "utf8").trim().split("\n"))
      expect(validLine(JSON.parse(line)), JSON.stringify(validLine.errors)).toBe(true);
    expect(tournament.summary().bots.find((bot) => bot.bot === "broken")!.faults).toBe(4);
  });

  it("bot files are prepared side by side, as many as the cores, each file once", async () => {
    const files = [adderBot(dir, 3), adderBot(dir, 4)];
    const events: string[] = [];
    const tournament = runTournament({
      engine: counterEngine,
      bots: [{ spec: files[0]! }, { spec: files[1]! }, { name: "again", spec: files[0]! }],
      seeds: [1],
      jobs: 1,
      cwd: dir,
      onPrepare: (event) => events.push(event.state),
    });
    await collect(tournament);
    // add3.mjs once (entered twice), add4.mjs once: both started before either is done.
    const together = Math.min(2, availableParallelism());
    expect(events).toHaveLength(4);
    expect(events.slice(0, together)).toEqual(Array(together).fill("start"));
  });

  it("arena test of a module that does not load is one clear error before any match", async () => {
    writeFileSync(join(dir, "broken.mjs"), "export default class { play( }\n");
    const test = testBot({
      engine: counterEngine,
      candidate: { spec: "broken.mjs" },
      baseline: { spec: "Null" },
      seeds: [1, 2],
      players: 2,
      jobs: 1,
      cwd: dir,
    });
    await expect(collect(test)).rejects.toThrow(/broken\.mjs: cannot load the bot module/);
  });
});

describe("replays", () => {
  it("--replays keeps one replay per match, named by id", async () => {
    const records = await collect(
      runTournament({
        engine: adderEngine,
        bots,
        seeds: [1],
        jobs: 2,
        cwd: dir,
        replays: "replays",
      }),
    );
    const files = readdirSync(join(dir, "replays")).sort();
    expect(files).toEqual(records.map((record) => `${record.id}.arena`).sort());
    for (const record of records) expect(record.replay).toBe(join("replays", `${record.id}.arena`));
  });

  it("a match stopped before its end leaves no .partial replay behind", async () => {
    const replay = join(dir, "stopped.arena");
    const controller = new AbortController();
    controller.abort();
    await expect(
      playTask(
        adderEngine,
        {
          engineUrl: "",
          config: adderEngine.defaultConfig(),
          seed: 1,
          seats: bots.map(({ spec }) => ({ name: spec, spec })),
          cwd: dir,
          replay,
        },
        controller.signal,
      ),
    ).rejects.toThrow(expect.objectContaining({ code: "ABORTED" }));
    expect(readdirSync(dir).filter((name) => name.startsWith("stopped.arena"))).toEqual([]);
  });
});
