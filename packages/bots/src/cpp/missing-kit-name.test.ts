// A student's player that stops at the compiler because arena's kit lacks a name of the original
// kit: the error names it, blames arena and says where to report it; the player's own errors do not.
import { readFileSync } from "node:fs";
import { type AnyEngine, ArenaError, type CppKit } from "@arena/core";
import { describe, expect, inject, it } from "vitest";
import { engine, kit } from "../__fixtures__/cpp-counter-kit";
import { fixture, hasCompiler } from "../__fixtures__/helpers";
import { cppSharedDirectory } from "./compile";
import { cppBot } from "./cpp-bot";
import { ARENA_ISSUES_URL, kitLacks, missingKitNames, undeclaredNames } from "./missing-kit-name";

// g++ 12's own lines (UTF-8 locale, then the C locale's quotes), from a player of the Mad Max kit.
const GXX = `AIt.cc:4:30: error: ‘pos_ok’ was not declared in this scope
AIt.cc:7:3: error: ‘Car_Id’ does not name a type
AIt.cc:9:13: error: ‘maxint’ was not declared in this scope
AIt.cc:11:15: error: ‘struct Unit’ has no member named ‘strength’
AIt.cc:12:18: error: ‘nope’ is not a member of ‘std’
AIt.cc:13:11: error: ‘missing_member’ is not a member of ‘Info’
AIt.cc:14:5: error: ‘_unreachable2’ was not declared in this scope; did you mean ‘_unreachable’?
AIt.cc:20:26: error: 'Player_Id' has not been declared
AIt.cc:22:12: error: 'const class Board' {aka 'const Board'} has no member named 'missile_map'
AIt.cc:30:10: error: there are no arguments to 'sze' that depend on a template parameter, so a declaration of 'sze' must be available [-fpermissive]
AIt.cc:31:1: note: 'maxint' declared here`;

describe("the names a compiler's messages say are missing", () => {
  it("are read from g++'s messages in either quoting style, once each, in order", () => {
    expect(undeclaredNames(GXX)).toEqual([
      "pos_ok",
      "Car_Id",
      "maxint",
      "strength",
      "nope",
      "missing_member",
      "_unreachable2",
      "Player_Id",
      "missile_map",
      "sze",
    ]);
  });

  it("blame the kit only for names the original declares and the kit never mentions", () => {
    const original = ["pos_ok", "Car_Id", "maxint", "sze", "strength", "Player_Id"];
    // The kit has pos_ok (the player called it from a free function) and strength (a field of
    // another struct): those are the player's errors. `maxint_max` is not `maxint`.
    const kitText = "bool pos_ok(int i, int j) const;\nint strength;\nconst int maxint_max = 1;";
    expect(missingKitNames(GXX, original, kitText)).toEqual([
      "Car_Id",
      "maxint",
      "Player_Id",
      "sze",
    ]);
    expect(missingKitNames(GXX, [], kitText)).toEqual([]);
  });

  it("the issues URL is the packages' bugs URL", () => {
    const bugs = (path: string) =>
      (
        JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as {
          bugs: { url: string };
        }
      ).bugs.url;
    expect(ARENA_ISSUES_URL).toBe(bugs("../../package.json"));
    expect(ARENA_ISSUES_URL).toBe(bugs("../../../../package.json"));
  });
});

describe.skipIf(!hasCompiler)(
  "a player that does not compile (real g++)",
  { timeout: 180_000 },
  () => {
    const cacheDir = inject("cppCacheDir");
    // The counter kit, as if its original declared counter_limit() too (and round and score).
    const lacking: CppKit = { ...kit, originalNames: ["round", "score", "counter_limit"] };
    const lackingEngine: AnyEngine = { ...engine, cpp: lacking };

    it("for a name of the original kit that arena's lacks: the error blames arena", async () => {
      expect(kitLacks(lacking, cppSharedDirectory())).toEqual(["counter_limit"]);
      const error = await cppBot(lackingEngine, fixture("cpp-players/AIKitLacks.cc"), {
        cacheDir,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArenaError);
      const { code, message } = error as ArenaError;
      expect(code).toBe("CPP_KIT");
      expect(message).toContain("lacks 'counter_limit'");
      expect(message).toContain("this is arena's fault, not your player's");
      expect(message).toContain(ARENA_ISSUES_URL);
      // The compiler's own message follows, with the player's file and line.
      expect(message).toMatch(/AIKitLacks\.cc:10:\d+: error: .counter_limit. was not declared/);
      expect(message).not.toContain("'score'");
    });

    it("for the player's own mistakes: the usual compile error, arena not blamed", async () => {
      const error = await cppBot(lackingEngine, fixture("cpp-players/AIOwnBug.cc"), {
        cacheDir,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArenaError);
      const { code, message } = error as ArenaError;
      expect(code).toBe("CPP_COMPILE");
      expect(message).toMatch(/.round. was not declared/);
      expect(message).toMatch(/.teleport. was not declared/);
      expect(message).not.toContain("arena's fault");
    });
  },
);
