import type * as z from "zod/mini";
import { ArenaError } from "../engine/errors";

/** `a or b` for two values, `one of a, b, c` for more. */
const choice = (values: ReadonlyArray<unknown>): string =>
  values.length === 2
    ? `${String(values[0])} or ${String(values[1])}`
    : `one of ${values.map(String).join(", ")}`;

const TYPE_NAMES: Record<string, string> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  array: "a list",
  object: "a JSON object",
  tuple: "a list",
};

/** The message of one issue, without the field (the house wording: `must be …`). */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      // z.int() reports `expected: "number"`; its definition says it is an integer.
      const format = (issue.inst as { _zod?: { def?: { format?: string } } } | undefined)?._zod?.def
        ?.format;
      const expected = format?.includes("int") ? "int" : issue.expected;
      return `must be ${TYPE_NAMES[expected] ?? expected}`;
    }
    case "invalid_value":
      return `must be ${choice(issue.values)}`;
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      return options ? `must be ${choice(options)}` : "has no valid form";
    }
    case "unrecognized_keys":
      return `unexpected field '${issue.keys[0]}'`;
    case "too_big":
      return issue.origin === "array"
        ? `must have at most ${issue.maximum} items`
        : `must be at most ${issue.maximum}`;
    case "too_small":
      return issue.origin === "array"
        ? `must have at least ${issue.minimum} items`
        : `must be at least ${issue.minimum}`;
    default:
      return undefined;
  }
}

/**
 * Validates `value` with a zod schema and returns the parsed data, or throws one
 * `ArenaError(code)` for the first problem, naming the field: `'dir' must be one of d, r, u, l`,
 * `unexpected field 'speed'`, `an order must be a JSON object`. A schema's own `error` message
 * (e.g. `must be [di, dj] with …`) takes precedence over the generic wording.
 *
 * @param noun what `value` is, for the message when it is not an object at all (`an order`).
 */
export function parseWithSchema<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  noun = "an order",
  code = "BAD_ORDER",
): z.output<S> {
  const result = schema.safeParse(value, { error: describeIssue });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path[0];
  if (field === undefined || issue.code === "unrecognized_keys") {
    const message =
      issue.code === "invalid_type" && issue.path.length === 0
        ? `${noun} ${issue.message}`
        : issue.message;
    throw new ArenaError(code, message);
  }
  throw new ArenaError(code, `'${String(field)}' ${issue.message}`);
}
