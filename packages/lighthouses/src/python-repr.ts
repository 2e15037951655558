/**
 * Python's `repr` of a JSON value, for the original's message "Invalid command %r"
 * (e.g. `'foo'`, `5`, `None`, `['a', 1]`).
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < 1e16) return String(value);
    const text = String(value);
    return /[.e]/.test(text) ? text : `${text}.0`;
  }
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`).join(", ")}}`;
  }
  return String(value);
}

function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code >= 0x80 && code < 0xa0) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + quote;
}
