// The protocol schema is the one source of truth: the shared tests (`describeProtocolSchema`) run on
// this game's table of facts.
import { describeProtocolSchema } from "@arena/core/testing";
import { engine } from "./engine";
import { protocolJsonSchema } from "./protocol";

describeProtocolSchema({
  engine,
  schema: protocolJsonSchema(),
  testFile: import.meta.url,
  demo: {
    seed: 7,
    players: 4,
    views: engine.defaultConfig().params.nb_rounds * 4,
    orders: { moreThan: 500 },
  },
  invalidOrders: {
    orders: [
      { kind: "fly", dir: "t" },
      { kind: "move", dir: "up" },
      { kind: "move", dir: "t", power: 9 },
      { dir: "t" },
    ],
    parseOrder: "rejects",
  },
  orderMessages: [
    [[], "an action must be a JSON object"],
    [{ kind: "fly", dir: "t" }, "'kind' must be move or throw"],
    [{ kind: "move", dir: "up" }, "'dir' must be one of n, t, b, l, r"],
    [{ kind: "move", dir: "t", power: 9 }, "unexpected field 'power'"],
    [{ kind: "throw", dir: "n" }, "accepted"],
  ],
});
