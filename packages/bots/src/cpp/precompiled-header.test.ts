// The kit's precompiled Player.hh (`precompiledHeader`, real g++, the counter game's test kit):
// g++ reads it in place of the header where a player includes it first, and nothing a player
// compiles to changes — the same binary with it and without it, for a player that includes it
// first, one that includes another header first (not used), one that defines a macro before it
// that the header does not read (NDEBUG, for the asserts of a header included after it: used),
// one that defines the header's include guard (not used: no Player class, no compile either way). And the launcher (`launcher`): it runs the
// compiler, and what it compiled is the cache entry a compile without it finds.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ArenaError } from "@arena/core";
import { afterAll, describe, expect, it } from "vitest";
import { kit, kitDir } from "../__fixtures__/cpp-counter-kit";
import { hasCompiler } from "../__fixtures__/helpers";
import { type CompileOptions, compileCppPlayer, PLAYER_HEADER } from "./compile";

const counter = readFileSync(join(kitDir, "AICounter.cc"), "utf8");
/** The test player's play(), after whatever comes before `#include "Player.hh"`. */
const body = counter.slice(counter.indexOf('#include "Player.hh"'));

/** The players compiled both ways: [file name, source]. */
const players: Array<[string, string]> = [
  ["AIFirst.cc", counter],
  ["AIVectorFirst.cc", `#include <vector>\n${body}`],
  [
    "AINoAsserts.cc",
    `#define NDEBUG\n${body.replace('#include "Player.hh"', '#include "Player.hh"\n#include <cassert>').replace("add(0, 5);", "assert(round() < 0);\n    add(0, 5);")}`,
  ],
  ["AIGuard.cc", `#define Player_hh\n${body}`],
];

describe.skipIf(!hasCompiler)("the kit's precompiled header", { timeout: 300_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "arena-pch-test-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // Unique to the run: nothing taken from another run's cache.
  const run = `// run ${process.pid} ${Date.now()}\n`;

  /** Compiles `source` as `name` into `cache` with `options`: its binary's bytes, or the error. */
  async function build(name: string, source: string, cache: string, options: CompileOptions) {
    const file = join(scratch, name);
    writeFileSync(file, `${source}${run}`);
    try {
      const compiled = await compileCppPlayer(kit, file, {
        cacheDir: join(scratch, cache),
        sandbox: false,
        ...options,
      });
      return { binary: readFileSync(compiled.binary), cached: compiled.cached };
    } catch (error) {
      if (!(error instanceof ArenaError)) throw error;
      return { error: error.code };
    }
  }

  it("compiles each player to the same binary with it and without it, and uses it", async () => {
    // A launcher that runs the compiler with -H (every header it reads, `!` before a precompiled
    // one used, on stderr), kept in a file: -H changes no byte of the output.
    const headers = join(scratch, "headers.txt");
    const launcher = join(scratch, "launcher");
    writeFileSync(launcher, `#!/bin/sh\n"$@" -H 2>>'${headers}'\n`);
    chmodSync(launcher, 0o755);
    for (const [name, source] of players) {
      const plain = await build(name, source, "plain", {});
      writeFileSync(headers, "");
      const fast = await build(name, source, "fast", {
        precompiledHeader: true,
        launcher: [launcher],
      });
      expect(fast, name).toEqual(plain);
      const used = readFileSync(headers, "utf8")
        .split("\n")
        .some((line) => line.startsWith("! ") && line.endsWith(`${PLAYER_HEADER}.gch`));
      // Used where the player includes it first and defines nothing the header reads before it
      // (NDEBUG: its <cassert> comes after); g++ checks the macros itself.
      expect(used, name).toBe(name === "AIFirst.cc" || name === "AINoAsserts.cc");
    }
    // The guard's player compiled neither way.
    expect(await build("AIGuard.cc", players[3]![1], "plain", {})).toEqual({
      error: "CPP_COMPILE",
    });
    const kits = readdirSync(join(scratch, "fast", "cpp")).filter((n) => n.startsWith("kit-"));
    expect(kits).toHaveLength(1);
    expect(existsSync(join(scratch, "fast", "cpp", kits[0]!, `${PLAYER_HEADER}.gch`))).toBe(true);
    // No link to the kit's precompiled header left in a player's entry.
    for (const entry of readdirSync(join(scratch, "fast", "cpp"))) {
      if (!entry.startsWith("kit-")) {
        expect(readdirSync(join(scratch, "fast", "cpp", entry))).toContain("player");
        expect(readdirSync(join(scratch, "fast", "cpp", entry))).not.toContain("Player.hh.gch");
      }
    }
  });

  it("finds a player compiled through a launcher when compiled without it", async () => {
    const launcher = join(scratch, "counting-launcher");
    const count = join(scratch, "runs.txt");
    writeFileSync(launcher, `#!/bin/sh\necho run >> '${count}'\nexec "$@"\n`);
    chmodSync(launcher, 0o755);
    const first = await build("AILaunched.cc", counter, "launched", { launcher: [launcher] });
    // The kit's adapter, the player, the link: each through the launcher.
    expect(readFileSync(count, "utf8").split("\n").filter(Boolean)).toHaveLength(3);
    const again = await build("AILaunched.cc", counter, "launched", {});
    expect(again).toEqual({ ...first, cached: true });
  });
});
