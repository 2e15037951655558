// The Mad Max protocol, described once: the JSON view an external bot gets each round, the
// start settings and the orders. Order validation (`parseOrder`), the TypeScript types, the
// published `schema.json` and the README's protocol tables all come from these schemas.
import {
  protocolJsonSchema as buildJsonSchema,
  type JsonSchema,
  rejectionSchema,
} from "@arena/core";
import * as z from "zod/mini";
import type { MadMaxParams } from "./state";

const ROW = "row i: 0 at the top, grows downward (0..rows−1)";
const COLUMN = "column j: 0 at the left, grows rightward (0..cols−1)";

/** A direction letter (the original `Dir`, 0..8 in this order). */
export const Direction = z
  .enum(["b", "w", "r", "x", "t", "y", "l", "z", "n"])
  .check(
    z.describe(
      "a direction, the original Dir 0..8 in circular order: b = Bottom (i+1), w = BR (i+1, j+1), r = Right (j+1), x = RT (i−1, j+1), t = Top (i−1), y = TL (i−1, j−1), l = Left (j−1), z = LB (i+1, j−1), n = None (stay)",
    ),
  );

/** One order, as JSON (the shape of the original traces); the first order per unit wins. */
export const Order = z
  .strictObject({
    unit: z
      .int()
      .check(
        z.describe(
          "the id of one of your units; another player's unit, an unknown id or a unit that cannot move this round is ignored",
        ),
      ),
    dir: Direction,
  })
  .check(
    z.describe(
      "One order: move a unit one cell (8 neighbours), attacking or running over what is there. A bot answers each turn with a list of these; the first order for a unit wins, more than 1000 in a round freezes the bot.",
    ),
  );

const unit = z
  .strictObject({
    id: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("the unit's id, 0..; never changes, not even when captured")),
    type: z.enum(["warrior", "car"]).check(z.describe("what the unit is")),
    player: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("its team, 0..nbPlayers−1 (changes when captured)")),
    i: z.int().check(z.describe(ROW)),
    j: z.int().check(z.describe(COLUMN)),
    food: z
      .int()
      .check(z.minimum(0))
      .check(
        z.describe(
          "a warrior's food, 0..warriorsHealth; a car's fuel, 0..carsFuel (the original stores fuel here)",
        ),
      ),
    water: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("a warrior's water, 0..warriorsHealth; 0 for a car")),
    canMove: z
      .boolean()
      .check(
        z.describe(
          "whether an order for it is played this round: its player's round (round mod 4 = player), or a car with fuel on a road",
        ),
      ),
  })
  .check(z.describe("a warrior or a car"));

/** The view an external bot gets each round (`view` in core's turn message). */
export const View = z
  .strictObject({
    round: z.int().check(z.minimum(0)).check(z.describe("the current round, 0..nbRounds−1")),
    me: z.int().check(z.minimum(0)).check(z.describe("your player number, 0..nbPlayers−1")),
    map: z
      .array(
        z
          .string()
          .check(z.regex(/^[.RWSX0-3]*$/))
          .check(
            z.describe(
              "one row, cols letters: . desert, R road, W water, S fuel station, X wall, 0–3 a city cell owned by that player",
            ),
          ),
      )
      .check(
        z.describe("the board, rows strings; map[i][j] is cell (i, j), (0, 0) at the top left"),
      ),
    units: z.array(unit).check(z.describe("every unit, by id (index = id)")),
    numCities: z
      .array(z.int().check(z.minimum(0)))
      .check(z.describe("the cities each player owns now, by player")),
    totalScore: z
      .array(z.int().check(z.minimum(0)))
      .check(
        z.describe(
          "each player's score: the sum of its city counts over the rounds so far, by player",
        ),
      ),
    status: z
      .array(z.number())
      .check(z.describe("each player's CPU status as the original shows it: 0, or −1 once frozen")),
  })
  .check(z.describe("What a player sees each round: the whole board, every unit and the scores."));

/** The start settings (`settings` in core's start message): the `.cnf` parameters, camelCased. */
export const Settings = z
  .strictObject({
    nbPlayers: z.int().check(z.describe("players (teams) in the match (4)")),
    nbRounds: z.int().check(z.describe("rounds in the match, numbered 0..nbRounds−1 (500)")),
    nbCities: z.int().check(z.describe("cities on the board (8)")),
    nbWarriors: z.int().check(z.describe("warriors each player starts with (20)")),
    nbCars: z.int().check(z.describe("cars each player starts with (3)")),
    warriorsHealth: z.int().check(z.describe("a warrior's initial and most food, and water (40)")),
    carsFuel: z.int().check(z.describe("a car's initial and most fuel (100)")),
    damage: z.int().check(z.describe("food and water a warrior's attack takes (6)")),
    rows: z.int().check(z.describe("board rows (60)")),
    cols: z.int().check(z.describe("board columns (60)")),
  })
  .check(
    z.describe(
      "The match parameters, sent once in the start message: the original .cnf's, camelCased (nb_players → nbPlayers).",
    ),
  );

/** One order as JSON. */
export type MadMaxOrder = z.infer<typeof Order>;
/** The JSON view of one round (what `viewJson` returns). */
export type MadMaxViewJson = z.infer<typeof View>;
/** The start settings (what `settingsJson` returns). */
export type MadMaxSettings = z.infer<typeof Settings>;

/** The settings message of a match with `params` (the `.cnf` names, camelCased). */
export function settingsFrom(params: MadMaxParams): MadMaxSettings {
  return {
    nbPlayers: params.nb_players,
    nbRounds: params.nb_rounds,
    nbCities: params.nb_cities,
    nbWarriors: params.nb_warriors,
    nbCars: params.nb_cars,
    warriorsHealth: params.warriors_health,
    carsFuel: params.cars_fuel,
    damage: params.damage,
    rows: params.rows,
    cols: params.cols,
  };
}

/** One rejected order of the previous turn, with the reasons this game gives. */
export const Rejection = rejectionSchema({
  "unknown-unit": "no unit has that id",
  "not-yours": "the unit is another player's",
  "cannot-move":
    "the unit cannot move this round (not its player's round, and not a car with fuel on a road)",
  "dead-unit": "the unit was captured earlier in the round",
  "illegal-move": "the target is off the board or terrain the unit cannot enter",
});

/** The Mad Max protocol schemas (zod), by name. */
export const protocolSchemas = {
  module: "@arena/madmax",
  title: "Mad Max",
  definitions: { Settings, View, Order, Rejection },
} as const;

/** The published JSON Schema (`@arena/madmax/schema.json`): `$defs` Settings, View and Order. */
export function protocolJsonSchema(): JsonSchema {
  return buildJsonSchema(protocolSchemas);
}
