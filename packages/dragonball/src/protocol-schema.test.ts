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
import { type DragonBallOrder, protocolJsonSchema } from "./protocol";

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
        const collector = new OrderCollector<DragonBallOrder>();
        bots[player]!.play(match.view(player), match.actions(player, collector));
        for (const given of collector.orders) order(given, `round ${match.round()} order`);
        orders += collector.orders.length;
        return collector.orders;
      });
      match.step(step);
    }
    expect(views).toBe(engine.defaultConfig().params.nb_rounds * 4);
    expect(orders).toBeGreaterThan(500);
  });

  it("the JSON Schema rejects what parseOrder rejects", () => {
    const order = validator("Order");
    for (const bad of [
      { kind: "fly", dir: "t" },
      { kind: "move", dir: "up" },
      { kind: "move", dir: "t", power: 9 },
      { dir: "t" },
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
    expect(message([])).toBe("an action must be a JSON object");
    expect(message({ kind: "fly", dir: "t" })).toBe("'kind' must be move or throw");
    expect(message({ kind: "move", dir: "up" })).toBe("'dir' must be one of n, t, b, l, r");
    expect(message({ kind: "move", dir: "t", power: 9 })).toBe("unexpected field 'power'");
    expect(message({ kind: "throw", dir: "n" })).toBe("accepted");
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
