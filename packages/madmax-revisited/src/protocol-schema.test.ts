// The protocol schema is the one source of truth: the shared tests (`describeProtocolSchema`) run on
// this game's table of facts.
import { describeProtocolSchema } from "@arena/core/testing";
import { engine } from "./engine";
import { protocolJsonSchema } from "./protocol";

const badDir = "'dir' must be [di, dj] with di in −1..1 and dj in 0..2";

describeProtocolSchema({
  engine,
  schema: protocolJsonSchema(),
  testFile: import.meta.url,
  demo: { seed: 7, players: 4, views: 300 * 4, orders: { moreThan: 300 } },
  invalidOrders: {
    orders: [
      { car: 1, kind: "fly" },
      { car: 1, kind: "move", dir: [2, 0] },
      { car: 1, kind: "move", dir: [0, 1], speed: 3 },
      { car: 1.5, kind: "shoot" },
    ],
    parseOrder: "rejects",
  },
  orderMessages: [
    [[], "an order must be a JSON object"],
    [{ car: 1, kind: "fly" }, "'kind' must be move or shoot"],
    [{ car: "1", kind: "shoot" }, "'car' must be an integer"],
    [{ car: 1, kind: "move", dir: [2, 0] }, badDir],
    [{ car: 1, kind: "move", dir: [0] }, badDir],
    [{ car: 1, kind: "move", dir: [0, 1], speed: 3 }, "unexpected field 'speed'"],
    [{ car: 1, kind: "move", dir: [-1, 2] }, "accepted"],
  ],
});
