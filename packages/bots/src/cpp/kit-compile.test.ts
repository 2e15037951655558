// A game's kit compiled ahead of its first player (`compileCppKit`, real g++, the counter game's
// test kit), as a server does at its start: the adapter's objects and the precompiled Player.hh
// in the entry a player's compile then links with (the player compiled alone), and the kit
// compiled once when a player's compile starts while the kit's runs (one in-flight compile per
// kit), not once by each. Compiler runs counted by a launcher that writes each one's arguments.
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
import { type CompileOptions, compileCppKit, compileCppPlayer, PLAYER_HEADER } from "./compile";

const counter = readFileSync(join(kitDir, "AICounter.cc"), "utf8");

describe.skipIf(!hasCompiler)("a kit compiled ahead of its players", { timeout: 300_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "arena-kit-test-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A fresh cache and a launcher writing one line per compiler run: its options, the runs. */
  function counted(name: string): { options: CompileOptions; runs: () => string[] } {
    const log = join(scratch, `${name}.runs`);
    const launcher = join(scratch, `${name}.launcher`);
    writeFileSync(log, "");
    writeFileSync(launcher, `#!/bin/sh\necho "$*" >> '${log}'\nexec "$@"\n`);
    chmodSync(launcher, 0o755);
    return {
      options: {
        cacheDir: join(scratch, name),
        launcher: [launcher],
        precompiledHeader: true,
        sandbox: false,
      },
      runs: () => readFileSync(log, "utf8").split("\n").filter(Boolean),
    };
  }
  const kitRuns = (runs: string[]) =>
    runs.filter((run) => / arena-main\.cc /.test(run) || / -x c\+\+-header /.test(run));
  const player = (name: string) => {
    const file = join(scratch, name);
    writeFileSync(file, `${counter}// ${name} ${process.pid}\n`);
    return file;
  };

  it("compiles the adapter and the header into the entry a player then links with", async () => {
    const { options, runs } = counted("ahead");
    const made = await compileCppKit(kit, options);
    expect(made.compiled).toBe(true);
    expect(made.header).toBe(join(made.entry, `${PLAYER_HEADER}.gch`));
    expect(existsSync(join(made.entry, "arena-main.cc.o"))).toBe(true);
    // The adapter, the header: nothing else.
    expect(runs()).toHaveLength(2);
    expect(kitRuns(runs())).toHaveLength(2);
    // The player's compile finds the kit: it compiles the player and links it, nothing more.
    const compiled = await compileCppPlayer(kit, player("AIAhead.cc"), options);
    expect(compiled.cached).toBe(false);
    expect(runs()).toHaveLength(4);
    expect(kitRuns(runs())).toHaveLength(2);
    const again = await compileCppKit(kit, options);
    expect(again).toEqual({ ...made, compiled: false });
    expect(runs()).toHaveLength(4);
    const kits = readdirSync(join(scratch, "ahead", "cpp")).filter((n) => n.startsWith("kit-"));
    expect(kits).toEqual([made.entry.split("/").pop()]);
  });

  it("compiles the kit once when a player's compile starts while it runs", async () => {
    const { options, runs } = counted("together");
    const [made, first, second] = await Promise.all([
      compileCppKit(kit, options),
      compileCppPlayer(kit, player("AIFirst.cc"), options),
      compileCppPlayer(kit, player("AISecond.cc"), options),
    ]);
    expect(made.compiled).toBe(true);
    expect([first.cached, second.cached]).toEqual([false, false]);
    // One adapter and one header (before: one of each per caller), two players, two links.
    expect(kitRuns(runs())).toHaveLength(2);
    expect(runs()).toHaveLength(6);
    // Nothing left half-way in the cache.
    expect(
      readdirSync(join(scratch, "together", "cpp")).filter((n) => n.includes("build-")),
    ).toEqual([]);
  });

  it("says what is wrong when there is no compiler", async () => {
    const error = await compileCppKit(kit, {
      cacheDir: join(scratch, "none"),
      compiler: join(scratch, "no-such-g++"),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArenaError);
    expect((error as ArenaError).code).toBe("NO_COMPILER");
  });
});
