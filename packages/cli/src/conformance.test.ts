// Every recorded original match re-run through the cli (`arena play … --orders … --res …`) must
// write a .res byte-identical to the recorded one. The list of matches, their seeds, configs
// and player names is read from each game's traces/README.md, so a new recording is covered
// without touching this file.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { firstDifference } from "@arena/core";
import { describe, expect, it } from "vitest";
import { gameNames } from "./games";
import { runCli } from "./test-io";

const reference = fileURLToPath(new URL("../../../../shared/reference/", import.meta.url));
const available = existsSync(reference);
if (!available) console.warn(`cli conformance tests skipped: ${reference} (../shared) is absent`);

interface Recorded {
  game: string;
  res: string;
  trace: string;
  config: string;
  names: string[];
  seed: number;
  extra: string[];
}

const cell = (text: string) => text.replace(/`/g, "").trim();

function recordedMatches(): Recorded[] {
  if (!available) return [];
  const matches: Recorded[] = [];
  for (const game of ["moneyheist", "madmax", "madmax-revisited"]) {
    const readme = readFileSync(join(reference, game, "traces", "README.md"), "utf8");
    for (const line of readme.split("\n")) {
      const cols = line.split("|").slice(1, -1).map(cell);
      if (
        cols.length < 5 ||
        !cols[0]!.endsWith(".res.gz") ||
        !cols[1]!.endsWith(".orders.jsonl.gz")
      )
        continue;
      matches.push({
        game,
        res: join(reference, game, "traces", cols[0]!),
        trace: join(reference, game, "traces", cols[1]!),
        config: join(reference, game, cols[2]!),
        names: cols[3]!.split(/\s+/),
        seed: Number(cols[4]),
        extra: [],
      });
    }
  }
  const readme = readFileSync(join(reference, "dragonball", "traces", "README.md"), "utf8");
  for (const line of readme.split("\n")) {
    const cols = line.split("|").slice(1, -1).map(cell);
    if (cols.length < 4 || !cols[0]!.endsWith(".res.gz")) continue;
    const res = join(reference, "dragonball", "traces", cols[0]!);
    matches.push({
      game: "dragonball",
      res,
      trace: res,
      config: join(reference, "dragonball", cols[1]!.split(/\s+/)[0]!),
      names: cols[3]!.split(/\s+/),
      seed: Number(cols[2]),
      extra: ["--variant", "2012"],
    });
  }
  return matches;
}

const registered = new Set(gameNames);
const all = recordedMatches();
const missing = [...new Set(all.map((m) => m.game))].filter((game) => !registered.has(game));
if (missing.length > 0)
  console.warn(
    `cli conformance: no engine registered yet for ${missing.join(", ")}; their recordings are not run`,
  );
const matches = all.filter((m) => registered.has(m.game));

describe.skipIf(!available)("recorded original matches through arena play --orders --res", () => {
  it("finds the recorded matches of every registered Jutge game", () => {
    expect(registered.has("moneyheist")).toBe(true);
    for (const game of ["moneyheist", "madmax", "madmax-revisited", "dragonball"]) {
      if (registered.has(game))
        expect(matches.filter((m) => m.game === game).length).toBeGreaterThan(0);
    }
  });

  it.each(matches.map((m) => [`${m.game} ${m.res.split("/").at(-1)}`, m] as const))(
    "%s is reproduced byte for byte",
    async (_name, m) => {
      const dir = mkdtempSync(join(tmpdir(), "arena-conf-"));
      const run = await runCli(
        [
          "play",
          m.game,
          ...m.names,
          "--seed",
          String(m.seed),
          "--config",
          m.config,
          "--orders",
          m.trace,
          "--res",
          "out.res",
          "--out",
          "out.arena",
          "--quiet",
          ...m.extra,
        ],
        dir,
      );
      expect(run.err).toBe("");
      expect(run.code).toBe(0);
      const produced = readFileSync(join(dir, "out.res"), "utf8");
      const expected = gunzipSync(readFileSync(m.res)).toString("utf8");
      const difference = firstDifference(produced, expected);
      if (difference !== undefined) expect.fail(difference);
      const verified = await runCli(["replay", "out.arena", "--json"], dir);
      expect(verified.code).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    },
  );
});
