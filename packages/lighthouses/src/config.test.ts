import { readdirSync, readFileSync } from "node:fs";
import { ArenaError } from "@arena/core";
import { describe, expect, it } from "vitest";
import { checkConfig, DEFAULT_MAP, parseConfig, readMap } from "./config";
import { engine } from "./engine";
import { available, reference } from "./golden-fixture";

const load = (file: string) =>
  readMap(parseConfig(readFileSync(`${reference}maps/${file}`, "utf8"), file).map, file);

const thrown = (f: () => unknown): ArenaError => {
  try {
    f();
  } catch (error) {
    if (error instanceof ArenaError) return error;
    throw error;
  }
  throw new Error("did not throw");
};

const landCells = (island: Uint8Array) => island.reduce((sum, v) => sum + v, 0);

describe.skipIf(!available)("reference maps", () => {
  // Figures from the reference README's table.
  it.each([
    ["original/grid.txt", 19, 19, 25, 24, 289],
    ["original/island.txt", 21, 18, 11, 16, 184],
    ["original/square.txt", 8, 8, 4, 16, 36],
    ["original/square_l.txt", 12, 12, 4, 16, 100],
    ["original/square_xl.txt", 20, 20, 4, 16, 324],
  ])(
    "%s is %ix%i with %i lighthouses, %i starts and %i land cells",
    (file, w, h, lighthouses, starts, land) => {
      const map = load(file);
      expect([
        map.width,
        map.height,
        map.lighthouses.length,
        map.starts.length,
        landCells(map.island),
      ]).toEqual([w, h, lighthouses, starts, land]);
    },
  );

  it("every map of the later editions loads with its documented size", () => {
    const files = available ? readdirSync(`${reference}maps/later-editions`) : [];
    expect(files.length).toBe(10);
    for (const file of files) {
      const map = load(`later-editions/${file}`);
      const size = `${map.width}x${map.height}`;
      if (file.startsWith("ee3")) expect([size, map.starts.length]).toEqual(["49x19", 14]);
      if (file === "xgnr22.txt") expect([size, map.lighthouses.length]).toEqual(["49x24", 21]);
      if (/xgnr21_[a-e]/.test(file)) expect(size).toBe("29x20");
      if (/xgnr21_[fg]/.test(file)) expect(size).toBe("40x23");
      if (file.startsWith("xgnr21")) {
        expect(map.lighthouses.length).toBeGreaterThanOrEqual(17);
        expect(map.lighthouses.length).toBeLessThanOrEqual(38);
      }
    }
    expect(load("later-editions/ee30.txt").lighthouses.length).toBe(14);
    expect(load("later-editions/ee31.txt").lighthouses.length).toBe(17);
  });

  it("lineup: y grows upward from the bottom-left, lighthouses in scan order, starts A and B", () => {
    const map = load("synthetic/lineup.txt");
    expect(map.lighthouses).toEqual([
      [1, 1],
      [5, 1],
      [9, 1],
      [7, 3],
      [1, 5],
      [5, 5],
      [9, 5],
    ]);
    expect(map.starts).toEqual([
      [5, 3],
      [6, 3],
    ]);
  });

  it("square: lighthouse scan order and starts sorted by letter (A, B, …)", () => {
    const map = load("original/square.txt");
    expect(map.lighthouses).toEqual([
      [1, 1],
      [6, 1],
      [1, 6],
      [6, 6],
    ]);
    // "# OACL #" is the 4th line (y = 4: A x=3, C x=4) and "# KDBP #" the 5th (y = 3: D x=3, B x=4).
    expect(map.starts.slice(0, 4)).toEqual([
      [3, 4],
      [4, 3],
      [4, 4],
      [3, 3],
    ]);
  });
});

describe("map parsing", () => {
  it("assigns starts by sorted character, not by position", () => {
    const map = readMap(["#####", "#B A#", "#####"], "m");
    expect(map.starts).toEqual([
      [3, 1],
      [1, 1],
    ]);
  });

  it("accepts a final newline or none, and CRLF line ends", () => {
    const a = parseConfig("#####\n#A!B#\n#####", "a");
    const b = parseConfig("#####\n#A!B#\n#####\n", "b");
    const c = parseConfig("#####\r\n#A!B#\r\n#####\r\n", "c");
    expect(a.map).toEqual(b.map);
    expect(c.map).toEqual(a.map);
    expect(readMap(a.map, "a").starts).toEqual([
      [1, 1],
      [3, 1],
    ]);
  });

  it("rejects rows of different widths, naming the line", () => {
    const error = thrown(() => parseConfig("#####\n#A  #\n#B #\n#####\n", "bad.txt"));
    expect(error.code).toBe("BAD_CONFIG");
    expect([error.file, error.line]).toEqual(["bad.txt", 3]);
    expect(error.message).toContain("same width");
  });

  it("rejects land on the border, naming the line", () => {
    expect(thrown(() => parseConfig("#####\n#A   \n#####", "b.txt")).line).toBe(2);
    expect(thrown(() => parseConfig("## ##\n#A  #\n#####", "b.txt")).line).toBe(1);
    expect(thrown(() => parseConfig("#####\n#A  #\n#! ##", "b.txt")).message).toContain(
      "border must not be part of island",
    );
  });

  it("rejects an empty map", () => {
    expect(thrown(() => parseConfig("", "e.txt")).code).toBe("BAD_CONFIG");
  });

  it("checks configs from replays: rounds and singleKey", () => {
    const config = parseConfig(DEFAULT_MAP.join("\n"), "d");
    expect(thrown(() => checkConfig({ ...config, rounds: 0 })).message).toContain("rounds");
    expect(thrown(() => checkConfig({ ...config, singleKey: "yes" })).message).toContain(
      "singleKey",
    );
    expect(thrown(() => checkConfig({ ...config, map: "#" })).message).toContain("map");
  });

  it("the default map is valid, has 8 starts and 8 lighthouses, and 1200 rounds", () => {
    const config = engine.defaultConfig();
    const map = readMap(config.map, "default");
    expect([map.starts.length, map.lighthouses.length, config.rounds, config.singleKey]).toEqual([
      8,
      8,
      1200,
      false,
    ]);
  });

  it("too few starts for the players is an error", () => {
    expect(() => engine.create(parseConfig("#####\n#A!B#\n#####", "m"), 1, 3)).toThrow(
      /start positions/,
    );
  });

  it("options: --rounds N and --keys multi|single", () => {
    const [rounds, keys] = engine.options!;
    const config = engine.defaultConfig();
    expect(rounds!.apply(config, "25").rounds).toBe(25);
    expect(() => rounds!.apply(config, "ten")).toThrow(ArenaError);
    expect(() => rounds!.apply(config, "0")).toThrow(ArenaError);
    expect(keys!.apply(config, "single").singleKey).toBe(true);
    expect(keys!.apply(config, "multi").singleKey).toBe(false);
    expect(() => keys!.apply(config, "two")).toThrow(ArenaError);
  });

  it("option --neutral-owner null|-1, default null; checked in configs from replays", () => {
    const option = engine.options!.find((o) => o.name === "neutral-owner")!;
    const config = engine.defaultConfig();
    expect(config.neutralOwner).toBeNull();
    expect(parseConfig("#####\n#A!B#\n#####", "m").neutralOwner).toBeNull();
    expect(option.apply(config, "-1").neutralOwner).toBe(-1);
    expect(option.apply({ ...config, neutralOwner: -1 }, "null").neutralOwner).toBeNull();
    for (const bad of ["none", "0", "", "-2"])
      expect(() => option.apply(config, bad)).toThrow(/--neutral-owner: expected null or -1/);
    expect(checkConfig({ ...config, neutralOwner: undefined }).neutralOwner).toBeNull();
    expect(checkConfig({ ...config, neutralOwner: -1 }).neutralOwner).toBe(-1);
    const error = thrown(() => checkConfig({ ...config, neutralOwner: 0 }, "r.arena"));
    expect([error.code, error.file]).toEqual(["BAD_CONFIG", "r.arena"]);
    expect(error.message).toContain("neutralOwner: must be null or -1, got 0");
  });
});
