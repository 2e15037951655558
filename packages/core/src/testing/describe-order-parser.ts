// Test helper (`@arena/core/testing`): a game's hand-written `parseOrder` (a fast path) against
// its protocol schema, on generated orders, near misses and anything else (fast-check).
import fc from "fast-check";
import { expect, it } from "vitest";

/** What parsing `value` gave: the order as the replay writes it, or the error. */
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

/** `record`'s values with their fields in every order (all of them kept). */
export function shuffledFields(
  record: fc.Arbitrary<{ [key: string]: unknown }>,
): fc.Arbitrary<{ [key: string]: unknown }> {
  return record.chain((fields) =>
    fc
      .shuffledSubarray(Object.entries(fields), { minLength: Object.keys(fields).length })
      .map((entries) => Object.fromEntries(entries)),
  );
}

/** The arbitraries of a game's orders for `describeOrderParser`. */
export interface OrderArbitraries {
  /** Well-formed orders (their fields in any order: see `shuffledFields`). */
  valid: fc.Arbitrary<{ [key: string]: unknown }>;
  /** Near misses of each field, and of a field no order has (`extra`). */
  wrong: { [field: string]: fc.Arbitrary<unknown> };
  /** Each field, right or wrong, for objects shaped like orders. */
  fields: { [field: string]: fc.Arbitrary<unknown> };
}

/**
 * Declares (with vitest's `it`) the tests that `parse` accepts and rejects exactly what `schema` does,
 * with the same result (the same order as the replay writes it, -0 kept, or the same error): on
 * 5 000 generated values (well-formed orders; one field changed to a near miss, removed or added;
 * objects shaped like orders with any field wrong, missing, extra or reordered; anything), then on
 * each of `cases`, named. Call it inside the game's `describe`.
 */
export function describeOrderParser(
  parse: (value: unknown) => unknown,
  schema: (value: unknown) => unknown,
  { valid, wrong, fields }: OrderArbitraries,
  cases: ReadonlyArray<readonly [string, unknown]>,
): void {
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
    .record(fields, { requiredKeys: [] })
    .chain((record) =>
      fc
        .shuffledSubarray(Object.keys(record), { minLength: Object.keys(record).length })
        .map((keys) => Object.fromEntries(keys.map((key) => [key, record[key]]))),
    );

  it("accepts and rejects exactly what the Order schema does, with the same result", () => {
    fc.assert(
      fc.property(fc.oneof(valid, oneOff, orderLike, fc.anything()), (value) => {
        expect(outcome(parse, value)).toEqual(outcome(schema, value));
      }),
      { numRuns: 5000 },
    );
  });

  it.each(cases)("%s: as the schema", (_, value) => {
    expect(outcome(parse, value)).toEqual(outcome(schema, value));
  });
}
