/** Small text-formatting helpers for the cli's human output. */
import { formatBytes } from "@arena/core";

/** `1234` → `1.2 kB`, for file sizes. */
export { formatBytes };

/** Milliseconds as seconds with two decimals: `1234` → `1.23 s`. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Renders rows as left/right-aligned columns; `right[i]` aligns column i to the right. */
export function table(rows: readonly (readonly string[])[], right: readonly boolean[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

// The characters a terminal may act on: C0, DEL, C1 (U+009B is a one-character CSI), line separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const rawInJson = /[\u007f-\u009f\u2028\u2029]/g;

/**
 * `text` with every control character escaped (`\n`, `\t`, `\x1b`, `\u009b`, …), so that text
 * from bots and files (names, fault reasons, stderr, config fields) cannot move the cursor, change
 * colours or otherwise drive the user's terminal, and a message stays on one line.
 */
export function escapeControl(text: string): string {
  return text.replace(controlCharacters, (char) => {
    const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    const code = char.charCodeAt(0);
    return (
      named[char] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`)
    );
  });
}

/**
 * JSON text of `value` (2-space indented) in which the control characters JSON leaves raw
 * (DEL and the C1 range, U+2028/9) are `\u` escapes too: still the same JSON, and safe to print.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    rawInJson,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The last `lines` lines of a bot's output (e.g. a Python traceback), each escaped with
 * `escapeControl` and indented under a `|`, for the results table after a fault.
 */
export function outputTail(text: string, lines = 12): string {
  const all = text.replace(/\n+$/, "").split("\n");
  const shown = all.slice(-lines);
  const skipped = all.length - shown.length;
  return [
    ...(skipped > 0 ? [`  | … (${skipped} earlier line${skipped === 1 ? "" : "s"})`] : []),
    ...shown.map((line) => `  | ${escapeControl(line)}`),
  ].join("\n");
}
