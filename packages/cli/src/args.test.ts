import { describe, expect, it } from "vitest";
import { checkFlags, integerFlag, parseArgs } from "./args";

const booleans = new Set(["json", "debug"]);

describe("parseArgs", () => {
  it("splits positionals, valued flags in both spellings, and booleans", () => {
    const args = parseArgs(
      ["moneyheist", "Demo", "--seed", "7", "--out=a.arena", "--json", "Null"],
      booleans,
    );
    expect(args.positionals).toEqual(["moneyheist", "Demo", "Null"]);
    expect(args.flags.get("seed")).toBe("7");
    expect(args.flags.get("out")).toBe("a.arena");
    expect(args.flags.get("json")).toBe(true);
  });

  it("keeps everything after -- as positionals", () => {
    const args = parseArgs(["x", "--", "--weird", "-a"], booleans);
    expect(args.positionals).toEqual(["x", "--weird", "-a"]);
  });

  it("rejects a valued flag without its value, a repeated flag, and single-dash options", () => {
    expect(() => parseArgs(["--seed"], booleans)).toThrow(/--seed needs a value/);
    expect(() => parseArgs(["--seed", "--json"], booleans)).toThrow(/--seed needs a value/);
    expect(() => parseArgs(["--json", "--json"], booleans)).toThrow(/given twice/);
    expect(() => parseArgs(["-s", "1"], booleans)).toThrow(/unknown option '-s'/);
    expect(() => parseArgs(["--json=1"], booleans)).toThrow(/takes no value/);
  });

  it("checks flags against a command's set and integers strictly", () => {
    const args = parseArgs(["--seed", "1x", "--colour", "red"], booleans);
    expect(() => checkFlags(args, new Set(["seed"]), "play")).toThrow(
      /unknown option --colour for 'arena play'/,
    );
    expect(() => integerFlag(args, "seed", 1)).toThrow(/--seed needs an integer, got '1x'/);
    expect(integerFlag(parseArgs(["--seed", "-5"], booleans), "seed", 1)).toBe(-5);
    expect(integerFlag(parseArgs([], booleans), "seed", 1)).toBe(1);
  });
});
