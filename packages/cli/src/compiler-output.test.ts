// A C++ player that does not compile: g++'s own lines, the file and line first, coloured only on
// a terminal (issue 40: they were one line with literal \n). With a real g++ error too.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ArenaError } from "@arena/core";
import { loadScaled } from "@arena/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { compilerColour, describeCompilerError, isCompilerError } from "./compiler-output";
import { runCli } from "./test-io";

/** A compile error as core raises it: a headline naming the file, then g++'s lines. */
const error = new ArenaError(
  "CPP_COMPILE",
  [
    "does not compile (g++ -std=c++17 -O2):",
    "AIBroken.cc: In member function ‘virtual void Broken::play()’:",
    "AIBroken.cc:7:3: error: expected ‘,’ or ‘;’ before ‘}’ token",
    "    7 |   }",
    "      |   ^",
    "AIBroken.cc:9:1: note: in expansion of macro ‘RegisterPlayer’",
  ].join("\n"),
  { file: "./AIBroken.cc" },
);

describe("describeCompilerError", () => {
  it("puts the file and line of the first error first, then g++'s lines as g++ printed them", () => {
    expect(isCompilerError(error)).toBe(true);
    expect(describeCompilerError(error, false)).toEqual([
      "./AIBroken.cc:7: does not compile (g++ -std=c++17 -O2):",
      "AIBroken.cc: In member function ‘virtual void Broken::play()’:",
      "AIBroken.cc:7:3: error: expected ‘,’ or ‘;’ before ‘}’ token",
      "    7 |   }",
      "      |   ^",
      "AIBroken.cc:9:1: note: in expansion of macro ‘RegisterPlayer’",
    ]);
  });

  it("colours as g++ does on a terminal: the place bold, errors red, notes cyan, the caret green", () => {
    const lines = describeCompilerError(error, true);
    expect(lines[2]).toBe(
      "\x1b[1mAIBroken.cc:7:3:\x1b[0m \x1b[1;31merror:\x1b[0m expected ‘,’ or ‘;’ before ‘}’ token",
    );
    expect(lines[4]).toBe("      |\x1b[1;32m   ^\x1b[0m");
    expect(lines[5]).toBe(
      "\x1b[1mAIBroken.cc:9:1:\x1b[0m \x1b[1;36mnote:\x1b[0m in expansion of macro ‘RegisterPlayer’",
    );
    expect(compilerColour(true, {})).toBe(true);
    expect(compilerColour(true, { NO_COLOR: "1" })).toBe(false);
    expect(compilerColour(false, {})).toBe(false);
  });

  it("escapes what a source line could do to the terminal, tabs kept", () => {
    const hostile = new ArenaError(
      "CPP_COMPILE",
      "does not compile (g++):\n    3 | \x1b[2J\tint x\u009b = 3",
      { file: "AIx.cc" },
    );
    expect(describeCompilerError(hostile, true)[1]).toBe("    3 | \\x1b[2J\tint x\\x9b = 3");
    // Any other error stays one line (main escapes it).
    expect(isCompilerError(new ArenaError("BAD_BOT", "a\nb"))).toBe(false);
  });
});

const compiler = process.env.ARENA_CXX ?? "g++";
const hasCompiler = spawnSync(compiler, ["--version"], { stdio: "ignore" }).status === 0;
if (!hasCompiler) console.warn("the cli's real g++ error test skipped: g++ is not installed");

describe.skipIf(!hasCompiler)("arena play with a C++ player that does not compile", () => {
  // The compile cache the games' C++ tests share (the kit is compiled once per machine).
  process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
  const dir = mkdtempSync(join(tmpdir(), "arena-cli-cpp-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "prints g++'s own lines (no literal \\n), the file and line first, exit code 2",
    async () => {
      writeFileSync(
        join(dir, "AIBroken.cc"),
        [
          '#include "Player.hh"',
          "#define PLAYER_NAME Broken",
          "struct PLAYER_NAME : public Player {",
          "  static Player* factory() { return new PLAYER_NAME; }",
          "  virtual void play() {",
          "    int x = 3",
          "  }",
          "};",
          "RegisterPlayer(PLAYER_NAME);",
          "",
        ].join("\n"),
      );
      const run = await runCli(["play", "moneyheist", "AIBroken.cc", "Demo", "Demo", "Demo"], dir);
      expect(run.code).toBe(2);
      expect(run.out).toBe("");
      expect(run.err).not.toContain("\\n");
      expect(run.err).not.toContain("\x1b");
      const lines = run.err.trimEnd().split("\n");
      expect(lines[0]).toBe("arena: AIBroken.cc:7: does not compile (g++ -std=c++17 -O2):");
      expect(lines).toContainEqual(
        expect.stringMatching(/^AIBroken\.cc:7:3: error: expected .*before .*}.* token$/),
      );
      expect(lines).toContain("    7 |   }");
      expect(lines.length).toBeGreaterThanOrEqual(4);
    },
    loadScaled(120_000),
  );
});
