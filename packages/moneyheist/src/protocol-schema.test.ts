// The protocol schema is the one source of truth: the shared tests (`describeProtocolSchema`) run on
// this game's table of facts.
import { describeProtocolSchema } from "@arena/core/testing";
import { engine } from "./engine";
import { protocolJsonSchema } from "./protocol";

describeProtocolSchema({
  engine,
  schema: protocolJsonSchema(),
  testFile: import.meta.url,
  demo: { seed: 7, players: 4, views: 200 * 4, orders: { moreThan: 1000 } },
  invalidOrders: {
    orders: [
      { unit: 1, kind: "move", dir: "x" },
      { unit: 1, kind: "fly" },
      { unit: 1, kind: "charge", extra: 1 },
      { unit: 0, kind: "open", dir: "u", solution: [0.5] },
    ],
    parseOrder: "rejects",
  },
  orderMessages: [
    [3, "an order must be a JSON object"],
    [{ unit: 1, kind: "move", dir: "x" }, "'dir' must be one of d, r, u, l"],
    [{ unit: 1, kind: "fly" }, "'kind' must be one of move, open, charge, heal"],
    [{ unit: "1", kind: "heal" }, "'unit' must be an integer"],
    [{ unit: 1, kind: "heal", x: 1 }, "unexpected field 'x'"],
    [
      { unit: 0, kind: "open", dir: "u", solution: [0, "a"] },
      "'solution' must be a list of integers",
    ],
  ],
});
