// Test helper (`@arena/core/testing`, Node-only): the tests that keep a game's published protocol
// schema the one source of truth. Every view, setting and order of a played match validates
// against the JSON Schema, the schema rejects the orders the game refuses, the built
// `dist/schema.json` is the schema, and the README's protocol tables are generated from it
// (`pnpm protocol-docs` rewrites them).
import { existsSync, readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type AnyEngine, type Json, OrderCollector } from "../engine/engine";
import { ArenaError } from "../engine/errors";
import type { JsonSchema } from "../protocol/json-schema";
import { PROTOCOL_MARKERS, protocolMarkdown, replaceProtocolSection } from "../protocol/markdown";

/** What one game's protocol-schema tests check: see `describeProtocolSchema`. */
export interface ProtocolSchemaTable {
  /** The game. */
  engine: AnyEngine;
  /** The game's `protocolJsonSchema()`. */
  schema: JsonSchema;
  /**
   * `import.meta.url` of the test file, in the package's `src/`: the built schema is
   * `../dist/schema.json` from it and the README `../README.md`.
   */
  testFile: string;
  /** The Demo match whose every message is validated: its seed, players and what it must show. */
  demo: {
    seed: number;
    players: number;
    /** The number of views the match shows (every player's, every step it moves). */
    views: number;
    /** The number of orders the Demo bots give: more than a number, or exactly one a view. */
    orders: { moreThan: number } | "one a view";
    /** Other messages of the protocol to validate, as [definition, sample]. */
    samples?: ReadonlyArray<readonly [string, Json]>;
  };
  /**
   * Orders the JSON Schema must reject. `parseOrder: "rejects"`: `engine.parseOrder` throws an
   * `ArenaError` for each too; `"lets through"`: it returns each as it is (the game answers it
   * on the wire with an error, as the original did).
   */
  invalidOrders: { orders: readonly unknown[]; parseOrder: "rejects" | "lets through" };
  /**
   * Inputs of `engine.parseOrder` and its error message for each (`"accepted"` for an input it
   * takes): the message names the field at fault. Omit when the game's messages are its own.
   */
  orderMessages?: ReadonlyArray<readonly [unknown, string]>;
}

/**
 * A function that throws, naming `where`, the errors and the value, when a value does not
 * validate against `#/$defs/<definition>` of `schema` (ajv, draft 2020-12, strict).
 */
export function schemaValidator(
  schema: JsonSchema,
  definition: string,
): (value: unknown, where: string) => void {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addSchema(schema);
  const validate = ajv.getSchema(`${String(schema.$id)}#/$defs/${definition}`);
  if (validate === undefined) throw new Error(`the schema has no definition ${definition}`);
  return (value: unknown, where: string) => {
    if (!validate(value))
      throw new Error(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value)}`);
  };
}

/**
 * Declares (with vitest's `describe`/`it`) the protocol-schema tests of one game from its `table`:
 * every view, setting and order of a Demo match validates against the JSON Schema (and, when the
 * game speaks its own protocol, every start message and command result, and the `samples`); the
 * schema rejects the `invalidOrders`; `parseOrder`'s messages are the `orderMessages`; the built
 * `dist/schema.json` is the schema (skipped when not built); the README's protocol tables are the
 * schema's.
 */
export function describeProtocolSchema(table: ProtocolSchemaTable): void {
  const { engine, schema, demo } = table;
  const validator = (definition: string) => schemaValidator(schema, definition);
  const built = new URL("../dist/schema.json", table.testFile);
  const readme = new URL("../README.md", table.testFile);
  const protocol = engine.protocol;

  describe("protocol schema", () => {
    const messages = protocol === undefined ? "view, setting and order" : "message";
    it(`every ${messages} of a Demo match validates against the JSON Schema`, () => {
      const view = validator("View");
      const order = validator("Order");
      const result = protocol?.result === undefined ? undefined : validator("Result");
      const match = engine.create(engine.defaultConfig(), demo.seed, demo.players);
      const players = Array.from({ length: demo.players }, (_, player) => player);
      const settings = engine.settingsJson(match);
      validator("Settings")(settings, "settings");
      if (protocol !== undefined) {
        for (const player of players)
          validator("Start")(protocol.start(match, player, settings), "start");
      }
      for (const [definition, sample] of demo.samples ?? []) {
        validator(definition)(sample, definition);
      }
      const bots = players.map(() => engine.bots.Demo!());
      let views = 0;
      let orders = 0;
      while (!match.isOver()) {
        const moving = match.toMove();
        // `step` takes every player's orders, empty for those not to move.
        const step = players.map((player) => {
          if (!moving.includes(player)) return [];
          view(match.viewJson(player), `round ${match.round()} view of ${player}`);
          views++;
          const collector = new OrderCollector<unknown>();
          bots[player]!.play(match.view(player), match.actions(player, collector));
          for (const given of collector.orders) order(given, `round ${match.round()} order`);
          orders += collector.orders.length;
          return collector.orders;
        });
        match.step(step);
        if (result !== undefined) {
          for (const player of moving) result(protocol!.result!(match, player), "result");
        }
      }
      expect(views).toBe(demo.views);
      if (demo.orders === "one a view") expect(orders).toBe(views);
      else expect(orders).toBeGreaterThan(demo.orders.moreThan);
    });

    const { orders: invalid, parseOrder } = table.invalidOrders;
    const title =
      parseOrder === "rejects"
        ? "the JSON Schema rejects what parseOrder rejects"
        : "the JSON Schema rejects invalid commands the wire lets through (answered with an error)";
    it(title, () => {
      const order = validator("Order");
      for (const bad of invalid) {
        if (parseOrder === "rejects") expect(() => engine.parseOrder(bad)).toThrow(ArenaError);
        else expect(engine.parseOrder(bad)).toEqual(bad);
        expect(() => order(bad, "bad")).toThrow();
      }
    });

    const orderMessages = table.orderMessages;
    if (orderMessages !== undefined) {
      it("parseOrder names the field at fault", () => {
        const message = (value: unknown) => {
          try {
            engine.parseOrder(value);
          } catch (error) {
            return (error as Error).message;
          }
          return "accepted";
        };
        for (const [value, expected] of orderMessages) expect(message(value)).toBe(expected);
      });
    }

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
}
