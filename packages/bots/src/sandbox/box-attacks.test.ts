// The box, attacked: one test per finding of issue 38 about bots and their compiler, each written
// as the attack, in the default mode (no option: what `arena play` and the batch commands do).
// A module bot, a TypeScript bot, an `exec:` program and a C++ player of the counter game attack
// at round 3 (Demo, hostile, Demo: `hostile-match.ts`); the compiler gets bombs. What stands for
// arena is this test process, a decoy process of the same user (a `sleep`), a TCP server on
// loopback (a Redis any bot could reach) and the test's own files.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ArenaError, type Controller } from "@arena/core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { engine } from "../../../core/src/__fixtures__/counter-game.mjs";
import { engine as counterWithKit, kit } from "../__fixtures__/cpp-counter-kit";
import { fixture, fixtureUrl, hasCompiler, tempDir, untilEmpty } from "../__fixtures__/helpers";
import {
  expectFrozenAtThree,
  expectPlayedOn,
  playHostile,
  processesLeft,
  processesWith,
} from "../__fixtures__/hostile-match";
import { compileCppPlayer } from "../cpp/compile";
import { cppBot } from "../cpp/cpp-bot";
import { externalBot } from "../external/external";
import { hostedBot } from "../host/bot-host";
import { resolveBot } from "../resolve/resolve-bot";
import { sandboxSupport } from "./sandbox";

const support = sandboxSupport();
const engineUrl = fixtureUrl("counter-game.mjs");
const program = fixture("hostile-program.mjs");
const hostileCpp = fixture("cpp-players/AIHostile.cc");
/** A word no other process has on its command line: this file's bots (or their boxes) carry it. */
const marker = `arena-box-attack-${process.pid}`;
/** What is left of an attack: its processes (module bots: by their file), the CPU burner. */
const markers = [marker, "arena-burner"];

/** The loopback server any bot could reach (a Redis, say): the connections it got. */
let server: Server;
let port = 0;
let connections = 0;
/** A process of this user standing for arena: it must live, at its priority. */
let decoy: ReturnType<typeof spawn>;

const niceOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
};

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
  decoy = spawn("sleep", ["3600"], { stdio: "ignore" });
});

afterAll(async () => {
  decoy.kill("SIGKILL");
  // What an attack left running if it got out (the old arena let a CPU burner outlive the match).
  for (const pid of processesWith(markers)) process.kill(pid, "SIGKILL");
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Plays the hostile match with `hostile`; the connections the server got meanwhile. */
async function attack(hostile: Controller, file?: string) {
  const before = connections;
  const result = await playHostile(hostile, file === undefined ? markers : [...markers, file]);
  // A connection made in the match is seen here by now (a hang net, not a measure).
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { result, connected: connections - before };
}

/** A module bot whose `play` runs `body` at round 3 (with `fs`, `net`, `os` in scope), then Demo. */
function moduleBot(name: string, body: string): string {
  const file = join(tempDir(), `${name}.mjs`);
  writeFileSync(
    file,
    `import fs from "node:fs";
import net from "node:net";
import os from "node:os";
export default class {
  play(view, actions) {
    if (view.round() === 3) {
${body}
    }
    for (const unit of view.units()) actions.add(unit, 9);
  }
}
`,
  );
  return file;
}

const hosted = (file: string) =>
  hostedBot({ engine, engineUrl, moduleUrl: pathToFileURL(file).href }, "hostile");

describe.skipIf(!support.available)("a module bot in its box (the default)", () => {
  it("reaches no network: a server on loopback (a Redis) gets no connection", async () => {
    const file = moduleBot(
      "network",
      `const socket = net.connect(${port}, "127.0.0.1", () => socket.end("SET pwned 1\\r\\n"));
      socket.on("error", () => {});`,
    );
    const { result, connected } = await attack(hosted(file), file);
    expect(connected).toBe(0);
    await expectPlayedOn(result);
  });

  it("cannot have a forged reply taken: it writes one on its reply channel, and is frozen", async () => {
    // Its actions give nothing; the forged reply gives Demo's orders, as if from its host.
    const file = join(tempDir(), "forge.mjs");
    writeFileSync(
      file,
      `import fs from "node:fs";
export default class {
  play(view, actions) {
    if (view.round() === 3) {
      const orders = [0, 1, 2].map((unit) => ({ unit, add: 9 }));
      fs.writeSync(3, JSON.stringify({ t: "orders", s: 0, orders, offered: 3 }) + "\\n");
      return;
    }
    for (const unit of view.units()) actions.add(unit, 9);
  }
}
`,
    );
    const { result } = await attack(hosted(file), file);
    await expectFrozenAtThree(result, /^wrote a forged reply on its reply channel: /);
  });

  it("cannot renice arena or another process of its user (os.setPriority)", async () => {
    const file = moduleBot("renice", `os.setPriority(${decoy.pid}, 19);`);
    const { result } = await attack(hosted(file), file);
    await expectFrozenAtThree(
      result,
      /^tried to change a process's priority \(os\.setPriority\) and was denied$/,
    );
    expect(niceOf(decoy.pid!)).toBe(0);
  });

  it("a TypeScript bot cannot read another TypeScript bot's code", async () => {
    const folder = tempDir();
    // The victim, transpiled first: its code lies in the cache beside the bots.
    writeFileSync(join(folder, "victim.ts"), "export default class { play(): void {} }\n");
    writeFileSync(
      join(folder, "thief.ts"),
      `import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
export default class {
  play(view: { round(): number; units(): number[] }, actions: { add(u: number, k: number): void }): void {
    if (view.round() === 3) {
      const here = dirname(fileURLToPath(import.meta.url));
      for (const folder of [here, join(here, "..")]) {
        for (const name of readdirSync(folder)) {
          if (name.includes("victim")) process.stderr.write(\`stole \${readFileSync(join(folder, name)).length}\\n\`);
        }
      }
    }
    for (const unit of view.units()) actions.add(unit, 9);
  }
}
`,
    );
    await (await resolveBot(engine, "./victim.ts", { cwd: folder, engineUrl })).close?.();
    const thief = await resolveBot(engine, "./thief.ts", { cwd: folder, engineUrl });
    const { result } = await attack(thief, folder);
    expect(result.players[1]!.stderr ?? "").not.toContain("stole");
    await expectFrozenAtThree(
      result,
      /^tried to read a file it may not read \(.*\) and was denied$/,
    );
  });
});

const execBot = (attackName: string, target = "-") =>
  externalBot(
    `${JSON.stringify(process.execPath)} ${JSON.stringify(program)} ${attackName} ${marker} ${JSON.stringify(target)}`,
  );

/** The number of bytes a bot said it wrote to /tmp (`wrote N bytes to /tmp` on its stderr). */
const writtenToTmp = (stderr: string | undefined): number =>
  Number(/wrote (\d+) bytes to \/tmp/.exec(stderr ?? "")?.[1] ?? Number.NaN);

describe.skipIf(!support.available)("an exec: program in its box (the default)", () => {
  it("cannot write a file of the user's", async () => {
    const target = join(tempDir(), "pwned.txt");
    const { result } = await attack(execBot("write", target));
    expect(existsSync(target)).toBe(false);
    await expectPlayedOn(result);
  });

  it("reaches no network: a server on loopback (a Redis) gets no connection", async () => {
    const { result, connected } = await attack(execBot("connect", String(port)));
    expect(connected).toBe(0);
    await expectPlayedOn(result);
  });

  it("cannot kill or renice a process of its user outside its box", async () => {
    await attack(execBot("kill", String(decoy.pid)));
    const { result } = await attack(execBot("renice", String(decoy.pid)));
    expect(decoy.exitCode).toBeNull();
    expect(decoy.signalCode).toBeNull();
    expect(niceOf(decoy.pid!)).toBe(0);
    await expectPlayedOn(result);
  });

  // The box's own processes (timeout, bubblewrap, its init) are not the program's: it may start
  // as many as its cap says (64, itself included), not one more (seen failing with the box's
  // processes counted as two when they were three: 63 were allowed).
  it("may run as many processes as its cap (64, itself included), and is frozen past it", async () => {
    const budget = { turnMs: 60_000, wallMs: 120_000 };
    const at = await playHostile(execBot("processes", "64"), markers, budget);
    expect(at.players[1]!.fault).toBeUndefined();
    const past = await playHostile(execBot("processes", "65"), markers, budget);
    expect(past.players[1]!.fault).toBe("started more than 64 processes");
    expect(past.players[1]!.frozenAtRound).toBe(3);
  });

  it("has a private /tmp of 64 MiB at most, not a RAM disk outside its cap", async () => {
    const { result } = await attack(execBot("tmpfill", "512"));
    expect(writtenToTmp(result.players[1]!.stderr)).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});

describe.skipIf(!support.available || !hasCompiler)(
  "a C++ player in its box (the default)",
  { timeout: 240_000 },
  () => {
    const cacheDir = inject("cppCacheDir");
    const player = (attackName: string, target = "-", options = {}) =>
      cppBot(counterWithKit, hostileCpp, {
        cacheDir,
        wrap: (argv) => [
          "env",
          `ARENA_MARK=${marker}`,
          `ARENA_ATTACK=${attackName}`,
          `ARENA_TARGET=${target}`,
          ...argv,
        ],
        ...options,
      });

    it("cannot write a file, directly or through system()", async () => {
      for (const how of ["write", "system"]) {
        const target = join(tempDir(), `${how}.txt`);
        const { result } = await attack(await player(how, target));
        expect(existsSync(target)).toBe(false);
        await expectPlayedOn(result);
      }
    });

    it("reaches no network: a server on loopback gets no connection", async () => {
      const { result, connected } = await attack(await player("socket", String(port)));
      expect(connected).toBe(0);
      await expectPlayedOn(result);
    });

    it("cannot kill or renice a process of its user outside its box", async () => {
      await attack(await player("kill", String(decoy.pid)));
      const { result } = await attack(await player("renice", String(decoy.pid)));
      expect(decoy.exitCode).toBeNull();
      expect(niceOf(decoy.pid!)).toBe(0);
      await expectPlayedOn(result);
    });

    it("is frozen at its memory cap (asking for 1 GiB with a cap of 256 MiB)", async () => {
      const { result } = await attack(await player("allocate", "1024", { memoryMiB: 256 }));
      await expectFrozenAtThree(result, /out of memory|over the limit of 256 MiB/);
    });

    it("leaves no process running after the match (a setsid'd CPU burner)", async () => {
      const { result } = await attack(await player("fork"));
      // playHostile counted what is left: no arena-burner.
      expect(processesWith(["arena-burner"])).toEqual([]);
      expect(result.players[1]!.frozen).toBe(false);
    });

    it("has a private /tmp of 64 MiB at most", async () => {
      const { result } = await attack(await player("tmpfill", "512"));
      expect(writtenToTmp(result.players[1]!.stderr)).toBeLessThanOrEqual(64 * 1024 * 1024);
    });
  },
);

describe.skipIf(!support.available)("killing arena, its parent (a process of its own here)", () => {
  const kinds = hasCompiler ? ["exec", "cpp"] : ["exec"];
  it.each(kinds)("%s: arena lives and the bot plays on", (kind) => {
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", fixture("box-victim.ts"), kind, "killparent"],
      {
        cwd: fixture("."),
        encoding: "utf8",
        env: { ...process.env, ARENA_CACHE_DIR: inject("cppCacheDir") },
        timeout: 240_000,
      },
    );
    const { fault } = JSON.parse(output.trim().split("\n").pop()!) as { fault: string | null };
    expect(fault).toBeNull();
  });
});

describe.skipIf(!support.available)("arena SIGKILLed mid-match (by the OOM killer, say)", () => {
  it("takes the bot's box with it: nothing of it runs on", async () => {
    const killed = `${marker}-killed`;
    const runner = spawn(
      process.execPath,
      ["--import", "tsx", fixture("boxed-bot-run.ts"), killed],
      { cwd: fixture("."), stdio: "ignore" },
    );
    const exited = new Promise((resolve) => runner.once("exit", resolve));
    const box = () => processesWith([killed]).filter((pid) => pid !== runner.pid);
    const commOf = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "latin1").trim();
      } catch {
        return "";
      }
    };
    // Until the bot itself (a node process inside its box, sleeping) is up: a hang net of looks.
    const botUp = () => (box().some((pid) => commOf(pid) === "node") ? [] : ["not yet"]);
    expect(await untilEmpty(botUp, 120_000, 50)).toEqual([]);
    // Its box's processes: the bot, bubblewrap's init and bubblewrap, `timeout` above them.
    expect(box().length).toBeGreaterThanOrEqual(4);
    runner.kill("SIGKILL");
    await exited;
    // Before: `timeout` outlived arena, and the box with it (the bot slept on for 300 s).
    expect(await processesLeft([killed])).toEqual([]);
  });
});

describe.skipIf(!support.available || !hasCompiler)(
  "the compiler in its box, with its limits",
  { timeout: 240_000 },
  () => {
    const cacheDir = inject("cppCacheDir");
    /** Compiles a player made of `source` (unique to the run: nothing cached): its error. */
    async function compileError(name: string, source: string): Promise<ArenaError> {
      const folder = tempDir();
      const file = join(folder, `${name}.cc`);
      writeFileSync(file, `// ${marker} ${Date.now()}\n${source}`);
      const error = await compileCppPlayer(kit, file, { cacheDir, shownAs: `${name}.cc` }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ArenaError);
      return error as ArenaError;
    }

    it('#include "/dev/zero": one clear error naming the file', async () => {
      const error = await compileError("AIZero", '#include "/dev/zero"\n');
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(/^AIZero\.cc: /);
    });

    it("a macro bomb: stopped at the compiler's memory limit, one clear error", async () => {
      const error = await compileError(
        "AIBomb",
        `#define A(x) x x x x x x x x x x
#define B(x) A(A(A(A(x))))
#define C(x) B(B(x))
const char* s[] = { C(C("xxxxxxxxxxxxxxxx")) };
`,
      );
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(
        /^AIBomb\.cc: does not compile: the compiler went over its memory limit/,
      );
    });

    it(".incbin of a file it may not see: not compiled in", async () => {
      const secretFolder = tempDir();
      const secret = join(secretFolder, "secret.txt");
      mkdirSync(secretFolder, { recursive: true });
      writeFileSync(secret, `the organiser's secret ${marker}\n`);
      // A player that works, with the secret in its binary if the assembler could read it.
      const error = await compileError(
        "AISteal",
        `asm(".section .rodata\\n.incbin \\"${secret}\\"\\n.previous");
${readFileSync(join(fixture("cpp-counter"), "AICounter.cc"), "utf8")}`,
      );
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(/^AISteal\.cc: does not compile/);
    });
  },
);
