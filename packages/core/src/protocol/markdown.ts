import { ArenaError } from "../engine/errors";
import type { JsonSchema } from "./json-schema";

/** The markers between which a README holds the generated protocol tables. */
export const PROTOCOL_MARKERS = {
  begin: "<!-- protocol:begin (generated from src/protocol.ts: do not edit by hand) -->",
  end: "<!-- protocol:end -->",
} as const;

const SAFE = Number.MAX_SAFE_INTEGER;

const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The type of a schema as one short expression: `integer ≥ 0`, `"d" | "u"`, `[integer, integer]`. */
function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map(typeOf).join(" | ");
  switch (schema.type) {
    case "array": {
      if (Array.isArray(schema.prefixItems))
        return `[${(schema.prefixItems as JsonSchema[]).map(typeOf).join(", ")}]`;
      const items = typeOf((schema.items ?? {}) as JsonSchema);
      return items.includes(" ") ? `(${items})[]` : `${items}[]`;
    }
    case "integer":
    case "number": {
      const low = schema.minimum as number | undefined;
      const high = schema.maximum as number | undefined;
      const bounded = (v: number | undefined) => v !== undefined && Math.abs(v) < SAFE;
      if (bounded(low) && bounded(high)) return `${schema.type} ${low}..${high}`;
      if (bounded(low)) return `${schema.type} ≥ ${low}`;
      if (bounded(high)) return `${schema.type} ≤ ${high}`;
      return schema.type;
    }
    case undefined:
      return "any JSON";
    default:
      return String(schema.type);
  }
}

/** Rows `| field | type | description |` for an object's properties, nested ones as `a.b` / `a[].b`. */
function rows(schema: JsonSchema, prefix: string, out: string[]): void {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  for (const [key, property] of Object.entries(properties)) {
    const path = `${prefix}${key}`;
    if (typeof property.description !== "string" || property.description === "")
      throw new ArenaError("BAD_SCHEMA", `field '${path}' has no description`);
    const optional = required.has(key) ? "" : " (optional)";
    out.push(
      `| \`${path}\` | \`${cell(typeOf(property))}\` | ${cell(property.description)}${optional} |`,
    );
    if (property.type === "object") rows(property, `${path}.`, out);
    const items = property.items as JsonSchema | undefined;
    if (property.type === "array" && items?.type === "object") rows(items, `${path}[].`, out);
  }
}

function table(schema: JsonSchema): string[] {
  const out = ["| Field | Type | Meaning |", "| --- | --- | --- |"];
  rows(schema, "", out);
  return out;
}

/**
 * The protocol tables of a game, as Markdown: one section per definition of its JSON Schema, a
 * table per object (one per form of a union, e.g. each kind of order), every field with its type
 * and description. Throws `ArenaError("BAD_SCHEMA")` if a field has no description.
 */
export function protocolMarkdown(schema: JsonSchema): string {
  const out: string[] = [];
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [name, def] of Object.entries(defs)) {
    out.push(`#### \`${name}\``, "");
    if (typeof def.description === "string") out.push(def.description, "");
    const forms = (def.oneOf ?? def.anyOf) as JsonSchema[] | undefined;
    if (forms) {
      for (const form of forms) {
        if (typeof form.description === "string") out.push(`${form.description}`, "");
        out.push(...table(form), "");
      }
    } else if (def.type === "object") out.push(...table(def), "");
    else out.push(`Type: \`${cell(typeOf(def))}\``, "");
  }
  return out.join("\n").trimEnd();
}

/**
 * `readme` with the text between the protocol markers replaced by `markdown`. Throws
 * `ArenaError("BAD_README")` naming `source` when the markers are missing.
 */
export function replaceProtocolSection(readme: string, markdown: string, source: string): string {
  const begin = readme.indexOf(PROTOCOL_MARKERS.begin);
  const end = readme.indexOf(PROTOCOL_MARKERS.end);
  if (begin < 0 || end < begin)
    throw new ArenaError(
      "BAD_README",
      `no protocol section: add the lines '${PROTOCOL_MARKERS.begin}' and '${PROTOCOL_MARKERS.end}'`,
      { file: source },
    );
  return `${readme.slice(0, begin + PROTOCOL_MARKERS.begin.length)}\n\n${markdown}\n\n${readme.slice(end)}`;
}
