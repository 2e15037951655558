import { describe, expect, it } from "vitest";
import { CappedText } from "./capped-text";

describe("CappedText", () => {
  it("keeps everything under the cap, and nothing when nothing was written", () => {
    const c = new CappedText(64 * 1024);
    expect(c.text()).toBeUndefined();
    c.push(Buffer.from("hello "));
    c.push(Buffer.from("world"));
    expect(c.text()).toBe("hello world");
  });

  it("over the cap keeps the beginning and the last 8 KiB (a traceback at the end survives)", () => {
    const c = new CappedText(16 * 1024);
    const seen: string[] = [];
    c.listener = (text) => seen.push(text);
    c.push(Buffer.from("a".repeat(10 * 1024)));
    c.push(Buffer.from("b".repeat(20 * 1024)));
    c.push(Buffer.from("Traceback: boom"));
    const tail = `${"b".repeat(8 * 1024 - 15)}Traceback: boom`;
    const dropped = 30 * 1024 + 15 - 8 * 1024 - 8 * 1024;
    expect(c.text()).toBe(
      `${"a".repeat(8 * 1024)}\n[stderr truncated: ${dropped} bytes not kept]\n${tail}`,
    );
    expect(seen.join("")).toBe(`${"a".repeat(10 * 1024)}${"b".repeat(20 * 1024)}Traceback: boom`);
  });
});
