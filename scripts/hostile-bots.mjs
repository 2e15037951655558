// The hostile-bot battery (issue 38): every attack of every bot kind — a JS module bot, a
// TypeScript bot, an exec: program, a C++ player — played in the DEFAULT mode (no option: what
// `arena play` and the batch commands do), and what each got: contained or escaped.
//
//   node scripts/hostile-bots.mjs [--only KIND] [--trust] [--keep]
//
// --trust plays the same attacks without the box (what `--trust` does): the battery's own check
// that it sees an escape when there is one.
// Each attack is one match of the counter game (the bots' tests' game, with its C++ kit): Demo,
// the hostile seat, Demo; the attack at round 3. What stands for arena and its user: a decoy
// process of the same user (a `sleep`), a TCP server on loopback (a Redis any bot could reach),
// a file of the user's the bot may not write, and a secret it may not read. The attacks: network
// (connect to the server), write (a file of the user's), read (the secret, printed on stderr),
// kill and renice (the decoy), spawn (processes left after the match), allocate (4 GiB), loop
// (endless), tmpfill (512 MiB into /tmp: 64 MiB at most), system (C++: a shell), forge (module
// bots: a reply written on the host's reply channel), steal (TypeScript: another TypeScript
// bot's transpiled code). Needs the packages built (`pnpm install` builds them) and g++ for
// the C++ player (skipped without it). Exit 1 when an attack escaped.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const bots = join(root, "packages/bots");
const fixtures = join(bots, "src/__fixtures__");
const { values } = parseArgs({
  options: {
    only: { type: "string" },
    trust: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
if (!existsSync(join(bots, "dist/index.js"))) {
  console.error("hostile-bots: packages/bots is not built (run pnpm install)");
  process.exit(2);
}
const { cppBot, externalBot, resolveBot, sandboxSupport } = await import(
  join(bots, "dist/index.js")
);
const { runMatch, inProcessBot } = await import(join(root, "packages/core/dist/index.js"));
// The C++ kit of the counter game is a TypeScript fixture: loaded through tsx.
const { tsImport } = await import("tsx/esm/api");
const counterKit = await tsImport(
  pathToFileURL(join(fixtures, "cpp-counter-kit.ts")).href,
  import.meta.url,
);
const counterUrl = pathToFileURL(
  join(root, "packages/core/src/__fixtures__/counter-game.mjs"),
).href;
const { engine, Demo } = await import(counterUrl);
/** The default mode, or none (`--trust`). */
const sandbox = values.trust ? false : "auto";
const hasCompiler = spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"]).status === 0;

const work = mkdtempSync(join(tmpdir(), "arena-battery-"));
const cacheDir = join(work, "cpp-cache");
/** The user's files: one the bots may not write, one they may not read. */
const target = join(work, "users-file.txt");
const secretFile = join(work, "secret.txt");
const SECRET = `organiser-secret-${process.pid}`;
writeFileSync(secretFile, `${SECRET}\n`);
/** On the command line of what a bot spawns: `sleep` accepts it as a number of seconds. */
const MARK = `3600.${process.pid}`;
const markers = [MARK, "arena-burner"];

let connections = 0;
const server = createServer((socket) => {
  connections++;
  socket.destroy();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = server.address().port;
let decoy = spawn("sleep", ["3600"], { stdio: "ignore" });

const niceOf = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Living processes (not zombies) whose command line holds a marker or whose name is one. */
function leftovers() {
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      if (/^[ZX]$/.test(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3))) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "latin1");
      const comm = readFileSync(`/proc/${name}/comm`, "latin1").trim();
      if (markers.some((marker) => cmdline.includes(marker) || comm === marker))
        found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

// --- the attacks of a module bot (JS or TypeScript): code run in play() at round 3 ---

const moduleAttacks = {
  network: `const s = net.connect(${port}, "127.0.0.1", () => s.end("SET pwned 1\\r\\n")); s.on("error", () => {});`,
  write: `fs.writeFileSync(${JSON.stringify(target)}, "pwned");`,
  read: `process.stderr.write("stole " + fs.readFileSync(${JSON.stringify(secretFile)}, "utf8"));`,
  kill: "process.kill(DECOY, 'SIGKILL');",
  renice: "os.setPriority(DECOY, 19);",
  spawn: `cp.spawn("sleep", ["${MARK}"], { detached: true, stdio: "ignore" }).unref();`,
  allocate:
    "globalThis.keep = []; for (let k = 0; k < 64; k++) globalThis.keep.push(Buffer.alloc(64 * 1024 * 1024, 1));",
  loop: "for (;;) {}",
  tmpfill: `let n = 0; try { const fd = fs.openSync("/tmp/arena-fill-" + process.pid, "w"); const b = Buffer.alloc(1 << 20, 120); for (let k = 0; k < 512; k++) n += fs.writeSync(fd, b); } catch {} process.stderr.write("wrote " + n + " bytes to /tmp\\n");`,
  forge: `fs.writeSync(3, JSON.stringify({ t: "orders", s: 0, orders: [0, 1, 2].map((unit) => ({ unit, add: 9 })), offered: 3 }) + "\\n"); return;`,
  steal: `const here = path.dirname(url.fileURLToPath(import.meta.url)); for (const f of [here, path.join(here, "..")]) for (const n of fs.readdirSync(f)) if (n.includes("victim")) process.stderr.write("stole " + fs.readFileSync(path.join(f, n), "utf8"));`,
};

/** The source of a module bot that runs `body` at round 3 (every error swallowed), else Demo. */
function moduleSource(body, typescript) {
  const types = typescript
    ? ": { round(): number; units(): number[] }, actions: { add(u: number, k: number): void }"
    : ", actions";
  return `import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import cp from "node:child_process";
export default class {
  play(view${types})${typescript ? ": void" : ""} {
    if (view.round() === 3) {
      try {
        ${body.replaceAll("DECOY", String(decoy.pid))}
      } catch {}
    }
    for (const unit of view.units()) actions.add(unit, 9);
  }
}
`;
}

/** A module bot (or TypeScript bot) in a folder of its own, resolved as `arena play` does. */
async function moduleBot(kind, attack) {
  const folder = join(work, `${kind}-${attack}`);
  mkdirSync(folder);
  const typescript = kind === "TypeScript";
  const file = typescript ? "bot.ts" : "bot.mjs";
  if (attack === "steal") {
    // The victim, transpiled first: its code lies where the thief might look.
    writeFileSync(
      join(folder, "victim.ts"),
      `export default class { play(): void {} } // ${SECRET}\n`,
    );
    await (
      await resolveBot(engine, "./victim.ts", { cwd: folder, engineUrl: counterUrl, sandbox })
    ).close?.();
  }
  writeFileSync(join(folder, file), moduleSource(moduleAttacks[attack], typescript));
  return resolveBot(engine, `./${file}`, { cwd: folder, engineUrl: counterUrl, sandbox });
}

// --- exec: programs and C++ players: the fixtures' hostile program and player ---

const targets = () => ({
  network: String(port),
  socket: String(port),
  connect: String(port),
  write: target,
  system: target,
  read: secretFile,
  kill: String(decoy.pid),
  renice: String(decoy.pid),
  allocate: "4096",
  tmpfill: "512",
});
const execNames = { network: "connect", spawn: "spawn" };
const cppNames = { network: "socket", spawn: "fork" };

const execBot = (attack) => {
  const name = execNames[attack] ?? attack;
  // The secret's path in hex: an attacker's program holds it in its code; a path its command line
  // names is given to it by whoever wrote that command line.
  const argument = attack === "read" ? Buffer.from(secretFile).toString("hex") : targets()[attack];
  const program = join(fixtures, "hostile-program.mjs");
  return externalBot(
    `${JSON.stringify(process.execPath)} ${JSON.stringify(program)} ${name} ${MARK} ${JSON.stringify(argument ?? "-")}`,
    { sandbox },
  );
};

const cppPlayer = (attack) =>
  cppBot(counterKit.engine, join(fixtures, "cpp-players/AIHostile.cc"), {
    cacheDir,
    sandbox,
    wrap: (argv) => [
      "env",
      `ARENA_ATTACK=${cppNames[attack] ?? attack}`,
      `ARENA_TARGET=${targets()[attack] ?? "-"}`,
      ...argv,
    ],
  });

const common = [
  "network",
  "write",
  "read",
  "kill",
  "renice",
  "spawn",
  "allocate",
  "loop",
  "tmpfill",
];
const kinds = {
  "JS module": { attacks: [...common, "forge"], make: (attack) => moduleBot("JS", attack) },
  TypeScript: {
    attacks: [...common, "forge", "steal"],
    make: (attack) => moduleBot("TypeScript", attack),
  },
  "exec:": { attacks: common, make: async (attack) => execBot(attack) },
  "C++": {
    attacks: [...common, "system"],
    make: cppPlayer,
    skip: hasCompiler ? undefined : "g++ is not installed",
  },
};

// --- one attack: the match, then what it got ---

/** Whether the attack was contained, and what was seen: by what the user's side can observe. */
async function judge(attack, result, before) {
  const hostile = result.players[1];
  const stderr = hostile.stderr ?? "";
  const wrote = Number(/wrote (\d+) bytes to \/tmp/.exec(stderr)?.[1] ?? 0);
  switch (attack) {
    case "network":
      await sleep(300);
      return [connections === before, `${connections - before} connections`];
    case "write":
    case "system":
      return [!existsSync(target), existsSync(target) ? "the user's file written" : "no file"];
    case "read":
    case "steal":
      return [
        !stderr.includes(SECRET),
        stderr.includes(SECRET) ? "the secret read" : "nothing read",
      ];
    case "kill":
      await sleep(200);
      return [
        decoy.exitCode === null && decoy.signalCode === null,
        `decoy ${decoy.signalCode ?? "alive"}`,
      ];
    case "renice":
      return [niceOf(decoy.pid) === 0, `decoy's nice ${niceOf(decoy.pid)}`];
    case "spawn": {
      let left = leftovers();
      for (let k = 0; k < 60 && left.length > 0; k++, left = leftovers()) await sleep(50);
      return [left.length === 0, `${left.length} processes left after the match`];
    }
    case "allocate":
    case "loop":
    case "forge":
      return [hostile.fault !== undefined, hostile.fault ?? "played on"];
    case "tmpfill":
      return [wrote <= 64 * 2 ** 20, `${(wrote / 2 ** 20).toFixed(0)} MiB written to /tmp`];
    default:
      throw new Error(`no judge for ${attack}`);
  }
}

/** Puts the user's side back as it was (a killed decoy, a reniced one, files, leftovers). */
function restore() {
  rmSync(target, { force: true });
  for (const pid of leftovers()) process.kill(pid, "SIGKILL");
  if (decoy.exitCode !== null || decoy.signalCode !== null)
    decoy = spawn("sleep", ["3600"], { stdio: "ignore" });
  else if (niceOf(decoy.pid) !== 0) spawnSync("renice", ["-n", "0", "-p", String(decoy.pid)]);
}

async function play(kind, attack) {
  const before = connections;
  const hostile = await kinds[kind].make(attack);
  const demo = () => inProcessBot(() => new Demo(), "Demo");
  const result = await runMatch(engine, {
    config: { rounds: 10, turnBased: false },
    seed: 31,
    players: [
      { name: "demo", controller: demo() },
      { name: "hostile", controller: hostile },
      { name: "demo2", controller: demo() },
    ],
    // A looping bot is stopped at its turn's CPU limit (2 s), the rest answer at once.
    budget: { turnMs: 2000 },
  });
  const [contained, seen] = await judge(attack, result, before);
  restore();
  return { contained, seen };
}

const support = sandboxSupport();
console.log(
  `hostile bots in the ${values.trust ? "--trust" : "default"} mode: ${support.available ? "the box (bubblewrap) is available" : `no box here (${support.reason})`}`,
);
const rows = [];
for (const [kind, { attacks, skip }] of Object.entries(kinds)) {
  if (values.only !== undefined && values.only !== kind) continue;
  if (skip !== undefined) {
    console.log(`${kind}: skipped (${skip})`);
    continue;
  }
  for (const attack of attacks) {
    const started = performance.now();
    let outcome;
    try {
      outcome = await play(kind, attack);
    } catch (error) {
      // The bot could not even start or play: refused, which is contained.
      outcome = { contained: true, seen: `refused: ${String(error.message).split("\n")[0]}` };
      restore();
    }
    const s = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${kind.padEnd(10)} ${attack.padEnd(9)} ${outcome.contained ? "contained" : "ESCAPED  "} ${s.padStart(5)} s  ${outcome.seen.slice(0, 100)}`,
    );
    rows.push({ kind, attack, ...outcome });
  }
}
console.log("\nkind        attacks  contained  escaped");
for (const kind of new Set(rows.map((row) => row.kind))) {
  const of = rows.filter((row) => row.kind === kind);
  const contained = of.filter((row) => row.contained).length;
  console.log(
    `${kind.padEnd(10)} ${String(of.length).padStart(8)} ${String(contained).padStart(10)} ${String(of.length - contained).padStart(8)}`,
  );
}
const escaped = rows.filter((row) => !row.contained).length;
console.log(
  `all        ${String(rows.length).padStart(8)} ${String(rows.length - escaped).padStart(10)} ${String(escaped).padStart(8)}`,
);
decoy.kill("SIGKILL");
server.close();
if (values.keep) console.log(`kept: ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exitCode = escaped > 0 ? 1 : 0;
