// `--cpp wasm`, `--budget-instructions` and `--turn-instructions` in the run commands (tournament,
// test, contest): the same flags as `arena play`, read by the same code. Real clang for wasm32-wasi
// (or @yowasp/clang) and real g++.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { wasmToolchain } from "@arena/bots";
import { loadScaled } from "@arena/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-io";
import { shortMatchArgs } from "../test-short-match";

const hasWasm = await wasmToolchain().then(
  () => true,
  (error: Error) => {
    console.warn(`the cli's --cpp wasm run tests skipped: ${error.message}`);
    return false;
  },
);
const hasCompiler =
  spawnSync(process.env.ARENA_CXX ?? "g++", ["--version"], { stdio: "ignore" }).status === 0;

// The compile cache the games' C++ tests share (kept between runs).
process.env.ARENA_CACHE_DIR ??= join(tmpdir(), "arena-cpp-test-cache");
const dir = mkdtempSync(join(tmpdir(), "arena-cli-cpp-wasm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
copyFileSync(
  fileURLToPath(new URL("../../../moneyheist/src/__fixtures__/cpp/AIGreedy.cc", import.meta.url)),
  join(dir, "AIGreedy.cc"),
);
/** 30-round Money Heist matches. */
const short = shortMatchArgs("moneyheist", 30, dir);
/** Greedy against three Demo seats, seed 1: four matches. */
const greedyRun = ["tournament", "moneyheist", "AIGreedy.cc", "Demo", "--fill", "Demo"];

type Summary = {
  bots: Array<{ bot: string; faults: number; faultReasons: Array<{ reason: string }> }>;
};
const greedyOf = (out: string) =>
  (JSON.parse(out) as Summary).bots.find((b) => b.bot === "Greedy")!;
const header = (file: string) =>
  JSON.parse(readFileSync(join(dir, file), "utf8").split("\n")[0]!) as {
    options: Record<string, unknown>;
  };

describe.skipIf(!hasWasm)("arena tournament --cpp wasm", { timeout: loadScaled(300_000) }, () => {
  it("plays the C++ player as WebAssembly: its instruction limits freeze it, the mode is in the header", async () => {
    const played = await runCli(
      [...greedyRun, "--seeds", "1", "--cpp", "wasm", "--json", "--out", "wasm.jsonl", ...short],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    expect(greedyOf(played.out).faults).toBe(0);
    expect(header("wasm.jsonl").options.cpp).toBe("wasm");
    // Its start alone executes more than 1000 instructions: frozen in each of its four matches.
    const limited = await runCli(
      [
        ...greedyRun,
        "--seeds",
        "1",
        "--cpp",
        "wasm",
        "--turn-instructions",
        "1000",
        "--json",
      ].concat("--out", "limited.jsonl", ...short),
      dir,
    );
    expect(limited.code, limited.err).toBe(0);
    const greedy = greedyOf(limited.out);
    expect(greedy.faults).toBe(4);
    expect(greedy.faultReasons.map((fault) => fault.reason)).toEqual([
      expect.stringMatching(
        /^executed \d+ instructions for its start, over the limit of 1000 instructions$/,
      ),
    ]);
    // The file of this wasm run is not resumed natively: one line, exit code 2.
    const resumed = await runCli(
      [...greedyRun, "--seeds", "1", "--out", "wasm.jsonl", "--resume", ...short],
      dir,
    );
    expect(resumed.code).toBe(2);
    expect(resumed.err).toMatch(
      /^arena: wasm\.jsonl: written by a run of C\+\+ players as WebAssembly \(--cpp wasm\), not of native C\+\+ players \(--cpp native\) as this one/,
    );
    expect(resumed.err.trim().split("\n")).toHaveLength(1);
  });

  it.skipIf(!hasCompiler)(
    "without --cpp wasm, the instruction limits change nothing (as in arena play): the native player plays",
    async () => {
      const native = await runCli(
        [...greedyRun, "--seeds", "1", "--turn-instructions", "1000", "--json", ...short].concat(
          "--out",
          "native.jsonl",
        ),
        dir,
      );
      expect(native.code, native.err).toBe(0);
      expect(greedyOf(native.out).faults).toBe(0);
      expect(header("native.jsonl").options.cpp).toBeUndefined();
    },
  );
});

describe("bad --cpp and instruction limits: one line, exit code 2", () => {
  const four = ["moneyheist", "Demo", "Null", "A=Demo", "B=Null"];
  const cases: Array<[string, string[], RegExp]> = [
    [
      "tournament --cpp foo",
      ["tournament", ...four, "--cpp", "foo"],
      /^arena: --cpp is native or wasm\n$/,
    ],
    [
      "test --cpp foo",
      ["test", "moneyheist", "Demo", "--vs", "Null", "--cpp", "foo"],
      /^arena: --cpp is native or wasm\n$/,
    ],
    [
      "contest --cpp wasm64",
      ["contest", ...four, "--format", "jutge", "--cpp", "wasm64"],
      /^arena: --cpp is native or wasm\n$/,
    ],
    [
      "tournament --budget-instructions 0",
      ["tournament", ...four, "--cpp", "wasm", "--budget-instructions", "0"],
      /^arena: option --budget-instructions needs a positive number of instructions\n$/,
    ],
    [
      "test --turn-instructions -5",
      ["test", "moneyheist", "Demo", "--vs", "Null", "--turn-instructions", "-5"],
      /^arena: option --turn-instructions needs a positive number of instructions\n$/,
    ],
  ];
  it.each(cases)("%s", async (_name, argv, message) => {
    const { code, out, err } = await runCli(argv, dir);
    expect(err).toMatch(message);
    expect(code).toBe(2);
    expect(out).toBe("");
  });
});
