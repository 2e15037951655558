import { describe, expect, it } from "vitest";
import { ByteText } from "./byte-text";

const text = (out: ByteText): string => new TextDecoder("latin1").decode(out.bytes());

describe("ByteText", () => {
  it("writes numbers as String() does", () => {
    const values = [
      0,
      -0,
      7,
      -7,
      10,
      99,
      100,
      12345,
      -98765,
      999_999_999,
      1_000_000_000,
      -(2 ** 40),
    ];
    const more = [0.5, -0.25, 1 / 3, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31 - 1];
    for (const value of [...values, ...more]) {
      expect(text(new ByteText(1).number(value))).toBe(String(value));
    }
  });

  it("grows past its capacity and joins like Array.join", () => {
    const out = new ByteText(2);
    const values = Array.from({ length: 500 }, (_, k) => k * 37 - 4000);
    out.text("row ").join(values, 9).byte(10);
    expect(text(out)).toBe(`row ${values.join("\t")}\n`);
    const at = out.reserve(3);
    out.view().set([65, 66, 67], at);
    expect(text(out).endsWith("\nABC")).toBe(true);
    expect(out.length).toBe(out.bytes().length);
    expect(out.length).toBeGreaterThan(500);
    expect(text(out.clear().text("x"))).toBe("x");
    expect(out.length).toBe(1);
  });

  it("writes a cell index as its row and column", () => {
    const out = new ByteText();
    out
      .cell(0, 60, 9)
      .byte(32)
      .cell(59, 60, 32)
      .byte(32)
      .cell(60 * 37 + 12, 60, 9);
    expect(text(out)).toBe("0\t0 0 59 37\t12");
  });
});
