import * as z from "zod/mini";

/** A JSON Schema document (draft 2020-12) as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** The schemas that describe one game's protocol, each with a description on every field. */
export interface ProtocolSchemas {
  /** The game's package name, e.g. `@arena/moneyheist` (the schema's `$id` is `<name>/schema.json`). */
  readonly module: string;
  /** The game's title, e.g. `Money Heist`. */
  readonly title: string;
  /**
   * The messages and objects of the protocol by name (`View`, `Settings`, `Order`, …), in the order
   * the README documents them.
   */
  readonly definitions: Readonly<Record<string, z.core.$ZodType>>;
}

/**
 * The published JSON Schema of a game's protocol: one document whose `$defs` hold every
 * definition (`#/$defs/View`, `#/$defs/Order`, …), generated from the zod schemas so the
 * validation, the TypeScript types and this file cannot differ.
 */
export function protocolJsonSchema(protocol: ProtocolSchemas): JsonSchema {
  const $defs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(protocol.definitions)) {
    const { $schema: _drop, ...definition } = z.toJSONSchema(schema, { unrepresentable: "throw" });
    $defs[name] = definition;
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `https://unpkg.com/${protocol.module}/dist/schema.json`,
    title: `${protocol.title} protocol`,
    description: `The JSON messages between the ${protocol.title} engine and a bot: ${Object.keys(
      protocol.definitions,
    ).join(", ")}. Every field is described; see $defs.`,
    $defs,
  };
}
