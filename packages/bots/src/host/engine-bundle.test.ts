import { copyFileSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type AnyEngine, inProcessBot, runMatch } from "@arena/core";
import { describe, expect, it } from "vitest";
import { fixture, fixtureUrl, tempDir } from "../__fixtures__/helpers";
import { BotHost } from "./bot-host";
import { engineBundle } from "./engine-bundle";

/** An engine of two modules: the counter game re-exported through a second file. */
function twoModuleEngine(): { dir: string; entry: string } {
  const dir = tempDir();
  copyFileSync(fixture("counter-game.mjs"), join(dir, "rules.mjs"));
  const entry = join(dir, "engine.mjs");
  writeFileSync(entry, 'export { engine, Demo } from "./rules.mjs";\n');
  return { dir, entry };
}

/** Plays `engine` 10 rounds with 3 Demo bots; every state's digest. */
function digests(engine: AnyEngine, Demo: new () => { play(v: unknown, a: unknown): void }) {
  const match = engine.create({ rounds: 10, turnBased: false }, 7, 3);
  const seen = [match.digest()];
  while (!match.isOver()) {
    const orders = [0, 1, 2].map((player) => {
      const list: unknown[] = [];
      const collector = {
        add: (_key: unknown, order: unknown) => {
          list.push(order);
          return true;
        },
      };
      new Demo().play(match.view(player), match.actions(player, collector as never));
      return list;
    });
    match.step(orders as never);
    seen.push(match.digest());
  }
  return { seen, scores: match.scores() };
}

describe("engineBundle", () => {
  it("bundles an engine's modules into one file that plays as the engine itself", async () => {
    const { entry } = twoModuleEngine();
    const env = { ARENA_CACHE_DIR: tempDir() };
    const bundle = await engineBundle(pathToFileURL(entry).href, env);
    expect(bundle).toBeDefined();
    // One module: the second file's code is inside, not imported.
    const text = readFileSync(bundle!, "utf8");
    expect(text).not.toMatch(/from\s+["']\.\/rules\.mjs["']/);
    const original = await import(pathToFileURL(entry).href);
    const bundled = await import(pathToFileURL(bundle!).href);
    expect(bundled.engine).not.toBe(original.engine);
    expect(bundled.engine.name).toBe(original.engine.name);
    expect(digests(bundled.engine, bundled.Demo)).toEqual(digests(original.engine, original.Demo));
  });

  it("is taken from the cache while its inputs are unchanged, rebuilt when one changed", async () => {
    const { dir, entry } = twoModuleEngine();
    const env = { ARENA_CACHE_DIR: tempDir() };
    const url = pathToFileURL(entry).href;
    const first = await engineBundle(url, env);
    const written = readFileSync(first!, "utf8");
    // Marked: a cache hit returns the file as it is, a rebuild rewrites it.
    writeFileSync(first!, `${written}// cached\n`);
    expect(await engineBundle(url, env)).toBe(first);
    expect(readFileSync(first!, "utf8")).toContain("// cached");
    const rules = join(dir, "rules.mjs");
    writeFileSync(rules, `${readFileSync(rules, "utf8")}\nexport const changed = 1;\n`);
    utimesSync(rules, new Date(), new Date(Date.now() + 5000));
    expect(await engineBundle(url, env)).toBe(first);
    const rebuilt = readFileSync(first!, "utf8");
    expect(rebuilt).not.toContain("// cached");
    expect(readdirSync(join(env.ARENA_CACHE_DIR, "engines")).sort()).toHaveLength(2);
  });

  it("is not made with ARENA_ENGINE_BUNDLE=0, nor for an engine that is not a file", async () => {
    const env = { ARENA_CACHE_DIR: tempDir(), ARENA_ENGINE_BUNDLE: "0" };
    expect(await engineBundle(fixtureUrl("counter-game.mjs"), env)).toBeUndefined();
    expect(await engineBundle("data:text/javascript,export const engine = 1")).toBeUndefined();
  });

  it("a bot host whose bundle does not load imports the engine module itself", async () => {
    const { entry } = twoModuleEngine();
    const cache = tempDir();
    const env = { ARENA_CACHE_DIR: cache };
    const url = pathToFileURL(entry).href;
    const bundle = await engineBundle(url, env);
    // Still listed as up to date, but no longer JavaScript.
    writeFileSync(bundle!, "this is not a module (");
    const { engine, Demo } = await import(url);
    const saved = process.env.ARENA_CACHE_DIR;
    process.env.ARENA_CACHE_DIR = cache;
    const host = new BotHost({ engine, engineUrl: url, builtin: "Demo" });
    try {
      const result = await runMatch(engine, {
        config: { rounds: 10, turnBased: false },
        seed: 7,
        players: [0, 1, 2].map((p) => ({
          name: `p${p}`,
          controller: p === 0 ? host.controller("hosted") : inProcessBot(() => new Demo(), "Demo"),
        })),
      });
      expect(result.players[0]!.frozen).toBe(false);
      expect(result.scores).toEqual(digests(engine, Demo).scores);
    } finally {
      if (saved === undefined) delete process.env.ARENA_CACHE_DIR;
      else process.env.ARENA_CACHE_DIR = saved;
      await host.close();
    }
  });
});
