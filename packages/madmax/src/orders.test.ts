// parseOrder's plain path against the protocol's schema: the same orders, the same rejections.
import { parseWithSchema } from "@arena/core";
import { describeOrderParser, shuffledFields } from "@arena/core/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOrder } from "./orders";
import { Order } from "./protocol";

const schema = (value: unknown) => parseWithSchema(Order, value);

const LETTERS = ["b", "w", "r", "x", "t", "y", "l", "z", "n"];

const near = fc.oneof(
  fc.constantFrom(...LETTERS, "d", "u", "", "B", "bw", "toString", "__proto__"),
  fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), Number.NaN, Infinity),
  fc.integer({ min: -5, max: 100 }),
  fc.constantFrom(null, undefined, true, [], {}, "3"),
);

const direction = fc.constantFrom(...LETTERS);
const unit = fc.oneof(fc.integer({ min: -3, max: 100 }), fc.constantFrom(-0, 2 ** 53 - 1));

/** Well-formed orders, their fields in either order. */
const valid = shuffledFields(fc.record({ unit, dir: direction }));

/** Near misses of each field (and of a field no order has). */
const wrong: { [key: string]: fc.Arbitrary<unknown> } = {
  unit: fc.oneof(fc.constantFrom(1.5, "3", 2 ** 53, -(2 ** 53), Number.NaN, Infinity, null), near),
  dir: fc.oneof(fc.constantFrom("d", "", "B", "bb", "bottom", 0, null), near),
  extra: near,
};

describe("parseOrder", () => {
  describeOrderParser(
    parseOrder,
    schema,
    {
      valid,
      wrong,
      fields: { unit: fc.oneof(unit, near), dir: fc.oneof(direction, near), extra: near },
    },
    [
      ["a new object, fields in the schema's order", { dir: "w", unit: 3 }],
      ["-0 kept", { unit: -0, dir: "n" }],
      ["the largest safe integer", { unit: 2 ** 53 - 1, dir: "b" }],
      ["past the safe integers", { unit: 2 ** 53, dir: "b" }],
      ["an inherited field", Object.assign(Object.create({ extra: 1 }), { unit: 1, dir: "t" })],
      ["an inherited dir", Object.assign(Object.create({ dir: "t" }), { unit: 1 })],
      ["no prototype", Object.assign(Object.create(null), { unit: 1, dir: "t" })],
      ["a field set to undefined", { unit: 1, dir: "t", extra: undefined }],
      ["a direction of another game", { unit: 1, dir: "d" }],
      ["an array with the fields", Object.assign([], { unit: 1, dir: "t" })],
      [
        "an instance of a class",
        new (class {
          unit = 1;
          dir = "t";
        })(),
      ],
    ],
  );

  it("copies: the order is a new object", () => {
    const value = { unit: 4, dir: "r" };
    const order = parseOrder(value);
    expect(order).toEqual(value);
    expect(order).not.toBe(value);
  });
});
