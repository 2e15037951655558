import { deepFreeze } from "../engine/deep-freeze";

/**
 * Orders that already went through `Engine.parseOrder` and were frozen: the runner does not
 * validate them again. A controller that hands out the same order round after round (a C++
 * player's adapter repeats its order lines: @arena/bots' `CppController` reads each distinct line
 * once) validates it once instead of every turn. A marked order is frozen, so no one can change it
 * after its validation; the mark is only a shortcut of this runner (a copy of core loaded twice
 * keeps its own marks: its runner then validates the order again, as any other).
 */
const validated = new WeakSet<object>();

/**
 * For controllers (@arena/bots' C++ players): `order` validated with `parseOrder`, frozen and
 * marked; undefined when `parseOrder` rejects it (the runner then validates it as any other
 * order, and rejects it with the same message).
 */
export function validatedOrder(parseOrder: (value: unknown) => unknown, order: unknown): unknown {
  let parsed: unknown;
  try {
    parsed = parseOrder(order);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  validated.add(deepFreeze(parsed));
  return parsed;
}

/** Whether `order` is one `validatedOrder` returned (it needs no validation). */
export function isValidated(order: unknown): boolean {
  return typeof order === "object" && order !== null && validated.has(order);
}
