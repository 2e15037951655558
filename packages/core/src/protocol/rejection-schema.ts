import * as z from "zod/mini";

/**
 * The schema of one rejected order (core's `Rejection`), for a game's protocol: `reasons` maps
 * each reason code the game gives (core's `malformed` and `duplicate` are added) to what it
 * means (`description` describes the whole object). External bots get a list of these as `rejected` in a turn message (core's protocol);
 * in-process bots from their view's `rejected`.
 */
export function rejectionSchema(
  reasons: Readonly<Record<string, string>>,
  description = "One order of your previous turn that was rejected (the game ignored it). A turn message lists them as `rejected`, only when there are some, and a view's `rejected()` returns them; the other orders of that turn were applied.",
) {
  const all: Record<string, string> = {
    malformed: "the order does not fit the Order schema (message: which field)",
    duplicate: "an earlier order of the turn has the same unit: the first one wins",
    ...reasons,
  };
  const codes = Object.keys(all) as [string, ...string[]];
  return z
    .strictObject({
      index: z
        .int()
        .check(
          z.minimum(0),
          z.describe("the order's position (0-based) among the orders given that turn"),
        ),
      reason: z.enum(codes).check(
        z.describe(
          `why: ${Object.entries(all)
            .map(([code, meaning]) => `${code} = ${meaning}`)
            .join("; ")}`,
        ),
      ),
      message: z.string().check(z.describe("why, in words (e.g. `unit 17 is player 2's`)")),
    })
    .check(z.describe(description));
}
