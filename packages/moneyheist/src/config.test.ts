import { describe, expect, it } from "vitest";
import { defaultConfig, PARAMETERS, parseConfig } from "./config";

const text = () =>
  `MoneyHeist 1.0\n\n${PARAMETERS.map(([name, key]) => `${name}\t\t${defaultConfig()[key]}`).join("\n")}\n\nRANDOM\n`;

describe("parseConfig", () => {
  it("reads every parameter", () => {
    expect(parseConfig(text(), "a.cnf")).toEqual(defaultConfig());
    const changed = parseConfig(text().replace(/NUM_ROUNDS\t\t200/, "NUM_ROUNDS 50"), "a.cnf");
    expect(changed.numRounds).toBe(50);
  });

  it.each([
    [
      (t: string) => t.replace("MoneyHeist 1.0", "MadMax 1.0"),
      /a\.cnf:1: expected the header 'MoneyHeist 1.0'/,
    ],
    [
      (t: string) => t.replace("NUM_ROUNDS\t\t200", "NUM_ROUNDS\t\tmany"),
      /a\.cnf:4: NUM_ROUNDS needs one integer value/,
    ],
    [(t: string) => t.replace("NUM_MONEY\t\t20\n", ""), /a\.cnf: missing parameter NUM_MONEY/],
    [
      (t: string) => t.replace("BOARD_ROWS\t\t60", "BOARD_ROWS\t\t50"),
      /a\.cnf:5: BOARD_ROWS must be 60/,
    ],
    [
      (t: string) => t.replace("GOLD_VALUE\t\t200", "GOLD_VALUE\t\t10"),
      /GOLD_VALUE must exceed MAX_MONEY_VALUE/,
    ],
    [
      (t: string) => t.replace("SIZE_HINTS_PER_BOX\t\t15", "SIZE_HINTS_PER_BOX\t\t14"),
      /SIZE_HINTS_PER_BOX must be a positive multiple of 3/,
    ],
    [(t: string) => t.replace("RANDOM", "FIXED"), /FIXED generator is not supported/],
    [(t: string) => t.replace("RANDOM\n", ""), /missing the generator word RANDOM/],
    [(t: string) => t.replace("NUM_MONEY", "NUM_HONEY"), /unknown parameter 'NUM_HONEY'/],
    [
      (t: string) => `${t.replace("RANDOM\n", "")}NUM_MONEY 3\nRANDOM\n`,
      /NUM_MONEY is given twice/,
    ],
  ])("rejects a malformed config naming line and parameter (%#)", (edit, message) => {
    expect(() => parseConfig(edit(text()), "a.cnf")).toThrow(message);
  });
});
