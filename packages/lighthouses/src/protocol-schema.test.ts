// The protocol schema is the one source of truth: the shared tests (`describeProtocolSchema`) run on
// this game's table of facts.
// Lighthouses speaks the original's own protocol: its start messages and command results are
// validated too, and its parseOrder lets invalid commands through (the original answers them).
import { describeProtocolSchema, schemaValidator } from "@arena/core/testing";
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import { parseOrder, protocolJsonSchema } from "./protocol";

const schema = protocolJsonSchema();

describeProtocolSchema({
  engine,
  schema,
  testFile: import.meta.url,
  demo: {
    seed: 1,
    players: 2,
    views: engine.defaultConfig().rounds * 2,
    orders: "one a view",
    samples: [["Greeting", { name: "MyBot" }]],
  },
  invalidOrders: {
    orders: [
      { command: "fly" },
      { command: "move", x: 2, y: 0 },
      { command: "attack", energy: -1 },
      { command: "connect", destination: [1] },
      { command: "pass", extra: 1 },
    ],
    parseOrder: "lets through",
  },
});

describe("protocol schema (Lighthouses)", () => {
  it("the neutral owner −1 option's messages validate too", () => {
    const match = engine.create({ ...engine.defaultConfig(), neutralOwner: -1 }, 1, 2);
    schemaValidator(schema, "View")(match.viewJson(0), "view");
    schemaValidator(schema, "Settings")(engine.settingsJson(match), "settings");
  });

  it("parseOrder refuses what is not a command at all", () => {
    expect(() => parseOrder([])).toThrow(/Invalid command structure/);
    expect(() => parseOrder({ name: "x" })).toThrow(/Invalid command structure/);
  });
});
