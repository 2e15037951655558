import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheFileFor, cacheKey, codeCacheDirectory, writeCodeCache } from "./code-cache";
import { hasBin, runBin } from "./test-bin";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-code-cache-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("codeCacheDirectory", () => {
  it("is $ARENA_CACHE_DIR/v8, else $XDG_CACHE_HOME/arena/v8, else ~/.cache/arena/v8", () => {
    expect(codeCacheDirectory({ ARENA_CACHE_DIR: "/a", XDG_CACHE_HOME: "/x" })).toBe("/a/v8");
    expect(codeCacheDirectory({ XDG_CACHE_HOME: "/x" })).toBe("/x/arena/v8");
    expect(codeCacheDirectory({})).toMatch(/\/\.cache\/arena\/v8$/);
  });

  it("is none with ARENA_CODE_CACHE=0", () => {
    expect(codeCacheDirectory({ ARENA_CODE_CACHE: "0", ARENA_CACHE_DIR: "/a" })).toBeUndefined();
  });
});

describe("cacheKey", () => {
  it("is the command and the game, flags left out", () => {
    expect(cacheKey(["play", "moneyheist", "Null", "--out", "x"])).toBe("play-moneyheist");
    expect(cacheKey(["--debug", "play", "madmax-revisited"])).toBe("play-madmax-revisited");
    expect(cacheKey(["list"])).toBe("list");
    expect(cacheKey(["replay", "match.arena"])).toBe("replay");
    expect(cacheKey([])).toBe("other");
    expect(cacheKey(["../../etc", "x"])).toBe("other");
  });
});

describe("cacheFileFor", () => {
  it("changes with the bundle, lives in the cache directory, none for a missing bundle", () => {
    const bundle = join(dir, "bundle.cjs");
    writeFileSync(bundle, "one");
    const env = { ARENA_CACHE_DIR: join(dir, "c") };
    const first = cacheFileFor(bundle, 3, ["list"], env)!;
    expect(first.startsWith(join(dir, "c", "v8", "list."))).toBe(true);
    expect(first.endsWith(".bin")).toBe(true);
    writeFileSync(bundle, "other");
    expect(cacheFileFor(bundle, 5, ["list"], env)).not.toBe(first);
    expect(cacheFileFor(join(dir, "none.cjs"), 3, ["list"], env)).toBeUndefined();
  });
});

describe("writeCodeCache", () => {
  it("writes the data, replaces the key's caches of other builds, leaves other keys", () => {
    const cache = join(dir, "w");
    mkdirSync(cache);
    writeFileSync(join(cache, "list.0000000000000000.bin"), "old");
    writeFileSync(join(cache, "play-madmax.0000000000000000.bin"), "other key");
    writeCodeCache(join(cache, "list.1111111111111111.bin"), () => Buffer.from("new"));
    expect(readdirSync(cache).sort()).toEqual([
      "list.1111111111111111.bin",
      "play-madmax.0000000000000000.bin",
    ]);
    expect(readFileSync(join(cache, "list.1111111111111111.bin"), "utf8")).toBe("new");
  });

  it("never throws: an unwritable directory or a failing producer is just no cache", () => {
    // A directory that cannot be made (below a file: refused even to root).
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    expect(() =>
      writeCodeCache(join(file, "v8", "list.1.bin"), () => Buffer.from("x")),
    ).not.toThrow();
    expect(() =>
      writeCodeCache(join(dir, "p", "list.1.bin"), () => {
        throw new Error("no data");
      }),
    ).not.toThrow();
    expect(readdirSync(join(dir, "p"))).toEqual([]);
  });
});

describe.skipIf(!hasBin)("the launcher's code cache", () => {
  const bot = "export default class { play() {} }\n";

  it("is written on the first run, used on the next, and a corrupt one is replaced", () => {
    const work = mkdtempSync(join(dir, "run-"));
    writeFileSync(join(work, "bot.mjs"), bot);
    const env = { ARENA_CACHE_DIR: join(work, "cache") };
    // A module bot in process: the bundle's dynamic import() must work from cached code too.
    const args = ["play", "moneyheist", "./bot.mjs", "Null", "Null", "Null", "--in-process"];
    const plain = runBin(args, work, { env: { ...env, ARENA_CODE_CACHE: "0" } });
    expect(plain.status, plain.stderr).toBe(0);
    expect(() => readdirSync(join(work, "cache", "v8"))).toThrow();
    const strip = (text: string) => text.replace(/ · [\d.]+ m?s\n/, "\n").replace(/[\d.]+ s/g, "");
    const written: number[] = [];
    for (let run = 0; run < 2; run++) {
      const cached = runBin(args, work, { env });
      expect(cached.status, cached.stderr).toBe(0);
      expect(cached.stderr).toBe("");
      expect(strip(cached.stdout)).toBe(strip(plain.stdout));
      const [name] = readdirSync(join(work, "cache", "v8"));
      written.push(statSync(join(work, "cache", "v8", name!)).mtimeMs);
    }
    // The second run read the cache and V8 accepted it: the launcher rewrites only a rejected one.
    expect(written[1]).toBe(written[0]);
    const files = readdirSync(join(work, "cache", "v8"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^play-moneyheist\.[0-9a-f]{16}\.bin$/);
    const file = join(work, "cache", "v8", files[0]!);
    expect(readFileSync(file).length).toBeGreaterThan(10_000);
    writeFileSync(file, "not a code cache");
    const again = runBin(args, work, { env });
    expect(again.status, again.stderr).toBe(0);
    expect(strip(again.stdout)).toBe(strip(plain.stdout));
    expect(readFileSync(file).length).toBeGreaterThan(10_000);
  });
});
