import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ArenaError } from "../engine/errors";
import { protocolJsonSchema } from "./json-schema";
import { PROTOCOL_MARKERS, protocolMarkdown, replaceProtocolSection } from "./markdown";
import { parseWithSchema } from "./parse-with-schema";

const Order = z
  .discriminatedUnion("kind", [
    z
      .strictObject({
        unit: z.int().describe("a unit id"),
        kind: z.literal("move").describe("move"),
        dir: z.enum(["u", "d"]).describe("u up, d down"),
      })
      .describe("`move`"),
    z
      .strictObject({
        unit: z.int().describe("a unit id"),
        kind: z.literal("wait").describe("wait"),
      })
      .describe("`wait`"),
  ])
  .describe("One order.");
const View = z
  .strictObject({
    round: z.int().min(0).describe("the round"),
    units: z
      .array(z.strictObject({ id: z.int().describe("its id") }).describe("a unit"))
      .describe("every unit"),
  })
  .describe("A view.");
const schemas = { module: "@arena/test", title: "Test", definitions: { View, Order } };

const messageOf = (value: unknown): string => {
  try {
    parseWithSchema(Order, value);
  } catch (error) {
    expect(error).toBeInstanceOf(ArenaError);
    expect((error as ArenaError).code).toBe("BAD_ORDER");
    return (error as Error).message;
  }
  return "accepted";
};

describe("parseWithSchema", () => {
  it("names the field at fault in the house wording", () => {
    expect(messageOf("x")).toBe("an order must be a JSON object");
    expect(messageOf({ unit: 1, kind: "fly" })).toBe("'kind' must be move or wait");
    expect(messageOf({ unit: 1, kind: "move", dir: "l" })).toBe("'dir' must be u or d");
    expect(messageOf({ unit: 1.5, kind: "wait" })).toBe("'unit' must be an integer");
    expect(messageOf({ unit: 1, kind: "wait", speed: 1 })).toBe("unexpected field 'speed'");
    expect(messageOf({ unit: 1, kind: "move", dir: "u" })).toBe("accepted");
  });
});

describe("protocol documents", () => {
  it("the JSON Schema has every definition under $defs, with descriptions", () => {
    const schema = protocolJsonSchema(schemas);
    expect(schema.$id).toBe("https://unpkg.com/@arena/test/dist/schema.json");
    const defs = schema.$defs as Record<string, { description?: string }>;
    expect(Object.keys(defs)).toEqual(["View", "Order"]);
    expect(defs.View!.description).toBe("A view.");
  });

  it("renders a table per object and per form of a union, nested fields as a[].b", () => {
    const markdown = protocolMarkdown(protocolJsonSchema(schemas));
    expect(markdown).toContain("| `round` | `integer ≥ 0` | the round |");
    expect(markdown).toContain("| `units[].id` | `integer` | its id |");
    expect(markdown).toContain('| `dir` | `"u" \\| "d"` | u up, d down |');
    expect(markdown.match(/\| Field \| Type \| Meaning \|/g)).toHaveLength(3);
  });

  it("a field without a description is an error", () => {
    const bare = { ...schemas, definitions: { View: z.strictObject({ round: z.int() }) } };
    expect(() => protocolMarkdown(protocolJsonSchema(bare))).toThrow(
      /field 'round' has no description/,
    );
  });

  it("replaces only the text between the markers, and needs them", () => {
    const readme = `# T\n\nbefore\n${PROTOCOL_MARKERS.begin}\nold\n${PROTOCOL_MARKERS.end}\nafter\n`;
    const next = replaceProtocolSection(readme, "NEW", "README.md");
    expect(next).toBe(
      `# T\n\nbefore\n${PROTOCOL_MARKERS.begin}\n\nNEW\n\n${PROTOCOL_MARKERS.end}\nafter\n`,
    );
    expect(replaceProtocolSection(next, "NEW", "README.md")).toBe(next);
    expect(() => replaceProtocolSection("# T\n", "NEW", "README.md")).toThrow(
      /README.md: no protocol section/,
    );
  });
});
