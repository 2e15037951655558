import { ArenaError } from "../engine/errors";

/**
 * Reads an order trace in the JSON-lines format of the recorded original matches
 * (`{"round": r, "orders": [[…player 0…], [...], …]}` per line, rounds in order from 0) into
 * `steps[round][player]`, each order checked by `parseOrder`. Errors name the file and line.
 */
export function readOrderTrace<Order>(
  text: string,
  source: string,
  parseOrder: (value: unknown) => Order,
): Order[][][] {
  const steps: Order[][][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const where = { file: source, line: i + 1 };
    let record: { round?: unknown; orders?: unknown };
    try {
      record = JSON.parse(line);
    } catch {
      throw new ArenaError("BAD_TRACE", "not a JSON line", where);
    }
    if (record === null || typeof record !== "object" || record.round !== steps.length)
      throw new ArenaError(
        "BAD_TRACE",
        `expected round ${steps.length}, found ${JSON.stringify((record as { round?: unknown } | null)?.round)}`,
        where,
      );
    if (!Array.isArray(record.orders) || !record.orders.every(Array.isArray))
      throw new ArenaError("BAD_TRACE", "'orders' must be a list of lists", where);
    try {
      steps.push((record.orders as unknown[][]).map((list) => list.map(parseOrder)));
    } catch (error) {
      throw new ArenaError("BAD_TRACE", (error as Error).message, where);
    }
  }
  if (steps.length === 0)
    throw new ArenaError("BAD_TRACE", "the trace has no rounds", { file: source });
  return steps;
}
