// The Money Heist protocol, described once: the JSON view an external bot gets each round, the
// start settings and the orders. Order validation (`parseOrder`), the TypeScript types, the
// published `schema.json` and the README's protocol tables all come from these schemas.
import {
  protocolJsonSchema as buildJsonSchema,
  type JsonSchema,
  rejectionSchema,
} from "@arena/core";
import * as z from "zod/mini";

const ROW = "row i: 0 at the top, grows downward (0..boardRows−1)";
const COLUMN = "column j: 0 at the left, grows rightward (0..boardCols−1)";
const PLAYER = "a player number, 0..numPlayers−1";
const SOLUTION = "must be a list of integers";

/** A direction letter: `d` down (i+1), `r` right (j+1), `u` up (i−1), `l` left (j−1). */
export const Direction = z
  .enum(["d", "r", "u", "l"])
  .check(z.describe("a direction: d = down (i+1), r = right (j+1), u = up (i−1), l = left (j−1)"));

const unitId = z
  .int()
  .check(z.describe("the id of one of your units (ids are 0.. and never change)"));

const moveOrder = z
  .strictObject({
    unit: unitId,
    kind: z
      .literal("move")
      .check(z.describe("move one cell (a soldier with poison attacks a rival there)")),
    dir: Direction,
  })
  .check(
    z.describe(
      "`move`: a soldier or professor moves one cell; a soldier moving onto a rival attacks it.",
    ),
  );

const openOrder = z
  .strictObject({
    unit: z.int().check(z.describe("the id of one of your professors")),
    kind: z
      .literal("open")
      .check(z.describe("try to open the safe whose door is next to the professor")),
    dir: Direction.check(
      z.describe(
        "the direction from the professor (on the access cell) to the safe's door: d, r, u or l",
      ),
    ),
    solution: z
      .array(
        z
          .int({ error: SOLUTION })
          .check(z.describe("the triplet label of the hint at this index, 0..hints/3−1")),
        { error: SOLUTION },
      )
      .check(z.maxLength(1000, { error: SOLUTION }))
      .check(
        z.describe(
          "one label per hint of the safe, in the order of `safes[].hints` (15 by default): hint k goes into triplet solution[k]; each label 0..n−1 is used exactly 3 times and in each triplet one value is the sum of the other two",
        ),
      ),
  })
  .check(
    z.describe("`open`: a professor tries a safe's key; a wrong key or direction is ignored."),
  );

const chargeOrder = z
  .strictObject({
    unit: z.int().check(z.describe("the id of one of your soldiers")),
    kind: z
      .literal("charge")
      .check(z.describe("refill the soldier's poison up to soldierMaxPoisons from the team's pot")),
  })
  .check(z.describe("`charge`: a soldier refills its poison from the team's poison pot."));

const healOrder = z
  .strictObject({
    unit: z.int().check(z.describe("the id of one of your professors")),
    kind: z
      .literal("heal")
      .check(
        z.describe("refill the professor's health up to professorMaxHealth from the team's pot"),
      ),
  })
  .check(z.describe("`heal`: a professor refills its health from the team's health pot."));

/** One order, as JSON (the shape of the original traces); the first order per unit wins. */
export const Order = z
  .discriminatedUnion("kind", [moveOrder, openOrder, chargeOrder, healOrder])
  .check(
    z.describe(
      "One order for one unit. A bot answers each turn with a list of these; the first order for a unit wins, more than 1000 in a round freezes the bot.",
    ),
  );

const position = z
  .tuple([
    z.int().check(z.minimum(0)).check(z.describe(ROW)),
    z.int().check(z.minimum(0)).check(z.describe(COLUMN)),
  ])
  .check(z.describe("a cell as [i, j]"));

const unit = z
  .strictObject({
    id: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("the unit's id: 0.., never changes, not even when a soldier changes team")),
    type: z.enum(["professor", "soldier"]).check(z.describe("what the unit is")),
    player: z
      .int()
      .check(z.minimum(0))
      .check(z.describe(`its team: ${PLAYER}`)),
    i: z.int().check(z.describe(ROW)),
    j: z.int().check(z.describe(COLUMN)),
    health: z
      .int()
      .check(
        z.describe(
          "a professor's health, 0..professorMaxHealth; −1 for a soldier (soldiers have none)",
        ),
      ),
    poison: z
      .int()
      .check(
        z.describe(
          "a soldier's poison units, 0..soldierMaxPoisons (one is spent per attack); −1 for a professor",
        ),
      ),
    roundsForReborn: z
      .int()
      .check(
        z.describe("a dead professor: rounds until it comes back (0 when alive); −1 for a soldier"),
      ),
  })
  .check(z.describe("a soldier or a professor"));

/** The view an external bot gets each round (`view` in core's turn message). */
export const View = z
  .strictObject({
    round: z.int().check(z.minimum(0)).check(z.describe("the current round, 0..numRounds−1")),
    me: z
      .int()
      .check(z.minimum(0))
      .check(z.describe(`your player number (${PLAYER})`)),
    board: z
      .array(
        z
          .string()
          .check(z.regex(/^[WHPBGMX0-3.]*$/))
          .check(
            z.describe(
              "one row, boardCols letters: W wall, H health kit, P poison kit, B safe door, G gold, M money, 0–3 a soldier of that player, X a professor, . an empty corridor",
            ),
          ),
      )
      .check(
        z.describe(
          "the board, boardRows strings; board[i][j] is cell (i, j), (0, 0) at the top left",
        ),
      ),
    units: z.array(unit).check(z.describe("every unit, by id (index = id)")),
    money: z
      .array(
        z
          .tuple([
            z.int().check(z.minimum(0)).check(z.describe(ROW)),
            z.int().check(z.minimum(0)).check(z.describe(COLUMN)),
            z
              .int()
              .check(z.minimum(1))
              .check(z.describe("the points it is worth, minMoneyValue..maxMoneyValue")),
          ])
          .check(z.describe("[i, j, amount]")),
      )
      .check(z.describe("every cell with money, row-major, as [i, j, amount]")),
    safes: z
      .array(
        z
          .strictObject({
            id: z.int().check(z.minimum(0)).check(z.describe("the safe's id (index in this list)")),
            door: position.check(
              z.describe("its door [i, j]: the cell a professor opens from next to it"),
            ),
            gold: position.check(z.describe("its gold [i, j], next to the door")),
            hints: z
              .array(z.int().check(z.describe("a value, −20..20")))
              .check(
                z.describe(
                  "its key's hint: 3n integers (sizeHintsPerBox, 15 by default) to group in n triplets where one value is the sum of the other two",
                ),
              ),
          })
          .check(z.describe("a safe (safety box)")),
      )
      .check(z.describe("every safe, by id")),
    score: z.array(z.int()).check(z.describe("each player's score, by player")),
    health: z
      .array(z.int().check(z.minimum(0)))
      .check(z.describe("each team's health pot (for heal), by player")),
    poison: z
      .array(z.int().check(z.minimum(0)))
      .check(z.describe("each team's poison pot (for charge), by player")),
    status: z
      .array(z.number())
      .check(z.describe("each player's CPU status as the original shows it: 0, or −1 once frozen")),
  })
  .check(
    z.describe(
      "What a player sees each round: the whole board, every unit, money, safes and pots.",
    ),
  );

const setting = (text: string) => z.int().check(z.describe(text));

/** The start settings (`settings` in core's start message): the config, camelCased. */
export const Settings = z
  .strictObject({
    numPlayers: setting("players in the match (4)"),
    numRounds: setting("rounds in the match, numbered 0..numRounds−1 (200)"),
    boardRows: setting("board rows (60)"),
    boardCols: setting("board columns (60)"),
    initialSoldiersPerClan: setting("soldiers each team starts with (20)"),
    initialSoldiersPoisons: setting("poison units a soldier starts or comes back with (1)"),
    soldierMaxPoisons: setting("most poison units a soldier can carry (5)"),
    pointsForKillingSoldier: setting("points for killing a rival soldier (10)"),
    professorMaxHealth: setting("most health a professor can have (100)"),
    initialProfessorHealth: setting("health a professor starts or comes back with (100)"),
    professorHealthDecrease: setting("health a professor loses per poison attack (20)"),
    pointsForKillingProfessor: setting("points for killing a rival professor (50)"),
    professorRoundsRebirth: setting("rounds a dead professor takes to come back (40)"),
    numMoney: setting("cells with money on the board at any time (20)"),
    minMoneyValue: setting("least points a money cell is worth (1)"),
    maxMoneyValue: setting("most points a money cell is worth (20)"),
    numHealthKits: setting("health kits on the board at any time (8)"),
    healthKitValue: setting("health a kit adds to the team's pot (1)"),
    numPoisonKits: setting("poison kits on the board at any time (20)"),
    poisonKitValue: setting("poison a kit adds to the team's pot (1)"),
    numSafetyBoxes: setting("safes on the board at any time (6)"),
    goldValue: setting("points for opening a safe: its gold (200)"),
    sizeHintsPerBox: setting("integers in a safe's hint, a multiple of 3 (15)"),
  })
  .check(
    z.describe(
      "The match parameters, sent once in the start message (the original default.cnf, camelCased).",
    ),
  );

/** One order as JSON. */
export type MoneyHeistOrder = z.infer<typeof Order>;
/** The JSON view of one round (what `viewJson` returns). */
export type MoneyHeistViewJson = z.infer<typeof View>;
/** The start settings (what `settingsJson` returns). */
export type MoneyHeistSettings = z.infer<typeof Settings>;

/** One rejected order of the previous turn, with the reasons this game gives. */
export const Rejection = rejectionSchema({
  "unknown-unit": "no unit has that id",
  "not-yours": "the unit is another player's",
  "dead-unit":
    "the professor is dead (waiting to be reborn) or the unit was killed earlier in the round",
  "illegal-move":
    "the rules forbid it: a wall, a door or the board's edge ahead, a professor moving onto a unit, a soldier attacking its own team or without poison, `open` with no door there or by a soldier, `charge` by a professor, `heal` by a soldier",
  "wrong-key": "`open`: the solution does not open that safe",
});

/** The Money Heist protocol schemas (zod), by name. */
export const protocolSchemas = {
  module: "@arena/moneyheist",
  title: "Money Heist",
  definitions: { Settings, View, Order, Rejection },
} as const;

/** The published JSON Schema (`@arena/moneyheist/schema.json`): `$defs` Settings, View and Order. */
export function protocolJsonSchema(): JsonSchema {
  return buildJsonSchema(protocolSchemas);
}
