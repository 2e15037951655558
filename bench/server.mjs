// Benchmark of @arena/server (build first: `pnpm build`; needs g++).
//   node bench/server.mjs [part…] [--seconds=N]   parts: ladder, standings, submit (default all
//   three); --seconds: how long the ladder is measured (default 120)
// - ladder: matches per hour of a 4-player Money Heist ladder of 32 active C++ players (`arena
//   serve --jobs 2`, measured over `--seconds` once every player is active) against
//   `arena tournament` of the same player (four names, seats rotated, `--jobs 2`) on the same
//   machine; the same config (ROUNDS rounds) for both.
// - standings: p50/p95 of GET /api/contests/1/standings and of the standings page at 300
//   participants and 20 000 matches written straight into the SQLite database (then the server
//   restarted: its first request rates all of them, reported apart).
// - submit: submission-to-active time of a C++ player on the default config, three submissions
//   to one fresh server: the first as soon as its contest is made (the kit's objects and header
//   compiled too, or being compiled by the warm-up), a new player (the kit cached: what a
//   participant's revision costs), the same source again (cached compile); then the first
//   submission to another fresh server once its warm-up has compiled the kit (a build without a
//   warm-up: 10 s after its contest), and the warm-up's own wall and CPU time.
//   Each split into its compile (upload to `validating`) and its validation (to `active`), wall
//   time and the server's CPU time (its own and its children's: g++, the box, the players).
//   --runs=N servers (default 3), --before=other/packages/cli/bin/arena.js: another build's cli
//   (e.g. a copy of the tree before a change) run alternately with this one; medians of each.
// Wall times move with the machine's load, which is printed; quote it with the figures; the CPU
// times move much less.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { engine } from "../packages/moneyheist/dist/index.js";
import Sqlite from "../packages/server/node_modules/better-sqlite3/lib/index.js";
import { quantile } from "./lib.mjs";

const named = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const parts = named.length > 0 ? named : ["ladder", "standings", "submit"];
const ROUNDS = 100;
const LADDER_SECONDS = Number(
  process.argv.find((arg) => /^--seconds=\d+$/.test(arg))?.slice(10) ?? 120,
);
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const SUBMIT_RUNS = Number(option("runs") ?? 3);
const before = option("before") === undefined ? undefined : resolve(option("before"));
const arena = fileURLToPath(new URL("../packages/cli/bin/arena.js", import.meta.url));
const player = readFileSync(
  new URL("../packages/server/src/__fixtures__/players/AIValid.cc", import.meta.url),
  "utf8",
);
const TOKEN = "bench-organiser-token-0123456789abcdef";
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
console.log(`arena serve bench: ${availableParallelism()} CPUs, load ${load()}`);
if (spawnSync("g++", ["--version"]).status !== 0) {
  console.log("g++ is not installed: nothing measured");
  process.exit(0);
}

function config(rounds) {
  const values = { ...engine.defaultConfig(), numRounds: rounds };
  const upper = (key) => key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
  return `MoneyHeist 1.0\n\n${Object.entries(values)
    .map(([k, v]) => `${upper(k)}\t${v}`)
    .join("\n")}\n\nRANDOM\n`;
}

async function serve(data, jobs, bin = arena) {
  const child = spawn(
    process.execPath,
    [bin, "serve", "--port", "0", "--data", data, "--jobs", String(jobs)],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ARENA_SERVE_TOKEN: TOKEN, ARENA_CACHE_DIR: join(data, "cpp-cache") },
    },
  );
  const cpu = cpuMeter(child.pid);
  child.stderr.on("data", () => {});
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`arena serve exited ${code}`)));
  });
  return {
    url,
    cpu,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }).finally(() => cpu.remove()),
  };
}

async function api(server, method, path, token, body) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

async function contestWith(server, name, count, cnf, format = "ladder") {
  const { id } = await api(server, "POST", "/api/contests", TOKEN, {
    name,
    game: "moneyheist",
    format,
    ...(cnf ? { config: cnf } : {}),
  });
  const { codes } = await api(server, "POST", `/api/contests/${id}/invites`, TOKEN, { count });
  const tokens = [];
  for (const [k, code] of codes.entries()) {
    // Joining is rate-limited per address (30 a minute): wait when refused.
    for (;;) {
      const joined = await api(server, "POST", "/api/join", undefined, { code, name: `p${k + 1}` });
      if (joined.token !== undefined) {
        tokens.push(joined.token);
        break;
      }
      if (joined.code !== "RATE_LIMITED") throw new Error(`join: ${joined.error}`);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
  return { id, tokens };
}

async function waitActive(server, token, submission) {
  for (;;) {
    const state = await api(server, "GET", `/api/submissions/${submission}`, token);
    if (state.status === undefined) throw new Error(`submission ${submission}: ${state.error}`);
    if (["active", "compile-error", "invalid"].includes(state.status)) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ladder() {
  const data = mkdtempSync(join(tmpdir(), "arena-bench-serve-"));
  try {
    const server = await serve(data, 2);
    const { id, tokens } = await contestWith(server, "Bench", 32, config(ROUNDS));
    const submissions = [];
    for (const token of tokens)
      submissions.push(
        (
          await api(server, "POST", `/api/contests/${id}/submissions`, token, {
            filename: "AIValid.cc",
            source: player,
          })
        ).id,
      );
    for (const [k, submission] of submissions.entries())
      await waitActive(server, tokens[k], submission);
    const count = async () =>
      (await api(server, "GET", `/api/contests/${id}/matches?limit=1000`)).matches.filter(
        (m) => m.kind === "ladder",
      ).length;
    await new Promise((resolve) => setTimeout(resolve, 10_000)); // warm-up: pools started, players compiled
    const before = await count();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, LADDER_SECONDS * 1000));
    const played = (await count()) - before;
    const seconds = (performance.now() - started) / 1000;
    await server.stop();
    const serverRate = (played / seconds) * 3600;
    // The same matches by `arena tournament`: one player under four names, seats rotated.
    writeFileSync(join(data, "AIValid.cc"), player);
    writeFileSync(join(data, "bench.cnf"), config(ROUNDS));
    const seeds = Math.max(5, Math.round(played / 4));
    const t0 = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        arena,
        "tournament",
        "moneyheist",
        "A=AIValid.cc",
        "B=AIValid.cc",
        "C=AIValid.cc",
        "D=AIValid.cc",
        "--seeds",
        String(seeds),
        "--jobs",
        "2",
        "--config",
        "bench.cnf",
        "--quiet",
        "--out",
        "t.jsonl",
      ],
      {
        cwd: data,
        env: { ...process.env, ARENA_CACHE_DIR: join(data, "cpp-cache") },
        encoding: "utf8",
      },
    );
    const tournamentSeconds = (performance.now() - t0) / 1000;
    if (run.status !== 0) throw new Error(`arena tournament failed: ${run.stderr}`);
    const tournamentRate = ((seeds * 4) / tournamentSeconds) * 3600;
    console.log(
      `ladder: ${played} matches in ${seconds.toFixed(1)} s: ${serverRate.toFixed(0)} matches/hour (32 active C++ players, ${ROUNDS} rounds, --jobs 2)`,
    );
    console.log(
      `tournament: ${seeds * 4} matches in ${tournamentSeconds.toFixed(1)} s: ${tournamentRate.toFixed(0)} matches/hour (start-up included)`,
    );
    console.log(
      `ladder / tournament: ${(serverRate / tournamentRate).toFixed(2)} (load ${load()})`,
    );
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

function seed(data, participants, matches) {
  const db = new Sqlite(join(data, "arena.sqlite"));
  const now = new Date().toISOString();
  db.transaction(() => {
    const person = db.prepare(
      "insert into participants (contest_id, name, token_hash, active_submission_id, created_at) values (1, ?, ?, null, ?)",
    );
    for (let k = 1; k <= participants; k++) person.run(`p${k}`, `hash${k}`, now);
    const match = db.prepare(
      "insert into matches (id, contest_id, kind, stage, seed, seats, scores, ranks, status, rounds, duration_ms, error, has_replay, created_at) values (?, 1, 'ladder', null, ?, ?, ?, ?, ?, 200, 100, null, 0, ?)",
    );
    const seat = db.prepare(
      "insert into match_seats (match_id, contest_id, seat, participant_id, submission_id, rank, score, frozen, reason, frozen_round) values (?, 1, ?, ?, null, ?, ?, 0, null, null)",
    );
    let state = 12345;
    const random = (n) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    for (let m = 1; m <= matches; m++) {
      const id = m.toString(16).padStart(20, "0");
      const players = new Set();
      while (players.size < 4) players.add(1 + random(participants));
      const seats = [...players];
      const scores = seats.map(() => random(1000));
      const ranks = scores.map((s) => 1 + scores.filter((t) => t > s).length);
      match.run(
        id,
        m,
        JSON.stringify(seats.map((p) => ({ name: `p${p}`, participant: p, submission: null }))),
        JSON.stringify(scores),
        JSON.stringify(ranks),
        JSON.stringify(seats.map(() => ({ state: "ok" }))),
        now,
      );
      for (const [k, p] of seats.entries()) seat.run(id, k, p, ranks[k], scores[k]);
    }
  })();
  db.close();
}

async function timeRequests(url, count) {
  const times = [];
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (${count} requests)`;
}

async function standings() {
  const data = mkdtempSync(join(tmpdir(), "arena-bench-serve-"));
  try {
    let server = await serve(data, 1);
    await api(server, "POST", "/api/contests", TOKEN, {
      name: "Big",
      game: "moneyheist",
      format: "jutge",
    });
    await server.stop();
    const t0 = performance.now();
    seed(data, 300, 20_000);
    console.log(
      `standings: 300 participants and 20 000 matches written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    server = await serve(data, 1);
    const first = performance.now();
    const answer = await api(server, "GET", "/api/contests/1/standings");
    console.log(
      `standings: first request (rates the 20 000 matches) ${(performance.now() - first).toFixed(0)} ms; ${answer.players.length} players, the first with ${answer.players[0].matches} matches`,
    );
    console.log(
      `standings API: ${await timeRequests(`${server.url}/api/contests/1/standings`, 300)}`,
    );
    console.log(`standings page: ${await timeRequests(`${server.url}/contests/1`, 300)}`);
    console.log(
      `matches API (100 newest): ${await timeRequests(`${server.url}/api/contests/1/matches`, 300)} (load ${load()})`,
    );
    await server.stop();
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const CPUACCT = "/sys/fs/cgroup/cpuacct";

/**
 * A meter of the CPU time of process `pid` and everything it starts. The box's processes are
 * not waited for by the server (bubblewrap reports their exit through a pipe), so a process's
 * children's times miss them: where cgroup v1's cpuacct is writable (root), the server goes into
 * a cpuacct group of its own, which counts every process it starts, boxed or not; else its own
 * and its waited children's times from `/proc` (the box's processes then not counted: said).
 */
function cpuMeter(pid) {
  const group = join(CPUACCT, `arena-bench-${process.pid}-${pid}`);
  try {
    mkdirSync(group);
    writeFileSync(join(group, "cgroup.procs"), String(pid));
    return {
      kind: "cpuacct",
      seconds: () => Number(readFileSync(join(group, "cpuacct.usage"), "utf8")) / 1e9,
      // Once its processes have ended (an empty group only; the box's may take a moment).
      async remove() {
        for (let tries = 0; tries < 50; tries++) {
          try {
            return rmdirSync(group);
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      },
    };
  } catch {
    return {
      kind: "/proc (the box's processes not counted)",
      seconds() {
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the command's ") ".
        return fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) / 100;
      },
      remove() {},
    };
  }
}

/**
 * One submission followed to its end: the wall time at which each status was first seen (polled
 * every 20 ms) and the server's CPU time (its own and its finished children's: g++, the box, the
 * players) at each, from the upload.
 */
async function followSubmission(server, contest, token, source) {
  const t0 = performance.now();
  const cpu0 = server.cpu.seconds();
  const made = await api(server, "POST", `/api/contests/${contest}/submissions`, token, {
    filename: "AIValid.cc",
    source,
  });
  const seen = { queued: { wall: 0, cpu: 0 } };
  for (;;) {
    const state = await api(server, "GET", `/api/submissions/${made.id}`, token);
    if (state.status === undefined) throw new Error(`submission ${made.id}: ${state.error}`);
    seen[state.status] ??= {
      wall: (performance.now() - t0) / 1000,
      cpu: server.cpu.seconds() - cpu0,
    };
    if (["active", "compile-error", "invalid"].includes(state.status)) {
      if (state.status !== "active") throw new Error(`submission ${made.id}: ${state.status}`);
      return seen;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The submissions measured: three to one fresh server, then the first to another after its warm-up. */
const SUBMIT_CASES = [
  "first of a fresh server, at once (kit compiling)",
  "new player (kit cached)",
  "same source (cached)",
  "first of a fresh server, after its warm-up",
];

/** A submission's times: wall and CPU to active, split into its compile and its validation. */
function submitRow(seen) {
  const validating = seen.validating ?? seen.active;
  return {
    wall: seen.active.wall,
    cpu: seen.active.cpu,
    compile: validating.wall,
    compileCpu: validating.cpu,
    validate: seen.active.wall - validating.wall,
    validateCpu: seen.active.cpu - validating.cpu,
  };
}

/** A comment unique to the run and the case: every run compiles its players afresh. */
const freshSource = (run, what) => `${player}// run ${run} ${what} ${process.pid}\n`;

/**
 * One server (`bin`, a build's cli), its three submissions, the first made as soon as its
 * contest is: [{ wall, cpu, compile, validate }].
 */
async function submitRun(bin, run) {
  const data = mkdtempSync(join(tmpdir(), "arena-bench-serve-"));
  try {
    const server = await serve(data, 1, bin);
    // A jutge contest: no ladder, whose matches would start with the first active player and
    // share the CPU with the next submissions; the submissions' path is the same.
    const { id, tokens } = await contestWith(server, "Default config", 3, undefined, "jutge");
    const fresh = freshSource(run, "at once");
    const sources = [fresh, `${fresh}// another revision\n`, `${fresh}// another revision\n`];
    const rows = [];
    for (const [k, source] of sources.entries()) {
      rows.push(submitRow(await followSubmission(server, id, tokens[k], source)));
    }
    await server.stop();
    return { rows, meter: server.cpu.kind };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/**
 * Whether the cache in `data` holds a kit's entry with its precompiled header (not a build folder
 * `kit-…-build-…`, where the header is written while it compiles); or any kit folder.
 */
function kitState(data) {
  const cpp = join(data, "cpp-cache", "cpp");
  const kits = existsSync(cpp) ? readdirSync(cpp).filter((name) => name.startsWith("kit-")) : [];
  const done = kits.some(
    (kit) => !kit.includes("-build-") && existsSync(join(cpp, kit, "Player.hh.gch")),
  );
  return { started: kits.length > 0, done };
}

/**
 * Another fresh server (`bin`): its contest made, its kit's warm-up waited for (the kit's
 * precompiled header in its cache; a build without a warm-up: nothing in the cache 10 s after
 * the contest), then its first submission. The submission's row and the warm-up's wall and CPU
 * time from the contest's creation (undefined without one).
 */
async function warmRun(bin, run) {
  const data = mkdtempSync(join(tmpdir(), "arena-bench-serve-"));
  try {
    const server = await serve(data, 1, bin);
    const t0 = performance.now();
    const cpu0 = server.cpu.seconds();
    const { id, tokens } = await contestWith(server, "Default config", 1, undefined, "jutge");
    let warm;
    for (;;) {
      const { started, done } = kitState(data);
      const wall = (performance.now() - t0) / 1000;
      if (done) {
        warm = { wall, cpu: server.cpu.seconds() - cpu0 };
        break;
      }
      if (!started && wall > 10) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seen = await followSubmission(server, id, tokens[0], freshSource(run, "warm"));
    await server.stop();
    return { row: submitRow(seen), warm };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

async function submit() {
  const builds = before
    ? [
        ["this build", arena],
        ["before", before],
      ]
    : [["this build", arena]];
  const runs = Object.fromEntries(builds.map(([label]) => [label, []]));
  const warmUps = Object.fromEntries(builds.map(([label]) => [label, []]));
  console.log(
    `submit: ${SUBMIT_RUNS} run(s) of each build, alternated; the default config (${engine.defaultConfig().numRounds} rounds)`,
  );
  for (let run = 0; run < SUBMIT_RUNS; run++) {
    for (const [label, bin] of builds) {
      const { rows, meter } = await submitRun(bin, run);
      const { row, warm } = await warmRun(bin, run);
      rows.push(row);
      runs[label].push(rows);
      warmUps[label].push(warm);
      const text = rows.map(
        (row, k) =>
          `${SUBMIT_CASES[k]} ${row.wall.toFixed(2)} s (CPU ${row.cpu.toFixed(2)} s: compile ${row.compile.toFixed(2)} s / CPU ${row.compileCpu.toFixed(2)}, validation ${row.validate.toFixed(2)} s / CPU ${row.validateCpu.toFixed(2)})`,
      );
      const warmText = warm
        ? `warm-up (contest made to kit compiled) ${warm.wall.toFixed(2)} s, CPU ${warm.cpu.toFixed(2)} s`
        : "no warm-up";
      console.log(
        `  ${label} run ${run + 1} (load ${load()}; CPU from ${meter}):\n    ${text.join("\n    ")}\n    ${warmText}`,
      );
    }
  }
  const median = (values) => quantile(values, 0.5);
  for (const [k, name] of SUBMIT_CASES.entries()) {
    const cells = builds.map(([label]) => {
      const rows = runs[label].map((rows) => rows[k]);
      const of = (key) => median(rows.map((row) => row[key])).toFixed(2);
      return `${label}: ${of("wall")} s, CPU ${of("cpu")} s (compile ${of("compile")} s / CPU ${of("compileCpu")}, validation ${of("validate")} s / CPU ${of("validateCpu")})`;
    });
    console.log(`submit, ${name}, medians: ${cells.join("; ")}`);
  }
  for (const [label] of builds) {
    const warm = warmUps[label].filter(Boolean);
    if (warm.length === 0) continue;
    const of = (key) => median(warm.map((w) => w[key])).toFixed(2);
    console.log(`warm-up, ${label}, medians: ${of("wall")} s, CPU ${of("cpu")} s`);
  }
  console.log(`(load ${load()})`);
}

for (const part of parts) await { ladder, standings, submit }[part]();
