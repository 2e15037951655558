// parseOrder's plain path against the protocol's schema: the same orders, the same rejections.
import { parseWithSchema } from "@arena/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOrder } from "./orders";
import { Order } from "./protocol";

type Outcome = { ok: true; json: string; negativeZero: boolean } | { ok: false; message: string };

function outcome(parse: (value: unknown) => unknown, value: unknown): Outcome {
  try {
    const order = parse(value) as { unit: number };
    // JSON keeps the key order (the replay's bytes); -0 is the one value JSON cannot tell apart.
    return { ok: true, json: JSON.stringify(order), negativeZero: Object.is(order.unit, -0) };
  } catch (error) {
    return { ok: false, message: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

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
const valid = fc
  .record({ unit, dir: direction })
  .chain((fields) =>
    fc
      .shuffledSubarray(Object.entries(fields), { minLength: 2 })
      .map((entries) => Object.fromEntries(entries)),
  );

/** Near misses of each field (and of a field no order has). */
const wrong: { [key: string]: fc.Arbitrary<unknown> } = {
  unit: fc.oneof(fc.constantFrom(1.5, "3", 2 ** 53, -(2 ** 53), Number.NaN, Infinity, null), near),
  dir: fc.oneof(fc.constantFrom("d", "", "B", "bb", "bottom", 0, null), near),
  extra: near,
};

/** A well-formed order with one field changed to a near miss, removed, or one field added. */
const oneOff = fc
  .tuple(valid, fc.constantFrom(...Object.keys(wrong)), fc.boolean())
  .chain(([order, key, remove]) =>
    wrong[key]!.map((value) => {
      const copy: { [key: string]: unknown } = { ...order };
      if (remove) delete copy[key];
      else copy[key] = value;
      return copy;
    }),
  );

/** Objects shaped like orders, with every field sometimes wrong, missing, extra or reordered. */
const orderLike = fc
  .record(
    {
      unit: fc.oneof(unit, near),
      dir: fc.oneof(direction, near),
      extra: near,
    },
    { requiredKeys: [] },
  )
  .chain((fields) =>
    fc
      .shuffledSubarray(Object.keys(fields), { minLength: Object.keys(fields).length })
      .map((keys) =>
        Object.fromEntries(keys.map((key) => [key, fields[key as keyof typeof fields]])),
      ),
  );

describe("parseOrder", () => {
  it("accepts and rejects exactly what the Order schema does, with the same result", () => {
    fc.assert(
      fc.property(fc.oneof(valid, oneOff, orderLike, fc.anything()), (value) => {
        expect(outcome(parseOrder, value)).toEqual(outcome(schema, value));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
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
  ])("%s: as the schema", (_, value) => {
    expect(outcome(parseOrder, value)).toEqual(outcome(schema, value));
  });

  it("copies: the order is a new object", () => {
    const value = { unit: 4, dir: "r" };
    const order = parseOrder(value);
    expect(order).toEqual(value);
    expect(order).not.toBe(value);
  });
});
