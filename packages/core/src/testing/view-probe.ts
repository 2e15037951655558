/**
 * Tools for a game's tests to show that a player view is a read-only façade: `reachableFrom`
 * walks everything a bot can reach from an object (properties, getters, prototypes,
 * `constructor`, and what every method returns when called), and `tamperWith` tries to change
 * all of it. The language's own objects (`Object.prototype`, `Array.prototype`, …) are not
 * walked: an in-process bot can always change those (see core's threat model).
 */

const intrinsics = new Set<unknown>();

function collectIntrinsics(): void {
  if (intrinsics.size > 0) return;
  const add = (value: unknown) => {
    if ((typeof value === "object" && value !== null) || typeof value === "function") {
      intrinsics.add(value);
    }
  };
  for (const name of Reflect.ownKeys(globalThis)) {
    let value: unknown;
    try {
      value = (globalThis as Record<PropertyKey, unknown>)[name];
    } catch {
      continue;
    }
    add(value);
    if (typeof value === "function") {
      add((value as { prototype?: unknown }).prototype);
      add(Object.getPrototypeOf(value));
    }
  }
  // Prototypes with no global name.
  add(Object.getPrototypeOf(function* () {}));
  add(Object.getPrototypeOf(async () => {}));
  add(Object.getPrototypeOf(Int8Array));
  add(Object.getPrototypeOf(Int8Array.prototype));
  add(Object.getPrototypeOf([][Symbol.iterator]()));
  add(Object.getPrototypeOf(new Map().entries()));
  add(Object.getPrototypeOf(new Set().values()));
  add(globalThis);
}

/** One object reachable from the root, with the path that reached it. */
export interface Reached {
  readonly path: string;
  readonly value: object;
}

const isObject = (value: unknown): value is object =>
  (typeof value === "object" && value !== null) || typeof value === "function";

/**
 * Every object reachable from `root` (itself included), breadth first, outside the language's
 * intrinsics: own properties (getters are read), prototypes, and the results of calling each
 * method found on the way with small integer arguments (0, 0, 0…; not with `callMethods: false`,
 * e.g. for an actions object, whose methods give orders). Calls that throw are skipped.
 */
export function reachableFrom(
  root: object,
  options: { callMethods?: boolean; limit?: number } = {},
): Reached[] {
  const { callMethods = true, limit = 20_000 } = options;
  collectIntrinsics();
  const seen = new Set<object>();
  const found: Reached[] = [];
  const queue: Reached[] = [{ path: "view", value: root }];
  const visit = (path: string, value: unknown) => {
    if (!isObject(value) || seen.has(value) || intrinsics.has(value)) return;
    seen.add(value);
    queue.push({ path, value });
  };
  seen.add(root);
  while (queue.length > 0 && found.length < limit) {
    const item = queue.shift()!;
    found.push(item);
    const { path, value } = item;
    visit(`${path}.[[Prototype]]`, Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const name = `${path}.${String(key)}`;
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor === undefined) continue;
      let child: unknown;
      if ("value" in descriptor) child = descriptor.value;
      else if (descriptor.get !== undefined) {
        visit(`${name}[get]`, descriptor.get);
        try {
          child = Reflect.get(value, key, root);
        } catch {
          child = undefined;
        }
      }
      visit(name, child);
      // A method: call it on the root (views' methods read the root's private fields).
      if (callMethods && typeof child === "function" && key !== "constructor") {
        const args = new Array<number>(Math.min(child.length, 4)).fill(0);
        try {
          visit(`${name}(${args.join(", ")})`, Reflect.apply(child, root, args));
        } catch {
          // needs other arguments
        }
      }
    }
  }
  return found;
}

/**
 * Tries to change every object reachable from `root` (`reachableFrom`): to overwrite and delete
 * each property, to add one, to replace the prototype. Returns what succeeded (the paths), so a
 * test can require that only fresh copies (handed out by value) could be changed.
 */
export function tamperWith(root: object, options: { callMethods?: boolean } = {}): string[] {
  const changed: string[] = [];
  const sentinel = () => 1_000_000;
  for (const { path, value } of reachableFrom(root, options)) {
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor === undefined) continue;
      const replacement =
        typeof descriptor.value === "number"
          ? 1_000_000
          : typeof descriptor.value === "boolean"
            ? !descriptor.value
            : sentinel;
      try {
        if (Reflect.defineProperty(value, key, { value: replacement, writable: true })) {
          changed.push(`${path}.${String(key)}`);
        }
      } catch {
        // refused
      }
    }
    try {
      if (Reflect.set(value, "__tampered__", true)) changed.push(`${path}.__tampered__`);
    } catch {
      // refused
    }
    try {
      if (Reflect.setPrototypeOf(value, null)) changed.push(`${path}.[[Prototype]]`);
    } catch {
      // refused
    }
  }
  return changed;
}
