// The root README's Joc d'EDA walkthrough runs as written (issue 40): its sh blocks, taken from
// the README itself (so that the text and the test cannot drift), run in order in an empty folder
// with the built cli on the PATH as `arena`, and do what the text says. Real g++.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScaled } from "@arena/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { extractSnippets, markdownSection, shellFences } from "./readme-snippets";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const HEADING = "Joc d'EDA walkthrough";

describe("markdownSection and shell blocks", () => {
  const markdown = [
    "# T", // 1
    "## Walk", // 2
    "text", // 3
    "```sh", // 4
    "# a comment, not a heading", // 5
    "echo one", // 6
    "```", // 7
    "### Sub", // 8
    "```bash", // 9
    "echo two", // 10
    "```", // 11
    "```ts", // 12
    "const x = 1;", // 13
    "```", // 14
    "## Next", // 15
    "```sh", // 16
    "echo three", // 17
    "```", // 18
  ].join("\n");

  it("takes the section up to the next heading of its level, and its sh and bash blocks at their lines", () => {
    const section = markdownSection(markdown, "Walk")!;
    expect(section.line).toBe(3);
    expect(extractSnippets("R.md", section.text, shellFences, section.line)).toEqual([
      { file: "R.md", line: 4, code: "# a comment, not a heading\necho one" },
      { file: "R.md", line: 9, code: "echo two" },
    ]);
    expect(markdownSection(markdown, "Next")!.text).toBe("```sh\necho three\n```");
    expect(markdownSection(markdown, "Missing")).toBeUndefined();
  });
});

const compiler = process.env.ARENA_CXX ?? "g++";
const hasCompiler = spawnSync(compiler, ["--version"], { stdio: "ignore" }).status === 0;
const cliDir = dirname(createRequire(import.meta.url).resolve("@arena/cli/package.json"));
const built = existsSync(join(cliDir, "dist", "bin.js"));
if (!hasCompiler) console.warn("the README walkthrough test skipped: g++ is not installed");
if (!built) console.warn("the README walkthrough test skipped: @arena/cli is not built");

describe.skipIf(!hasCompiler || !built)("the README's Joc d'EDA walkthrough, as written", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = markdownSection(readme, HEADING);
  const blocks =
    section === undefined
      ? []
      : extractSnippets("README.md", section.text, shellFences, section.line);
  const base = mkdtempSync(join(tmpdir(), "arena-walkthrough-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  // `arena` on the PATH: the cli's launcher, run by this Node.
  const binDir = join(base, "bin");
  mkdirSync(binDir);
  const shim = join(binDir, "arena");
  writeFileSync(
    shim,
    `#!/bin/sh\nexec '${process.execPath}' '${join(cliDir, "bin", "arena.js")}' "$@"\n`,
  );
  chmodSync(shim, 0o755);
  const work = join(base, "work");
  mkdirSync(work);
  const env = {
    ...process.env,
    PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
    // The C++ players compiled once per machine, in the cache the cli's C++ tests share.
    ARENA_CACHE_DIR: process.env.ARENA_CACHE_DIR ?? join(tmpdir(), "arena-cpp-test-cache"),
  };
  /** Runs block `index` in the work folder, as `bash -e` (a failing command fails the block). */
  const run = (index: number) => {
    const block = blocks[index]!;
    const result = spawnSync("bash", ["-e", "-o", "pipefail", "-c", block.code], {
      cwd: work,
      env,
      encoding: "utf8",
      timeout: loadScaled(600_000),
    });
    const where = `README.md:${block.line}\n${result.stdout}${result.stderr}`;
    return { ...result, where };
  };

  it("has two sh blocks: the student's and the organiser's", () => {
    expect(section, `no '## ${HEADING}' in README.md`).toBeDefined();
    expect(blocks).toHaveLength(2);
  });

  it("the student: new, an edit, test against Demo, a match played and its viewer page written", () => {
    const result = run(0);
    expect(result.status, result.where).toBe(0);
    expect(readFileSync(join(work, "mybot", "AIStarter.cc"), "utf8")).toMatch(
      /^#define PLAYER_NAME Mine$/m,
    );
    // The test names the edited player, and prints its figures and a verdict.
    expect(result.stdout).toMatch(
      /^Mine vs Demo · moneyheist · against 3 × Demo · 5 seeds · 20 matches$/m,
    );
    expect(result.stdout).toMatch(/^win rate .*95% interval/m);
    expect(result.stdout).toMatch(/^verdict: (better|worse|inconclusive) on wins/m);
    expect(existsSync(join(work, "arena-test.jsonl"))).toBe(true);
    // The match: Mine in the table, the replay and the page.
    expect(result.stdout).toMatch(/^ +\d +0 +Mine +mybot\/AIStarter\.cc /m);
    expect(existsSync(join(work, "match.arena"))).toBe(true);
    expect(readFileSync(join(work, "match.html"), "utf8")).toMatch(/^<!doctype html>/i);
  });

  it("the organiser: the contest reports the broken and the looping player and names a champion", () => {
    const result = run(1);
    expect(result.status, result.where).toBe(0);
    expect(result.stderr).toMatch(
      /^warning: Broken is disqualified: players\/AIBroken\.cc:\d+: does not compile/m,
    );
    expect(result.stdout).toMatch(/ · champion Mine\n/);
    expect(result.stdout).toMatch(/^ +1 +Mine +final /m);
    expect(result.stdout).toMatch(
      /^ +\d +Broken +qualification +disqualified: players\/AIBroken\.cc: does not compile/m,
    );
    // Stopped by its CPU budget (issue 40, item 4), not by the wall clock.
    expect(result.stdout).toMatch(
      /^ +\d +Loop +qualification +frozen .*: used \d+ ms of CPU time for its turn, over the limit of 500 ms/m,
    );
    // g++'s own lines under the standings.
    expect(result.stdout).toMatch(/^AIBroken\.cc:\d+:\d+: error: /m);
    expect(existsSync(join(work, "arena-contest.jsonl"))).toBe(true);
  });
});
