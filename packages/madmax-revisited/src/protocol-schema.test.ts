// The protocol schema is the one source of truth: every view, setting and order of a played match
// validates against the published JSON Schema, and the README's protocol tables are generated
// from it (`pnpm protocol-docs` rewrites them).
import { existsSync, readFileSync } from "node:fs";
import {
  ArenaError,
  OrderCollector,
  PROTOCOL_MARKERS,
  protocolMarkdown,
  replaceProtocolSection,
} from "@arena/core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import { parseOrder } from "./orders";
import { type MadMaxRevisitedOrder, protocolJsonSchema } from "./protocol";

const schema = protocolJsonSchema();
const built = new URL("../dist/schema.json", import.meta.url);
const readme = new URL("../README.md", import.meta.url);

function validator(definition: string) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addSchema(schema);
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${definition}`)!;
  return (value: unknown, where: string) => {
    if (!validate(value))
      throw new Error(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value)}`);
  };
}

describe("protocol schema", () => {
  it("every view, setting and order of a Demo match validates against the JSON Schema", () => {
    const view = validator("View");
    const order = validator("Order");
    const match = engine.create(engine.defaultConfig(), 7, 4);
    validator("Settings")(engine.settingsJson(match), "settings");
    const bots = [0, 1, 2, 3].map(() => engine.bots.Demo!());
    let views = 0;
    let orders = 0;
    while (!match.isOver()) {
      const step = match.toMove().map((player) => {
        view(match.viewJson(player), `round ${match.round()} view of ${player}`);
        views++;
        const collector = new OrderCollector<MadMaxRevisitedOrder>();
        bots[player]!.play(match.view(player), match.actions(player, collector));
        for (const given of collector.orders) order(given, `round ${match.round()} order`);
        orders += collector.orders.length;
        return collector.orders;
      });
      match.step(step);
    }
    expect(views).toBe(300 * 4);
    expect(orders).toBeGreaterThan(300);
  });

  it("the JSON Schema rejects what parseOrder rejects", () => {
    const order = validator("Order");
    for (const bad of [
      { car: 1, kind: "fly" },
      { car: 1, kind: "move", dir: [2, 0] },
      { car: 1, kind: "move", dir: [0, 1], speed: 3 },
      { car: 1.5, kind: "shoot" },
    ]) {
      expect(() => parseOrder(bad)).toThrow(ArenaError);
      expect(() => order(bad, "bad")).toThrow();
    }
  });

  it("parseOrder names the field at fault", () => {
    const message = (value: unknown) => {
      try {
        parseOrder(value);
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(message([])).toBe("an order must be a JSON object");
    expect(message({ car: 1, kind: "fly" })).toBe("'kind' must be move or shoot");
    expect(message({ car: "1", kind: "shoot" })).toBe("'car' must be an integer");
    expect(message({ car: 1, kind: "move", dir: [2, 0] })).toBe(
      "'dir' must be [di, dj] with di in −1..1 and dj in 0..2",
    );
    expect(message({ car: 1, kind: "move", dir: [0] })).toBe(
      "'dir' must be [di, dj] with di in −1..1 and dj in 0..2",
    );
    expect(message({ car: 1, kind: "move", dir: [0, 1], speed: 3 })).toBe(
      "unexpected field 'speed'",
    );
    expect(message({ car: 1, kind: "move", dir: [-1, 2] })).toBe("accepted");
  });

  it("the built dist/schema.json is the schema", (context) => {
    if (!existsSync(built)) context.skip("dist/schema.json not built");
    expect(JSON.parse(readFileSync(built, "utf8"))).toEqual(schema);
  });

  it("the README's protocol tables are the schema's (run `pnpm protocol-docs` after a change)", () => {
    const text = readFileSync(readme, "utf8");
    expect(text).toContain(PROTOCOL_MARKERS.begin);
    expect(text).toBe(replaceProtocolSection(text, protocolMarkdown(schema), "README.md"));
  });
});
