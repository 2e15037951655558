// Compare mode's check of two files: one game (two games are refused when they are opened,
// opened-files.ts), and a note saying where they differ — seed, map, config — so that a match is
// never compared with another one's without a word.
import type { Json } from "@arena/core";
import type { SourceIdentity } from "./source";
import type { Opened } from "./viewer-state";

/** Config keys that hold the board itself: a difference there is "the map". */
const MAP_KEYS = new Set(["map", "board", "maze", "grid"]);

/** A value in a few characters. */
const short = (value: Json | undefined): string => {
  const text = JSON.stringify(value) ?? "none";
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
};

const isRecord = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Where two configs differ: `map` for a key that holds the board, `key a ≠ b` for a value, and
 * one level into objects of parameters (`params.nb_rounds 500 ≠ 100`).
 */
export function configDifferences(a: Json | undefined, b: Json | undefined, path = ""): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (!isRecord(a) || !isRecord(b) || path.split(".").length >= 2)
    return [`${path || "config"} ${short(a)} ≠ ${short(b)}`];
  const out: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const child = path === "" ? key : `${path}.${key}`;
    if (MAP_KEYS.has(key)) {
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out.push(`the map (${child})`);
    } else out.push(...configDifferences(a[key], b[key], child));
  }
  return out;
}

/** Where two matches of one game differ (none: an empty list). */
export function identityDifferences(a: SourceIdentity, b: SourceIdentity): string[] {
  const out: string[] = [];
  if (a.game !== b.game) out.push(`the game (${a.game} ≠ ${b.game})`);
  if (a.seed === undefined || b.seed === undefined) {
    if (a.seed !== b.seed) out.push("the seed (a .res does not record it)");
  } else if (a.seed !== b.seed) out.push(`the seed (${a.seed} ≠ ${b.seed})`);
  const config = configDifferences(a.config, b.config);
  if (config.length > 0)
    out.push(
      `the config: ${config.slice(0, 6).join(", ")}${config.length > 6 ? `, … ${config.length - 6} more` : ""}`,
    );
  return out;
}

/** The note shown when comparing two files: where they differ, or that they do not. */
export function compareNote(opened: readonly Opened[]): string | undefined {
  if (opened.length !== 2) return undefined;
  const [a, b] = opened.map((o) => o.source.identity) as [SourceIdentity, SourceIdentity];
  const differences = identityDifferences(a, b);
  return differences.length === 0
    ? "A and B: the same game, seed and config (only the players differ)"
    : `A and B differ in ${differences.join("; ")}`;
}
