// The Mad Max Revisited protocol, described once: the JSON view an external bot gets each round,
// the start settings and the orders. Order validation (`parseOrder`), the TypeScript types, the
// published `schema.json` and the README's protocol tables all come from these schemas.
import {
  protocolJsonSchema as buildJsonSchema,
  type JsonSchema,
  rejectionSchema,
} from "@arena/core";
import * as z from "zod/mini";
import type { MadMaxRevisitedParams } from "./config";

const ROW = "row i: 0 at the top, grows downward (0..nbRows−1)";
const COLUMN =
  "column j in the universe: 0..nbUniCols−1, grows rightward; the universe is a cylinder, so column nbUniCols is column 0 again";
const DIR = "must be [di, dj] with di in −1..1 and dj in 0..2";

const carId = z
  .int()
  .check(
    z.describe(
      "the id of one of your cars (player p owns cars p·nbCarsXPlayer .. (p+1)·nbCarsXPlayer−1); another player's car or an unknown id is ignored",
    ),
  );

const moveOrder = z
  .strictObject({
    car: carId,
    kind: z.literal("move").check(z.describe("move the car instead of its default move")),
    dir: z
      .tuple(
        [
          z
            .int({ error: DIR })
            .check(z.minimum(-1, { error: DIR }))
            .check(z.maximum(1, { error: DIR }))
            .check(z.describe("di: the row change, −1 up, 0 stay, 1 down")),
          z
            .int({ error: DIR })
            .check(z.minimum(0, { error: DIR }))
            .check(z.maximum(2, { error: DIR }))
            .check(z.describe("dj: the column change, 0, 1 (the default move) or 2")),
        ],
        { error: DIR },
      )
      .check(
        z.describe(
          "[di, dj]: the row changes by di and the column by dj; a move that would leave the window is ignored and the car makes its default move [0, 1]",
        ),
      ),
  })
  .check(z.describe("`move`: the car moves by [di, dj] (instead of the default [0, 1])."));

const shootOrder = z
  .strictObject({
    car: carId,
    kind: z
      .literal("shoot")
      .check(
        z.describe("fire a missile (needs one in stock); the car then makes its default move"),
      ),
  })
  .check(
    z.describe("`shoot`: the car fires a missile two columns ahead, then makes its default move."),
  );

/** One instruction, as JSON (the shape of the original traces); the first one per car wins. */
export const Order = z
  .discriminatedUnion("kind", [moveOrder, shootOrder])
  .check(
    z.describe(
      "One instruction for one car. A bot answers each turn with a list of these; the first for a car wins (cars without one make their default move), more than 1000 in a round freezes the bot.",
    ),
  );

/** The view an external bot gets each round (`view` in core's turn message). */
export const View = z
  .strictObject({
    round: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("the current round, 0..nbRnds−1; the window starts at column round")),
    me: z.int().check(z.minimum(0)).check(z.describe("your player number, 0..nbPlayers−1")),
    map: z
      .array(
        z
          .string()
          .check(z.regex(/^[.XWGM]*$/))
          .check(
            z.describe(
              "one row of the universe, nbUniCols letters: . empty, X tyre, W water bonus, G gas bonus, M missile bonus (cars and missiles are listed apart)",
            ),
          ),
      )
      .check(
        z.describe(
          "the whole universe, nbRows strings; map[i][j] is cell (i, j), (0, 0) at the top left. The window of round r covers columns r .. r+nbWinCols−1 (mod nbUniCols)",
        ),
      ),
    cars: z
      .array(
        z
          .strictObject({
            cid: z
              .int()
              .check(z.minimum(0))
              .check(z.describe("the car's id, 0..nbPlayers·nbCarsXPlayer−1")),
            player: z.int().check(z.minimum(0)).check(z.describe("its owner, cid ÷ nbCarsXPlayer")),
            row: z.int().check(z.describe(ROW)),
            column: z.int().check(z.describe(COLUMN)),
            nbMiss: z.int().check(z.minimum(0)).check(z.describe("missiles in its stock")),
            gas: z.int().check(z.describe("its gas units: −1 per round, the car dies at 0")),
            alive: z.boolean().check(z.describe("false while the car waits to be regenerated")),
            time: z
              .int()
              .check(z.minimum(0))
              .check(
                z.describe(
                  "a dead car: rounds until it is regenerated (up to nbRndsRegen); 0 when alive",
                ),
              ),
          })
          .check(z.describe("a car")),
      )
      .check(z.describe("every car, by id")),
    missiles: z
      .array(
        z
          .strictObject({
            mid: z.int().check(z.minimum(0)).check(z.describe("the missile's id")),
            cid: z.int().check(z.minimum(0)).check(z.describe("the car that fired it")),
            row: z.int().check(z.describe(ROW)),
            column: z.int().check(z.describe(COLUMN)),
          })
          .check(z.describe("a missile in flight: it moves two columns right each round")),
      )
      .check(z.describe("every missile in flight, by id")),
    scores: z.array(z.int()).check(z.describe("each player's score, by player")),
    status: z
      .array(z.number())
      .check(z.describe("each player's CPU status as the original shows it: 0, or −1 once frozen")),
  })
  .check(
    z.describe(
      "What a player sees each round: the whole universe, every car and missile, the scores.",
    ),
  );

/** The start settings (`settings` in core's start message): the `.cnf` parameters, camelCased. */
export const Settings = z
  .strictObject({
    nbPlayers: z.int().check(z.describe("players in the match (4)")),
    nbRnds: z.int().check(z.describe("rounds in the match, numbered 0..nbRnds−1 (300)")),
    nbRows: z.int().check(z.describe("rows of the universe and of the window (15..20)")),
    nbUniCols: z.int().check(z.describe("columns of the (cylindrical) universe (60..100)")),
    nbWinCols: z
      .int()
      .check(z.describe("columns of the window, which advances one column per round (30..40)")),
    nbCarsXPlayer: z.int().check(z.describe("cars of each player (2)")),
    nbRndsRegen: z.int().check(z.describe("rounds a dead car waits before it is regenerated (30)")),
    nbMissBonuses: z.int().check(z.describe("missile bonuses in the universe (5..30)")),
    nbGasBonuses: z.int().check(z.describe("gas bonuses in the universe (5..15)")),
    nbWaterBonuses: z.int().check(z.describe("water bonuses in the universe (20..150)")),
    bonusMiss: z.int().check(z.describe("missiles a missile bonus gives (5)")),
    bonusGas: z.int().check(z.describe("gas units a gas bonus gives (30)")),
    waterPnts: z.int().check(z.describe("points a water bonus gives (10)")),
    killPnts: z
      .int()
      .check(z.describe("points for destroying another player's car with a missile (30)")),
    initGas: z.int().check(z.describe("gas units of a regenerated car (60)")),
  })
  .check(
    z.describe(
      "The match parameters, sent once in the start message: the original .cnf's, camelCased (nb_win_cols → nbWinCols).",
    ),
  );

/** One instruction as JSON. */
export type MadMaxRevisitedOrder = z.infer<typeof Order>;
/** The JSON view of one round (what `viewJson` returns). */
export type MadMaxRevisitedViewJson = z.infer<typeof View>;
/** The start settings (what `settingsJson` returns). */
export type MadMaxRevisitedSettings = z.infer<typeof Settings>;

/** The settings message of a match with `params` (the `.cnf` names, camelCased). */
export function settingsFrom(p: MadMaxRevisitedParams): MadMaxRevisitedSettings {
  return {
    nbPlayers: p.nb_players,
    nbRnds: p.nb_rnds,
    nbRows: p.nb_rows,
    nbUniCols: p.nb_uni_cols,
    nbWinCols: p.nb_win_cols,
    nbCarsXPlayer: p.nb_cars_x_player,
    nbRndsRegen: p.nb_rnds_regen,
    nbMissBonuses: p.nb_miss_bonuses,
    nbGasBonuses: p.nb_gas_bonuses,
    nbWaterBonuses: p.nb_water_bonuses,
    bonusMiss: p.bonus_miss,
    bonusGas: p.bonus_gas,
    waterPnts: p.water_pnts,
    killPnts: p.kill_pnts,
    initGas: p.init_gas,
  };
}

/** One rejected order of the previous turn, with the reasons this game gives. */
export const Rejection = rejectionSchema({
  "unknown-unit": "no car has that id",
  "not-yours": "the car is another player's",
  "dead-unit": "the car is dead",
  duplicate: "the car already has an instruction this round: the first one wins",
  "illegal-move":
    "`move`: the destination is off the board or outside the next round's window; `shoot`: no missile left",
});

/** The Mad Max Revisited protocol schemas (zod), by name. */
export const protocolSchemas = {
  module: "@arena/madmax-revisited",
  title: "Mad Max Revisited",
  definitions: { Settings, View, Order, Rejection },
} as const;

/** The published JSON Schema (`@arena/madmax-revisited/schema.json`): `$defs` Settings, View, Order. */
export function protocolJsonSchema(): JsonSchema {
  return buildJsonSchema(protocolSchemas);
}
