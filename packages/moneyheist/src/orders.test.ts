// parseOrder's plain path against the protocol's schema: the same orders, the same rejections.
import { parseWithSchema } from "@arena/core";
import { describeOrderParser, shuffledFields } from "@arena/core/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOrder } from "./orders";
import { Order } from "./protocol";

const schema = (value: unknown) => parseWithSchema(Order, value);

const holey = new Array<number>(3);
holey[0] = 1;
holey[2] = 2;

const near = fc.oneof(
  fc.constantFrom("d", "r", "u", "l", "x", "", "D", "move", "open", "charge", "heal", "fly"),
  fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), Number.NaN, Infinity),
  fc.integer({ min: -5, max: 100 }),
  fc.constantFrom(null, undefined, true, [], {}, "3"),
  fc.array(fc.oneof(fc.integer({ min: -3, max: 9 }), fc.constantFrom(0.5, "1", null, -0)), {
    maxLength: 6,
  }),
);

const direction = fc.constantFrom("d", "r", "u", "l");
const unit = fc.oneof(fc.integer({ min: -3, max: 90 }), fc.constantFrom(-0, 2 ** 53 - 1));

/** Well-formed orders of every kind, their fields in any order. */
const valid = shuffledFields(
  fc.oneof(
    fc.record({ unit, kind: fc.constant("move"), dir: direction }),
    fc.record({
      unit,
      kind: fc.constant("open"),
      dir: direction,
      solution: fc.array(fc.integer({ min: -2, max: 6 }), { maxLength: 16 }),
    }),
    fc.record({ unit, kind: fc.constantFrom("charge", "heal") }),
  ),
);

/** Near misses of each field (and of a field no order has). */
const wrong: { [key: string]: fc.Arbitrary<unknown> } = {
  unit: fc.oneof(fc.constantFrom(1.5, "3", 2 ** 53, -(2 ** 53), Number.NaN, Infinity, null), near),
  kind: fc.oneof(fc.constantFrom("fly", "", "Move", "move ", "opens", 0), near),
  dir: fc.oneof(fc.constantFrom("x", "", "D", "dd", "down", 1, null), near),
  solution: fc.oneof(
    fc.constantFrom([0.5], ["1"], [null], [1, -0, 2 ** 53], "0 1", new Array(1001).fill(0)),
    near,
  ),
  extra: near,
};

/** Each field, right or wrong, for objects shaped like orders. */
const fields = {
  unit: near,
  kind: fc.oneof(fc.constantFrom("move", "open", "charge", "heal"), near),
  dir: fc.oneof(fc.constantFrom("d", "r", "u", "l"), near),
  solution: fc.oneof(fc.array(fc.integer({ min: -2, max: 6 }), { maxLength: 16 }), near),
  extra: near,
};

describe("parseOrder", () => {
  describeOrderParser(parseOrder, schema, { valid, wrong, fields }, [
    ["a new object, fields in the schema's order", { dir: "d", kind: "move", unit: 3 }],
    ["-0 kept", { unit: -0, kind: "heal" }],
    ["the largest safe integer", { unit: 2 ** 53 - 1, kind: "charge" }],
    ["past the safe integers", { unit: 2 ** 53, kind: "charge" }],
    ["1000 labels", { unit: 1, kind: "open", dir: "u", solution: new Array(1000).fill(2) }],
    ["1001 labels", { unit: 1, kind: "open", dir: "u", solution: new Array(1001).fill(2) }],
    ["a hole among the labels", { unit: 1, kind: "open", dir: "u", solution: holey }],
    ["an inherited field", Object.assign(Object.create({ dir: "d" }), { unit: 1, kind: "heal" })],
    ["no prototype", Object.assign(Object.create(null), { unit: 1, kind: "heal" })],
    ["a field set to undefined", { unit: 1, kind: "heal", dir: undefined }],
    ["a move without its dir", { unit: 1, kind: "move", solution: [] }],
    ["a move to x", { unit: 1, kind: "move", dir: "x" }],
    ["an array with the fields", Object.assign([], { unit: 1, kind: "heal" })],
    [
      "an instance of a class",
      new (class {
        unit = 1;
        kind = "heal";
      })(),
    ],
  ]);

  it("copies: the order and its solution are new objects", () => {
    const value = { unit: 4, kind: "open", dir: "r", solution: [0, 1, 2] };
    const order = parseOrder(value);
    expect(order).toEqual(value);
    expect(order).not.toBe(value);
    expect((order as { solution: number[] }).solution).not.toBe(value.solution);
  });
});
