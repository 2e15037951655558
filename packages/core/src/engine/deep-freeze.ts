/**
 * Freezes `value` and everything reachable through its own properties (plain data: objects and
 * arrays), and returns it. Views use it on what they hand out by reference (a match's settings),
 * so that a bot cannot change what the engine reads.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  // Typed arrays cannot be frozen: hand out copies of those instead.
  if (ArrayBuffer.isView(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
