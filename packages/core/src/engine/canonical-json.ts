import type { Json } from "./engine";

/**
 * JSON with object keys sorted, so that equal values always give the same text: what match ids,
 * replay end digests and queue signatures hash. Browser-safe.
 */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as Json)}`).join(",")}}`;
}
