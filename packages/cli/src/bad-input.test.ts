// Bad input of every kind: one line on stderr naming what is wrong and where, exit code 2.
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
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { decodeReplay, type ReplayHeader, ReplayWriter } from "@arena/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_MAX, SEED_MIN } from "./seed";
import { runCli } from "./test-io";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-bad-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Terminal control characters: ESC, BEL and the one-byte CSI. */
const terminalControl = (text: string): boolean =>
  ["\u001b", "\u0007", "\u009b"].some((char) => text.includes(char));

/** Runs the cli and checks the one-line error contract; returns stderr. */
async function fails(argv: string[], message: RegExp): Promise<string> {
  const { code, out, err } = await runCli(argv, dir);
  expect(err).toMatch(message);
  expect(code).toBe(2);
  expect(out).toBe("");
  expect(err.trim().split("\n")).toHaveLength(1);
  expect(err).not.toMatch(/internal error|\n\s+at /);
  return err;
}

/** Writes a replay with `header` (over fields of a real moneyheist one) and the steps of `source`. */
function forgeReplay(
  name: string,
  source: string,
  header: Partial<ReplayHeader> | Record<string, unknown>,
  finalScores?: number[],
): string {
  const real = decodeReplay(readFileSync(join(dir, source)), source);
  const path = join(dir, name);
  const writer = ReplayWriter.open(path, { ...real.header, ...header } as ReplayHeader);
  const digests = new Map(real.digests.map((d) => [d.step, d.digest]));
  real.steps.forEach((orders, s) => {
    writer.writeStep(orders, digests.get(s + 1));
  });
  writer.close({ over: true, scores: finalScores ?? real.final?.scores ?? [] });
  return name;
}

describe("seeds", () => {
  it("a seed outside the 32-bit int range is an error naming the range, not silently reduced", async () => {
    for (const seed of ["99999999999", String(SEED_MAX + 1), String(SEED_MIN - 1)]) {
      await fails(
        ["play", "moneyheist", "--seed", seed],
        new RegExp(`--seed must be an integer from ${SEED_MIN} to ${SEED_MAX}.*got ${seed}$`, "m"),
      );
    }
    const edge = await runCli(
      ["play", "moneyheist", "Null", "Null", "Null", "Null", "--seed", String(SEED_MAX), "--json"],
      dir,
    );
    expect(edge.code, edge.err).toBe(0);
    expect(JSON.parse(edge.out).seed).toBe(SEED_MAX);
  });
});

describe("exec: bots", () => {
  it("a program that is not on PATH, not a file or not executable is an error before the match", async () => {
    await fails(
      [
        "play",
        "moneyheist",
        "Demo",
        "Demo",
        "Demo",
        "exec:no-such-program-xyz --flag",
        "--out",
        "e.arena",
      ],
      /bot 'exec:no-such-program-xyz --flag': program 'no-such-program-xyz' is not on PATH/,
    );
    await fails(
      ["play", "moneyheist", "Demo", "Demo", "Demo", "exec:./missing.py", "--out", "e.arena"],
      /missing\.py: bot 'exec:\.\/missing\.py': program \.\/missing\.py: no such file/,
    );
    writeFileSync(join(dir, "plain.sh"), "#!/bin/sh\n");
    chmodSync(join(dir, "plain.sh"), 0o644);
    await fails(
      ["play", "moneyheist", "Demo", "Demo", "Demo", "exec:./plain.sh"],
      /plain\.sh: .*not executable/,
    );
    expect(existsSync(join(dir, "e.arena"))).toBe(false);
    expect(existsSync(join(dir, "e.arena.partial"))).toBe(false);
  });
});

describe("limits", () => {
  it("a limit that is not a positive number of milliseconds names the flag, not the config, before any bot starts or file is written", async () => {
    for (const flag of ["--budget", "--turn-timeout", "--start-timeout"]) {
      const logs = join(dir, `logs${flag}`);
      await fails(
        ["play", "moneyheist", flag, "0", "--bot-log", logs],
        new RegExp(`^arena: option ${flag} needs a positive number of milliseconds\n$`),
      );
      expect(existsSync(logs)).toBe(false);
    }
    for (const flag of ["--budget-instructions", "--turn-instructions"]) {
      await fails(
        ["play", "moneyheist", flag, "0"],
        new RegExp(`^arena: option ${flag} needs a positive number of instructions\n$`),
      );
    }
    await fails(
      ["play", "moneyheist", "--cpp", "javascript"],
      /^arena: --cpp is native or wasm\n$/,
    );
  });
});

describe("files named in every error", () => {
  it("a config the engine cannot make a match of names the config file", async () => {
    // A Lighthouses map with no start position: parsed fine, refused when the match is made.
    writeFileSync(join(dir, "nostart.txt"), "#####\n#   #\n# ! #\n#   #\n#####\n");
    const err = await fails(["play", "lighthouses", "--map", "nostart.txt"], /nostart\.txt/);
    expect(err).toMatch(/^arena: nostart\.txt(:\d+)?: /);
  });

  it("replay headers: another game, no config, another engine version, names that are not text", async () => {
    const played = await runCli(
      ["play", "moneyheist", "Null", "Null", "Null", "Null", "--out", "ok.arena", "--quiet"],
      dir,
    );
    expect(played.code, played.err).toBe(0);
    await fails(
      ["replay", forgeReplay("chess.arena", "ok.arena", { game: "chess" })],
      /^arena: chess\.arena: unknown game 'chess'; the games are/,
    );
    await fails(
      ["replay", forgeReplay("other.arena", "ok.arena", { game: "madmax" })],
      /^arena: other\.arena: /,
    );
    await fails(
      ["replay", forgeReplay("noconfig.arena", "ok.arena", { config: null })],
      /^arena: noconfig\.arena: /,
    );
    await fails(
      ["replay", forgeReplay("version.arena", "ok.arena", { engineVersion: "0.0.1" })],
      /^arena: version\.arena: the replay was written by moneyheist engine 0\.0\.1/,
    );
    await fails(
      ["replay", forgeReplay("names.arena", "ok.arena", { players: [1, 2, 3, 4] })],
      /^arena: names\.arena: /,
    );
  });

  it("an end record whose final scores differ from the re-simulated ones is a mismatch", async () => {
    const played = await runCli(
      ["play", "moneyheist", "--seed", "6", "--out", "real.arena", "--json"],
      dir,
    );
    const scores = JSON.parse(played.out).scores as number[];
    const forged = scores.map((score, p) => (p === 0 ? score + 1000 : score));
    await fails(
      ["replay", forgeReplay("forged.arena", "real.arena", {}, forged)],
      /^arena: forged\.arena: .*(final scores|end record)/,
    );
    // The same file with the true scores verifies.
    const honest = await runCli(["replay", forgeReplay("honest.arena", "real.arena", {})], dir);
    expect(honest.code, honest.err).toBe(0);
  });
});

describe("decompression caps", () => {
  it("a gzipped config that inflates past the cap is refused, naming the file", async () => {
    // 40 MiB of spaces compress to ≈ 40 kB: past the 32 MiB floor of the cap.
    writeFileSync(join(dir, "bomb.cnf.gz"), gzipSync(Buffer.alloc(40 * 1024 * 1024, 32)));
    await fails(
      ["play", "moneyheist", "--config", "bomb.cnf.gz"],
      /^arena: bomb\.cnf\.gz: config file inflates past 33\.6 MB .*refusing it$/m,
    );
  });
});

const reference = fileURLToPath(new URL("../../../../shared/reference/", import.meta.url));
const trace = join(reference, "moneyheist/traces/default_DeDuDeDu_s11.orders.jsonl.gz");
describe.skipIf(!existsSync(trace))("order traces", () => {
  it("a trace shorter than the match is an error unless --allow-short-orders", async () => {
    const lines = gzipSync(
      Buffer.from(
        `${(await import("node:zlib"))
          .gunzipSync(readFileSync(trace))
          .toString("utf8")
          .split("\n")
          .slice(0, 120)
          .join("\n")}\n`,
      ),
    );
    writeFileSync(join(dir, "short.jsonl.gz"), lines);
    const config = join(reference, "moneyheist/default.cnf");
    const args = ["play", "moneyheist", "--seed", "11", "--config", config, "--orders"];
    await fails(
      [...args, "short.jsonl.gz"],
      /^arena: short\.jsonl\.gz: the trace has 120 steps but the match goes on \(round 120 of 200\); add --allow-short-orders/,
    );
    const allowed = await runCli(
      [...args, "short.jsonl.gz", "--allow-short-orders", "--json"],
      dir,
    );
    expect(allowed.code, allowed.err).toBe(0);
    expect(JSON.parse(allowed.out).rounds).toBe(200);
  });
});

describe("text from bots and files is escaped", () => {
  it("a bot's reply with terminal escapes shows up escaped in the fault reason", async () => {
    writeFileSync(
      join(dir, "evil.cjs"),
      `process.stdout.write("\\x1b]0;owned\\x07\\x1b[2J\\x9b31mnot json\\n");
require("node:readline").createInterface({ input: process.stdin }).on("line", () => {});
`,
    );
    const run = await runCli(
      ["play", "moneyheist", "Null", "Null", "Null", "exec:node evil.cjs"],
      dir,
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/OUT/);
    for (const text of [run.out, run.err]) {
      expect(terminalControl(text)).toBe(false);
    }
    expect(run.out).toContain("\\x1b");
    const json = await runCli(
      ["play", "moneyheist", "Null", "Null", "Null", "exec:node evil.cjs", "--json"],
      dir,
    );
    expect(terminalControl(json.out)).toBe(false);
    const evil = (JSON.parse(json.out) as { players: Array<{ fault?: string }> }).players[3]!;
    expect(terminalControl(evil.fault ?? "")).toBe(true);
  });

  it("a file name with control characters is escaped in the error", async () => {
    const err = await fails(["replay", "bad\u001b[31mname.arena"], /bad\\x1b\[31mname\.arena/);
    expect(err).not.toContain("\u001b");
  });
});

describe("output files", () => {
  it("--res and --transcript are written by rename: no temporary file is left beside them", async () => {
    writeFileSync(join(dir, "keep.res"), "old\n");
    const run = await runCli(["play", "moneyheist", "--res", "keep.res", "--quiet"], dir);
    expect(run.code, run.err).toBe(0);
    expect(readFileSync(join(dir, "keep.res"), "utf8")).toMatch(/^Game\n|^[^o]/);
    expect(readdirSync(dir).filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  it("an output in a missing directory is one error naming the file", async () => {
    await fails(
      ["play", "moneyheist", "--res", "no/such/dir/x.res"],
      /^arena: .*no\/such\/dir\/x\.res: cannot write the \.res file: no such file or directory/,
    );
  });
});
