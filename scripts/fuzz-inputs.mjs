// Feeds the built `arena` hundreds of mutated inputs — replays, configs, maps, order traces,
// devices and FIFOs, a config of one 200 MB line, unwritable outputs and outputs that are
// symbolic links to someone's file — and counts what it must never do: print a stack trace or
// "internal error", exit with a code other than 0 or 2, give an error that does not name the
// file, print an error line over 1 000 characters, write through a symbolic link, hang, or use
// more than 2 GB of memory.
//
//   node scripts/fuzz-inputs.mjs [--count N] [--jobs J] [--timeout S] [--seed K] [--keep]
//
// --count: mutants per kind (default 150; kinds: replay, config, map, trace, plus fixed bombs,
// wrong-game/version, device, long-line, output and link cases); --jobs: runs at once (default 2); --timeout: seconds per
// run (default 60). Needs the packages built (`pnpm install` builds them) and, for configs, maps
// and traces, ../shared/reference beside the repository (those kinds are skipped without it).
// Every run is written to <work>/runs.jsonl; problems are listed at the end.
import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { constants, createDeflateRaw, createGzip, gunzipSync, gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "packages/cli/dist/bin.js");
const reference = join(root, "../shared/reference");
const { values } = parseArgs({
  options: {
    count: { type: "string", default: "150" },
    jobs: { type: "string", default: "2" },
    timeout: { type: "string", default: "60" },
    seed: { type: "string", default: "1" },
    keep: { type: "boolean", default: false },
  },
});
const COUNT = Number(values.count);
const JOBS = Number(values.jobs);
const TIMEOUT_MS = Number(values.timeout) * 1000;
const MEMORY_LIMIT_KB = 2 * 1024 * 1024;
if (!existsSync(bin)) {
  console.error(`fuzz-inputs: ${bin} is not built (run pnpm install)`);
  process.exit(2);
}
const core = await import(join(root, "packages/core/dist/index.js"));
const work = mkdtempSync(join(tmpdir(), "arena-fuzz-"));
const inputs = join(work, "in");
mkdirSync(inputs);

// A small deterministic generator (xorshift32), so a run can be repeated with --seed.
let state = Number(values.seed) >>> 0 || 1;
const random = () => {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 2 ** 32;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const below = (n) => Math.floor(random() * n);

/** Runs the cli (under GNU time for the peak memory); resolves with what it did. */
function runArena(args, cwd = work) {
  return new Promise((resolve) => {
    const timeFile = join(work, `time-${process.hrtime.bigint()}`);
    const child = spawn(
      "/usr/bin/time",
      ["-f", "%M", "-o", timeFile, process.execPath, bin, ...args],
      {
        cwd,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      if (stdout.length < 4096) stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 65536) stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, TIMEOUT_MS);
    const started = Date.now();
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      let memoryKb = 0;
      try {
        memoryKb = Number(readFileSync(timeFile, "utf8").trim().split("\n").at(-1)) || 0;
        rmSync(timeFile);
      } catch {}
      // GNU time reports a child's non-zero status itself; the last line is the figure.
      stderr = stderr.replace(
        /^Command (exited with non-zero status \d+|terminated by signal \d+)\n/m,
        "",
      );
      resolve({ code, signal, stdout, stderr, memoryKb, timedOut, ms: Date.now() - started });
    });
  });
}

// ---- The originals to mutate -------------------------------------------------------------

const cases = [];
/**
 * Adds a run: `args` for the cli, `file` the input that an error must name; `check`, when given,
 * returns what went wrong after the run (a file written through a link), or undefined.
 */
const add = (kind, how, args, file, check) => cases.push({ kind, how, args, file, check });

// Replays of every game, played fresh.
const replays = [];
for (const [game, extra] of [
  ["moneyheist", []],
  ["madmax", []],
  ["madmax-revisited", []],
  ["dragonball", []],
  ["lighthouses", ["--rounds", "60"]],
]) {
  const file = join(inputs, `${game}.arena`);
  const run = await runArena(["play", game, "--seed", "5", "--out", file, "--quiet", ...extra]);
  if (run.code !== 0) throw new Error(`cannot play ${game}: ${run.stderr}`);
  replays.push({ game, bytes: readFileSync(file) });
}

const haveReference = existsSync(reference);
if (!haveReference)
  console.warn(`fuzz-inputs: ${reference} is absent: configs, maps and traces are skipped`);
const ref = (path) => join(reference, path);
// Configs: [game, file, extra args]. Dragonball's 10001-round maps are skipped for time.
const configs = haveReference
  ? [
      ["moneyheist", ref("moneyheist/default.cnf"), []],
      ["madmax", ref("madmax/default.cnf"), []],
      ["madmax", ref("madmax/fixed1.cnf"), []],
      ["madmax-revisited", ref("madmax-revisited/default.cnf"), []],
      ["madmax-revisited", ref("madmax-revisited/maze2.cnf"), []],
      ["dragonball", ref("dragonball/demo.cnf"), ["--variant", "2012"]],
      ["dragonball", ref("dragonball/zigzag_1001.cnf"), ["--variant", "2012"]],
    ].filter(([, file]) => existsSync(file))
  : [];
const maps = haveReference
  ? readdirSync(ref("lighthouses/maps"), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith(".txt"))
      .map((name) => ref(`lighthouses/maps/${name}`))
  : [];
// Traces: [game, trace, config, seed, extra].
const traces = haveReference
  ? [
      [
        "moneyheist",
        ref("moneyheist/traces/default_DeDuDeDu_s11.orders.jsonl.gz"),
        ref("moneyheist/default.cnf"),
        11,
        [],
      ],
      [
        "madmax",
        ref("madmax/traces/default_DeDuDeDu_s11.orders.jsonl.gz"),
        ref("madmax/default.cnf"),
        11,
        [],
      ],
      [
        "madmax-revisited",
        ref("madmax-revisited/traces/default_DuDeDuDe_s1.orders.jsonl.gz"),
        ref("madmax-revisited/default.cnf"),
        1,
        [],
      ],
      [
        "dragonball",
        ref("dragonball/traces/demo_seed1.res.gz"),
        ref("dragonball/demo.cnf"),
        1,
        ["--variant", "2012"],
      ],
    ].filter(([, trace]) => existsSync(trace))
  : [];

// ---- Mutations ----------------------------------------------------------------------------

/** One random mutation of `bytes`; returns [name, bytes]. */
function mutate(bytes) {
  const copy = Buffer.from(bytes);
  switch (below(7)) {
    case 0:
      return ["truncated", copy.subarray(0, below(copy.length))];
    case 1: {
      const lines = copy.toString("latin1").split("\n");
      return [
        "cut at a line",
        Buffer.from(lines.slice(0, below(lines.length)).join("\n"), "latin1"),
      ];
    }
    case 2:
    case 3: {
      const flips = pick([1, 1, 2, 8, 64]);
      for (let k = 0; k < flips; k++) {
        const at = below(copy.length);
        copy[at] ^= 1 << below(8);
      }
      return [`${flips} bit flips`, copy];
    }
    case 4: {
      const at = below(copy.length);
      return [
        "bytes deleted",
        Buffer.concat([copy.subarray(0, at), copy.subarray(at + 1 + below(16))]),
      ];
    }
    case 5: {
      const at = below(copy.length);
      const junk = Buffer.from(
        pick(["\u0000", "\u001b[2J", "9999999999", "-1", "\n", "\u00ff\u00fe", "NaN", "[]", "{}"]),
        "latin1",
      );
      return ["bytes inserted", Buffer.concat([copy.subarray(0, at), junk, copy.subarray(at)])];
    }
    default: {
      // A line duplicated or swapped: structure kept, content wrong.
      const lines = copy.toString("latin1").split("\n");
      const a = below(lines.length);
      const b = below(lines.length);
      [lines[a], lines[b]] = [lines[b], lines[a]];
      if (random() < 0.5) lines.splice(a, 0, lines[b]);
      return ["lines moved", Buffer.from(lines.join("\n"), "latin1")];
    }
  }
}

/** Mutates the text inside gzip data when `bytes` are gzip (else the bytes themselves). */
function mutateMaybeGzip(bytes) {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b && random() < 0.8) {
    const [how, inner] = mutate(gunzipSync(bytes));
    return [`${how} (inside gzip)`, gzipSync(inner)];
  }
  return mutate(bytes);
}

let serial = 0;
const save = (name, bytes) => {
  const file = join(inputs, `${++serial}-${name}`);
  writeFileSync(file, bytes);
  return file;
};

for (let k = 0; k < COUNT; k++) {
  const { game, bytes } = pick(replays);
  // Replays are compressed frames: mutate the container itself.
  const [how, mutated] = mutate(bytes);
  const file = save(`${game}.arena`, mutated);
  add("replay", how, ["replay", file], file);
}
for (let k = 0; k < COUNT && configs.length > 0; k++) {
  const [game, original, extra] = pick(configs);
  const [how, mutated] = mutate(readFileSync(original));
  const file = save(basename(original), mutated);
  add(
    "config",
    how,
    ["play", game, "Null", "Null", "Null", "Null", "--config", file, "--quiet", ...extra],
    file,
  );
}
for (let k = 0; k < COUNT && maps.length > 0; k++) {
  const original = pick(maps);
  const [how, mutated] = mutate(readFileSync(original));
  const file = save(basename(original), mutated);
  add(
    "map",
    how,
    ["play", "lighthouses", "Null", "Null", "--map", file, "--rounds", "30", "--quiet"],
    file,
  );
}
for (let k = 0; k < COUNT && traces.length > 0; k++) {
  const [game, original, config, seed, extra] = pick(traces);
  const [how, mutated] = mutateMaybeGzip(readFileSync(original));
  const file = save(basename(original), mutated);
  add(
    "trace",
    how,
    [
      "play",
      game,
      "--seed",
      String(seed),
      "--config",
      config,
      "--orders",
      file,
      "--quiet",
      ...extra,
    ],
    file,
  );
}

// ---- Wrong game, wrong version, bombs, bad outputs ----------------------------------------

/** Re-writes a replay with header fields changed (and optionally other end-record scores). */
function rewriteReplay(name, bytes, header, scores) {
  const real = core.decodeReplay(bytes, name);
  const file = join(inputs, `${++serial}-${name}`);
  const writer = core.ReplayWriter.open(file, { ...real.header, ...header });
  const digests = new Map(real.digests.map((d) => [d.step, d.digest]));
  real.steps.forEach((orders, s) => {
    writer.writeStep(orders, digests.get(s + 1));
  });
  writer.close({ over: true, scores: scores ?? real.final?.scores ?? [] });
  return file;
}
for (const { game, bytes } of replays) {
  const other = replays.find((r) => r.game !== game).game;
  for (const [how, header] of [
    ["another game in the header", { game: other }],
    ["an unknown game in the header", { game: "chess" }],
    ["another engine version", { engineVersion: "0.0.0-other" }],
    ["no config", { config: null }],
    ["a config of another type", { config: [1, 2, 3] }],
    ["an empty config", { config: {} }],
    ["another seed", { seed: 77 }],
    ["a huge seed", { seed: 1e300 }],
    ["player names that are not text", { players: [{}, 1, null, []].slice(0, 4) }],
    ["another format", { format: 99 }],
  ]) {
    const file = rewriteReplay(`${game}.arena`, bytes, header);
    add("wrong", how, ["replay", file], file);
  }
  const real = core.decodeReplay(bytes, game);
  const forged = rewriteReplay(
    `${game}.arena`,
    bytes,
    {},
    (real.final?.scores ?? [0]).map((s) => s + 1),
  );
  add("wrong", "a forged end record", ["replay", forged], forged);
}
if (configs.length > 1) {
  // A config of another game.
  for (const [game] of configs) {
    const [, file] = configs.find(([other]) => other !== game);
    add("wrong", "a config of another game", ["play", game, "--config", file, "--quiet"], file);
  }
}
if (traces.length > 1) {
  for (const [game, , config, seed, extra] of traces) {
    const [, file] = traces.find(([other]) => other !== game);
    add(
      "wrong",
      "a trace of another game",
      [
        "play",
        game,
        "--seed",
        String(seed),
        "--config",
        config,
        "--orders",
        file,
        "--quiet",
        ...extra,
      ],
      file,
    );
  }
}

/** Writes `size` zero bytes through a zlib stream into `file` (a bomb, without holding it all). */
async function bomb(file, stream, size, prefix = Buffer.alloc(0)) {
  const out = createWriteStream(file);
  out.write(prefix);
  const done = new Promise((resolve) => out.on("finish", resolve));
  stream.pipe(out);
  const chunk = Buffer.alloc(1 << 20, 32);
  for (let written = 0; written < size; written += chunk.length) {
    if (!stream.write(chunk)) await new Promise((resolve) => stream.once("drain", resolve));
  }
  stream.end();
  await done;
}
const GiB = 1024 ** 3;
const gzipBomb = join(inputs, "bomb.gz");
await bomb(gzipBomb, createGzip({ level: 1 }), GiB);
for (const [game, , config, seed, extra] of traces.slice(0, 2)) {
  add(
    "bomb",
    "a gzipped trace inflating to 1 GiB",
    [
      "play",
      game,
      "--seed",
      String(seed),
      "--config",
      config,
      "--orders",
      gzipBomb,
      "--quiet",
      ...extra,
    ],
    gzipBomb,
  );
}
add(
  "bomb",
  "a gzipped config inflating to 1 GiB",
  ["play", "moneyheist", "--config", gzipBomb, "--quiet"],
  gzipBomb,
);
add(
  "bomb",
  "a gzipped .res inflating to 1 GiB",
  ["view", gzipBomb, "--html", join(work, "bomb.html")],
  gzipBomb,
);
{
  // A replay whose first frame inflates to 1 GiB: the header of a real replay, then a frame whose
  // payload is a deflate bomb (its announced length and checksum are lies).
  const bytes = replays[0].bytes;
  const magic = core.REPLAY_MAGIC.length;
  const first = bytes.readUInt32LE(magic);
  const headerSize =
    [16, 12].find((size) => {
      const next = magic + size + first;
      return (
        next + 8 <= bytes.length && bytes.readUInt32LE(next + 4) === ~bytes.readUInt32LE(next) >>> 0
      );
    }) ?? 16;
  const payloadFile = join(work, "bomb.deflate");
  await bomb(
    payloadFile,
    createDeflateRaw({ level: 1, strategy: constants.Z_DEFAULT_STRATEGY }),
    GiB,
  );
  const payload = readFileSync(payloadFile);
  const frame = Buffer.alloc(headerSize);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(~payload.length >>> 0, 4);
  if (headerSize === 16) frame.writeUInt32LE(100, 8);
  const file = join(inputs, "bomb.arena");
  writeFileSync(
    file,
    Buffer.concat([bytes.subarray(0, magic + headerSize + first), frame, payload]),
  );
  add("bomb", "a replay frame inflating to 1 GiB", ["replay", file], file);
  add(
    "bomb",
    "a replay frame inflating to 1 GiB, viewed",
    ["view", file, "--html", join(work, "b.html")],
    file,
  );
}

// Outputs: the error must name the output file.
const replayFile = join(inputs, "moneyheist.arena");
for (const [how, flag, target] of [
  ["--out on a full disk", "--out", "/dev/full"],
  ["--res on a full disk", "--res", "/dev/full"],
  ["--out in a missing directory", "--out", join(work, "no/such/dir/x.arena")],
  ["--out is a directory", "--out", work],
  ["--res is a directory", "--res", work],
  ["--transcript in a missing directory", "--transcript", join(work, "no/dir/t.jsonl")],
]) {
  add("output", how, ["play", "moneyheist", flag, target, "--quiet"], target);
}
add(
  "output",
  "--export res to a full disk",
  ["replay", replayFile, "--export", "res", "--out", "/dev/full"],
  "/dev/full",
);
add("output", "--html to a full disk", ["view", replayFile, "--html", "/dev/full"], "/dev/full");

// Inputs that never end or never come: devices, a FIFO nobody writes to (the run must end with one
// line at once, not read for ever or wait for a writer).
const fifo = join(inputs, "fifo");
spawnSync("mkfifo", [fifo]);
for (const [how, path] of [
  ["/dev/zero", "/dev/zero"],
  ["/dev/urandom", "/dev/urandom"],
  ["a FIFO with no writer", fifo],
]) {
  add("device", `${how} as replay`, ["replay", path], path);
  add("device", `${how} as config`, ["play", "moneyheist", "--config", path, "--quiet"], path);
  add(
    "device",
    `${how} as tournament config`,
    [
      "tournament",
      "moneyheist",
      "Null",
      "Null",
      "Null",
      "Null",
      "--seeds",
      "1",
      "--config",
      path,
      "--out",
      join(work, "t.jsonl"),
    ],
    path,
  );
  add("device", `${how} as trace`, ["play", "moneyheist", "--orders", path, "--quiet"], path);
  add("device", `${how} viewed`, ["view", path, "--html", join(work, "d.html")], path);
}

// A config of one 200 MB line: the error quotes a short excerpt of it, not the line.
const longLine = join(inputs, "long-line.cnf");
writeFileSync(longLine, Buffer.alloc(200 * 1024 * 1024, "x"));
for (const game of ["moneyheist", "madmax", "madmax-revisited", "dragonball", "lighthouses"]) {
  add(
    "long",
    `a config of one 200 MB line, ${game}`,
    ["play", game, "--config", longLine, "--quiet"],
    longLine,
  );
}

// Outputs that are symbolic links to someone's file: refused, the file untouched.
const linked = (name) => {
  const victim = join(work, `victim-${name}`);
  writeFileSync(victim, "precious\n");
  const link = join(work, name);
  symlinkSync(victim, link);
  const check = () =>
    readFileSync(victim, "utf8") === "precious\n"
      ? undefined
      : `${victim} was written through ${link}`;
  return { link, check };
};
for (const [how, flag, name, command] of [
  ["--out", "--out", "l.arena", "play"],
  ["--res", "--res", "l.res", "play"],
  ["--transcript", "--transcript", "l.jsonl", "play"],
  ["tournament --out", "--out", "t-link.jsonl", "tournament"],
  ["--out's .partial", "--out", "p.arena", "play"],
]) {
  const { link, check } = linked(name === "p.arena" ? "p.arena.partial" : name);
  const target = name === "p.arena" ? join(work, "p.arena") : link;
  const args =
    command === "play"
      ? ["play", "moneyheist", flag, target, "--quiet"]
      : ["tournament", "moneyheist", "Null", "Null", "Null", "Null", "--seeds", "1", flag, target];
  add("link", `${how} a symbolic link`, args, target, check);
}
{
  const { link, check } = linked("x.res");
  add(
    "link",
    "--export res --out a symbolic link",
    ["replay", replayFile, "--export", "res", "--out", link],
    link,
    check,
  );
  const html = linked("v.html");
  add(
    "link",
    "--html a symbolic link",
    ["view", replayFile, "--html", html.link],
    html.link,
    html.check,
  );
}

// ---- Run everything, a few at a time --------------------------------------------------------

console.log(
  `fuzz-inputs: ${cases.length} runs, ${JOBS} at a time, ${TIMEOUT_MS / 1000} s each at most; work in ${work}`,
);
const log = createWriteStream(join(work, "runs.jsonl"));
const problems = { stack: [], code: [], unnamed: [], long: [], through: [], memory: [], hang: [] };
const byKind = new Map();
let next = 0;
let finished = 0;
async function worker() {
  while (next < cases.length) {
    const entry = cases[next++];
    const run = await runArena(entry.args);
    finished++;
    if (finished % 50 === 0) console.log(`  ${finished}/${cases.length}`);
    const counts = byKind.get(entry.kind) ?? { runs: 0, exit0: 0, exit2: 0 };
    counts.runs++;
    if (run.code === 0) counts.exit0++;
    if (run.code === 2) counts.exit2++;
    byKind.set(entry.kind, counts);
    const { check: _check, ...described } = entry;
    const record = { ...described, ...run };
    log.write(`${JSON.stringify(record)}\n`);
    if (/internal error|\n\s+at .+:\d+:\d+\)?\n|^\s+at .+:\d+:\d+/m.test(run.stderr))
      problems.stack.push(record);
    if (run.timedOut) problems.hang.push(record);
    else if (run.code !== 0 && run.code !== 2) problems.code.push(record);
    if (run.code === 2 && !run.stderr.includes(basename(entry.file))) problems.unnamed.push(record);
    if (run.stderr.split("\n").some((line) => line.length > 1000)) problems.long.push(record);
    const through = entry.check?.(run);
    if (through !== undefined)
      problems.through.push({ ...record, stderr: `${through}\n${run.stderr}` });
    if (run.memoryKb > MEMORY_LIMIT_KB) problems.memory.push(record);
  }
}
await Promise.all(Array.from({ length: JOBS }, worker));
log.end();

console.log("\nkind     runs  exit 0  exit 2");
for (const [kind, c] of byKind) {
  console.log(
    `${kind.padEnd(8)} ${String(c.runs).padStart(4)}  ${String(c.exit0).padStart(6)}  ${String(c.exit2).padStart(6)}`,
  );
}
const peak = Math.max(
  ...readFileSync(join(work, "runs.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line).memoryKb),
);
console.log(`\npeak memory of a run: ${(peak / 1024).toFixed(0)} MiB`);
console.log(`stack traces or "internal error": ${problems.stack.length}`);
console.log(`exit codes other than 0 and 2:    ${problems.code.length}`);
console.log(`errors that do not name the file: ${problems.unnamed.length}`);
console.log(`error lines over 1 000 characters: ${problems.long.length}`);
console.log(`outputs written through a link:   ${problems.through.length}`);
console.log(`runs over 2 GB of memory:         ${problems.memory.length}`);
console.log(`hangs (over ${TIMEOUT_MS / 1000} s):               ${problems.hang.length}`);
const shown = new Set();
for (const [name, list] of Object.entries(problems)) {
  for (const record of list.slice(0, 5)) {
    const key = `${name}:${record.stderr.split("\n")[0]}`;
    if (shown.has(key)) continue;
    shown.add(key);
    console.log(
      `\n[${name}] ${record.kind}: ${record.how} (exit ${record.code}${record.signal ? `, ${record.signal}` : ""}, ${(record.memoryKb / 1024).toFixed(0)} MiB)\n  arena ${record.args.join(" ")}\n  ${record.stderr.trim().split("\n").slice(0, 6).join("\n  ")}`,
    );
  }
}
if (!values.keep) rmSync(work, { recursive: true, force: true });
else console.log(`\nkept: ${work}`);
const total = Object.values(problems).reduce((sum, list) => sum + list.length, 0);
process.exitCode = total === 0 ? 0 : 1;
