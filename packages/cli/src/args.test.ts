import { describe, expect, it } from "vitest";
import { closest, type FlagSpec, flagsHelp, integerFlag, parseCommandLine } from "./args";

const flags: FlagSpec[] = [
  { name: "seed", type: "integer", value: "N", help: "the seed" },
  { name: "out", type: "string", value: "FILE", help: "where to write" },
  { name: "json", type: "boolean", help: "JSON output" },
];
const parse = (argv: string[]) => parseCommandLine(argv, flags, "play");

describe("parseCommandLine", () => {
  it("splits positionals, valued flags in both spellings, and booleans", () => {
    const args = parse(["moneyheist", "Demo", "--seed", "7", "--out=a.arena", "--json", "Null"]);
    expect(args.positionals).toEqual(["moneyheist", "Demo", "Null"]);
    expect(args.flags.get("seed")).toBe("7");
    expect(args.flags.get("out")).toBe("a.arena");
    expect(args.flags.get("json")).toBe(true);
  });

  it("keeps everything after -- as positionals, and knows -h and the global flags", () => {
    expect(parse(["x", "--", "--weird", "-a"]).positionals).toEqual(["x", "--weird", "-a"]);
    const args = parse(["-h", "--debug"]);
    expect(args.flags.get("help")).toBe(true);
    expect(args.flags.get("debug")).toBe(true);
  });

  it("rejects a valued flag without its value, a repeated flag, a valued boolean", () => {
    expect(() => parse(["--seed"])).toThrow(/--seed needs a value \(--seed N\)/);
    expect(() => parse(["--out", "--json"])).toThrow(/--out needs a value/);
    expect(() => parse(["--json", "--json"])).toThrow(/given twice/);
    expect(() => parse(["--seed=1", "--seed", "2"])).toThrow(/given twice/);
    expect(() => parse(["--json=1"])).toThrow(/--json takes no value/);
    expect(() => parse(["--seed", "1x"])).toThrow(/--seed needs an integer, got '1x'/);
    expect(integerFlag(parse(["--seed", "-5"]), "seed", 1)).toBe(-5);
    expect(integerFlag(parse([]), "seed", 1)).toBe(1);
  });

  it("suggests the nearest flag for a mistyped one, and names the command", () => {
    expect(() => parse(["--sed", "1"])).toThrow(
      "unknown option --sed for 'arena play'; did you mean --seed? (see 'arena play --help')",
    );
    expect(() => parse(["--jsno"])).toThrow(/did you mean --json\?/);
    expect(() => parse(["--colour", "red"])).toThrow(/unknown option --colour for 'arena play' \(/);
    expect(() => parse(["-s", "1"])).toThrow(/unknown option -s for 'arena play'/);
  });
});

describe("closest", () => {
  it("finds a near miss or a prefix, and nothing for an unrelated word", () => {
    expect(closest("moneyhiest", ["moneyheist", "madmax"])).toBe("moneyheist");
    expect(closest("conf", ["config", "out"])).toBe("config");
    expect(closest("colour", ["config", "out", "seed"])).toBeUndefined();
  });
});

describe("flagsHelp", () => {
  it("lists each flag with its value placeholder and help, aligned", () => {
    const lines = flagsHelp(flags).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ {2}--seed N +the seed$/);
    expect(lines[2]).toMatch(/^ {2}--json +JSON output$/);
    expect(new Set(lines.map((line) => line.search(/ (the|where|JSON)/)))).toHaveLength(1);
  });
});
