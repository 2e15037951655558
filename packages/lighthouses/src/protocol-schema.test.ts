// The protocol schema is the one source of truth: every view, setting and order of a played match
// validates against the published JSON Schema, and the README's protocol tables are generated
// from it (`pnpm protocol-docs` rewrites them).
import { existsSync, readFileSync } from "node:fs";
import {
  OrderCollector,
  PROTOCOL_MARKERS,
  protocolMarkdown,
  replaceProtocolSection,
} from "@arena/core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { engine, protocol } from "./engine";
import { parseOrder, protocolJsonSchema } from "./protocol";
import type { LighthousesOrder } from "./types";

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
  it("every message of a Demo match validates against the JSON Schema", () => {
    const view = validator("View");
    const order = validator("Order");
    const result = validator("Result");
    const match = engine.create(engine.defaultConfig(), 1, 2);
    validator("Settings")(engine.settingsJson(match), "settings");
    for (const player of [0, 1])
      validator("Start")(protocol.start(match, player, engine.settingsJson(match)), "start");
    validator("Greeting")({ name: "MyBot" }, "greeting");
    const bots = [0, 1].map(() => engine.bots.Demo!());
    let views = 0;
    let orders = 0;
    while (!match.isOver()) {
      const moving = match.toMove();
      const step = [0, 1].map((player) => {
        if (!moving.includes(player)) return [];
        view(match.viewJson(player), `round ${match.round()} view of ${player}`);
        views++;
        const collector = new OrderCollector<LighthousesOrder>();
        bots[player]!.play(match.view(player), match.actions(player, collector));
        for (const given of collector.orders) order(given, `round ${match.round()} order`);
        orders += collector.orders.length;
        return collector.orders;
      });
      match.step(step);
      for (const player of moving) result(protocol.result!(match, player), "result");
    }
    expect(views).toBe(engine.defaultConfig().rounds * 2);
    expect(orders).toBe(views);
  });

  it("the neutral owner −1 option's messages validate too", () => {
    const match = engine.create({ ...engine.defaultConfig(), neutralOwner: -1 }, 1, 2);
    validator("View")(match.viewJson(0), "view");
    validator("Settings")(engine.settingsJson(match), "settings");
  });

  it("the JSON Schema rejects invalid commands the wire lets through (answered with an error)", () => {
    const order = validator("Order");
    for (const bad of [
      { command: "fly" },
      { command: "move", x: 2, y: 0 },
      { command: "attack", energy: -1 },
      { command: "connect", destination: [1] },
      { command: "pass", extra: 1 },
    ]) {
      expect(parseOrder(bad)).toEqual(bad);
      expect(() => order(bad, "bad")).toThrow();
    }
    expect(() => parseOrder([])).toThrow(/Invalid command structure/);
    expect(() => parseOrder({ name: "x" })).toThrow(/Invalid command structure/);
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
