// The protocol schema is the one source of truth: the shared tests (`describeProtocolSchema`) run on
// this game's table of facts.
import { describeProtocolSchema } from "@arena/core/testing";
import { engine } from "./engine";
import { protocolJsonSchema } from "./protocol";

describeProtocolSchema({
  engine,
  schema: protocolJsonSchema(),
  testFile: import.meta.url,
  demo: { seed: 7, players: 4, views: 500 * 4, orders: { moreThan: 1000 } },
  invalidOrders: {
    orders: [
      { unit: 1, dir: "q" },
      { unit: 1.5, dir: "b" },
      { unit: 1, dir: "b", speed: 2 },
      { dir: "b" },
    ],
    parseOrder: "rejects",
  },
  orderMessages: [
    [[], "an order must be a JSON object"],
    [{ unit: 1, dir: "q" }, "'dir' must be one of b, w, r, x, t, y, l, z, n"],
    [{ unit: "1", dir: "b" }, "'unit' must be an integer"],
    [{ unit: 1, dir: "b", speed: 2 }, "unexpected field 'speed'"],
    [{ unit: 1, dir: "b" }, "accepted"],
  ],
});
