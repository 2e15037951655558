import { describe, expect, it } from "vitest";
import { ArenaError } from "./errors";

describe("ArenaError", () => {
  it("is recognised across copies of the package (the cli's bundle and an installed package)", async () => {
    // A second copy of the module: another class object, as in a second installed @arena/core.
    const path = "./errors?copy";
    const copy = (await import(/* @vite-ignore */ path)) as typeof import("./errors");
    expect(copy.ArenaError).not.toBe(ArenaError);
    const theirs = new copy.ArenaError("BAD_CONFIG", "x is wrong", { file: "a.cnf" });
    expect(theirs).toBeInstanceOf(ArenaError);
    expect(new ArenaError("BAD_CONFIG", "y")).toBeInstanceOf(copy.ArenaError);
    expect(new Error("plain")).not.toBeInstanceOf(ArenaError);
    expect({ code: "BAD_CONFIG", name: "ArenaError" }).not.toBeInstanceOf(ArenaError);
  });

  it("keeps subclasses apart: an ArenaError is not an instance of a subclass", () => {
    class Special extends ArenaError {}
    const special = new Special("X", "special");
    expect(special).toBeInstanceOf(ArenaError);
    expect(special).toBeInstanceOf(Special);
    expect(new ArenaError("X", "plain")).not.toBeInstanceOf(Special);
    expect(special.message).toBe("special");
  });
});

describe("an error message quotes a short excerpt of the input", () => {
  it("a quote of 8 MB becomes 80 characters and its length, in linear time, whatever the quotes", () => {
    const line = `${"x".repeat(4_000_000)} ${"y".repeat(4_000_000)}`;
    const error = new ArenaError("BAD_CONFIG", `expected 'MoneyHeist 1.0', found '${line}'`, {
      file: "long.cnf",
      line: 1,
    });
    expect(error.message).toBe(
      `long.cnf:1: expected 'MoneyHeist 1.0', found '${"x".repeat(79)}… (8000001 characters)'`,
    );
    const quotes = new ArenaError("BAD_CONFIG", `found '${"'a".repeat(2_000_000)}'`);
    expect(quotes.message.length).toBeLessThan(1100);
    const double = new ArenaError("BAD_ORDER", `bad order "${"z".repeat(100)}" here`);
    expect(double.message).toBe(`bad order "${"z".repeat(79)}… (100 characters)" here`);
  });

  it("short quotes, unmatched quotes and several lines are kept as they are", () => {
    const text = "expected 'a', found 'b'\nit's fine\n";
    expect(new ArenaError("X", text).message).toBe(text);
  });
});
