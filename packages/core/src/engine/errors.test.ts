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
