// The Bola de Drac protocol, described once: the JSON view an external bot gets each round, the
// start settings and the orders. Order validation (`parseOrder`), the TypeScript types, the
// published `schema.json` and the README's protocol tables all come from these schemas.
import {
  protocolJsonSchema as buildJsonSchema,
  type JsonSchema,
  rejectionSchema,
} from "@arena/core";
import * as z from "zod/mini";
import type { DragonBallConfig } from "./config";

const position = z
  .strictObject({
    i: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("row i: 0 at the top, grows downward (0..rows−1)")),
    j: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("column j: 0 at the left, grows rightward (0..cols−1)")),
  })
  .check(z.describe("a cell {i, j}"));

/** A direction letter (the original `Dir`). */
export const Direction = z
  .enum(["n", "t", "b", "l", "r"])
  .check(
    z.describe(
      "a direction: n = none (stay), t = top (i−1), b = bottom (i+1), l = left (j−1), r = right (j+1)",
    ),
  );

/** One action, as JSON; a player's goku does at most one per round (the first wins). */
export const Order = z
  .strictObject({
    kind: z
      .enum(["move", "throw"])
      .check(
        z.describe(
          "move: one cell (a rock stops it; onto a goku it fights); throw: a Kame Hame ray that eliminates every goku in line up to the next rock (costs kamehamePenalty strength)",
        ),
      ),
    dir: Direction,
  })
  .check(
    z.describe(
      "One action for your goku. A bot answers each turn with a list of these; only the first counts, more than 1000 in a round freezes the bot. A goku without a kinton acts on even rounds only; an illegal action is ignored.",
    ),
  );

const item = (what: string, regen: string) =>
  z
    .strictObject({
      pos: position.check(z.describe(`where the ${what} lives`)),
      present: z
        .boolean()
        .check(z.describe(`whether the ${what} is there now (a goku takes it by passing)`)),
      time: z
        .int()
        .check(z.minimum(0))
        .check(
          z.describe(
            `rounds until a taken ${what} may come back (${regen} after it is taken; 0 when present)`,
          ),
        ),
    })
    .check(z.describe(`a ${what} home`));

/** The view an external bot gets each round (`view` in core's turn message). */
export const View = z
  .strictObject({
    round: z.int().check(z.minimum(0)).check(z.describe("the current round")),
    me: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("your player number, 0..nbPlayers−1 (also your goku's id)")),
    map: z
      .array(
        z
          .string()
          .check(z.regex(/^[.XCB]*$/))
          .check(
            z.describe(
              "one row, cols letters: . empty, X rock, C Hoi Poi capsule, B dragon ball (beans and kintons are listed apart)",
            ),
          ),
      )
      .check(
        z.describe(
          "the board, rows strings; map[i][j] is cell (i, j), (0, 0) at the top left; the border is rock",
        ),
      ),
    beans: z
      .array(item("magic bean", "beanRegenTime"))
      .check(z.describe("every magic bean home, by index")),
    kintons: z
      .array(item("kinton cloud", "kintonRegenTime"))
      .check(z.describe("every kinton cloud home, by index")),
    gokus: z
      .array(
        z
          .strictObject({
            id: z.int().check(z.minimum(0)).check(z.describe("the goku's id: its player's number")),
            pos: position.check(z.describe("where it is (its last cell while eliminated)")),
            type: z
              .enum(["Normal", "On_Kinton", "With_Ball", "On_Kinton_With_Ball"])
              .check(
                z.describe(
                  "the original GType: Normal; On_Kinton riding a kinton cloud (acts every round, moves cost no strength); With_Ball carrying a dragon ball; On_Kinton_With_Ball both",
                ),
              ),
            balls: z
              .int()
              .check(z.minimum(0))
              .check(
                z.describe(
                  "dragon balls this goku's player has deposited in capsules so far (its score is balls·(maxStrength+1) + strength)",
                ),
              ),
            strength: z
              .int()
              .check(z.minimum(0))
              .check(z.describe("its strength, 0..maxStrength (0 when eliminated)")),
            kinton: z
              .int()
              .check(z.minimum(0))
              .check(z.describe("rounds of kinton cloud left (0: not on a kinton)")),
            alive: z.boolean().check(z.describe("false while eliminated")),
            time: z
              .int()
              .check(z.minimum(0))
              .check(
                z.describe(
                  "an eliminated goku: rounds until it may come back (gokuRegenTime after it falls)",
                ),
              ),
          })
          .check(z.describe("a goku (one per player)")),
      )
      .check(z.describe("every goku, by id")),
    scores: z
      .array(z.int().check(z.minimum(0)))
      .check(z.describe("each player's score, balls·(maxStrength+1) + strength, by player")),
  })
  .check(
    z.describe("What a player sees each round: the whole board, beans, kintons and every goku."),
  );

/** The start settings (`settings` in core's start message): the `.cnf` parameters, camelCased. */
export const Settings = z
  .strictObject({
    nbPlayers: z.int().check(z.describe("players in the match (4)")),
    nbRounds: z.int().check(z.describe("rounds in the match (1001 in the default map)")),
    nbCapsules: z.int().check(z.describe("Hoi Poi capsules on the board")),
    nbBalls: z.int().check(z.describe("dragon balls in play at any time, free or carried")),
    nbBeans: z.int().check(z.describe("magic bean homes")),
    nbKintons: z.int().check(z.describe("kinton cloud homes")),
    gokuRegenTime: z
      .int()
      .check(z.describe("rounds an eliminated goku waits before it may come back (60)")),
    beanRegenTime: z
      .int()
      .check(z.describe("rounds a taken bean waits before it may come back (60)")),
    kintonRegenTime: z
      .int()
      .check(z.describe("rounds a taken kinton waits before it may come back (60)")),
    kintonLifeTime: z.int().check(z.describe("rounds a kinton cloud carries a goku (55)")),
    maxStrength: z.int().check(z.describe("a goku's initial and most strength (999)")),
    resStrength: z.int().check(z.describe("strength of a goku coming back (200)")),
    movingPenalty: z
      .int()
      .check(z.describe("strength a move costs on rounds ≡ 2 (mod 4) without a kinton (10)")),
    kamehamePenalty: z.int().check(z.describe("strength a Kame Hame costs (700)")),
    combatPenalty: z.int().check(z.describe("strength a fight's winner loses (25)")),
    rows: z.int().check(z.describe("board rows")),
    cols: z.int().check(z.describe("board columns")),
    variant: z
      .enum(["2012", "2015"])
      .check(
        z.describe(
          "2015 plays nbRounds rounds (the statement); 2012 plays nbRounds − 1 (the 2012 engine)",
        ),
      ),
  })
  .check(
    z.describe(
      "The match parameters, sent once in the start message: the original .cnf's, camelCased (nb_rounds → nbRounds), and the variant.",
    ),
  );

/** One action as JSON. */
export type DragonBallOrder = z.infer<typeof Order>;
/** The JSON view of one round (what `viewJson` returns). */
export type DragonBallViewJson = z.infer<typeof View>;
/** The start settings (what `settingsJson` returns). */
export type DragonBallSettings = z.infer<typeof Settings>;

/** The settings message of a match with `config` (the `.cnf` names, camelCased). */
export function settingsFrom(config: DragonBallConfig): DragonBallSettings {
  const p = config.params;
  return {
    nbPlayers: p.nb_players,
    nbRounds: p.nb_rounds,
    nbCapsules: p.nb_capsules,
    nbBalls: p.nb_balls,
    nbBeans: p.nb_beans,
    nbKintons: p.nb_kintons,
    gokuRegenTime: p.goku_regen_time,
    beanRegenTime: p.bean_regen_time,
    kintonRegenTime: p.kinton_regen_time,
    kintonLifeTime: p.kinton_life_time,
    maxStrength: p.max_strength,
    resStrength: p.res_strength,
    movingPenalty: p.moving_penalty,
    kamehamePenalty: p.kamehame_penalty,
    combatPenalty: p.combat_penalty,
    rows: p.rows,
    cols: p.cols,
    variant: config.variant,
  };
}

/** One rejected order of the previous turn, with the reasons this game gives. */
export const Rejection = rejectionSchema({
  duplicate: "an earlier order this round: one action per round, the first one wins",
  "dead-unit": "your goku is dead",
  "illegal-move":
    "without a kinton: an odd round, or too weak to pay the move of a round ≡ 2 (mod 4); the target is off the board or a rock; a Kame Hame without the strength it costs",
});

/** The Bola de Drac protocol schemas (zod), by name. */
export const protocolSchemas = {
  module: "@arena/dragonball",
  title: "Bola de Drac",
  definitions: { Settings, View, Order, Rejection },
} as const;

/** The published JSON Schema (`@arena/dragonball/schema.json`): `$defs` Settings, View and Order. */
export function protocolJsonSchema(): JsonSchema {
  return buildJsonSchema(protocolSchemas);
}
