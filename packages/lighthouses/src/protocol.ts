// The Lighthouses protocol, described once: the original's messages (start, greeting, turn state,
// command, result; their keys are the original wire format, `player_num` and `have_key` included)
// and the arena start settings. Order validation (`parseOrder`), the TypeScript types, the
// published `schema.json` and the README's protocol tables all come from these schemas.
import {
  ArenaError,
  protocolJsonSchema as buildJsonSchema,
  type JsonSchema,
  rejectionSchema,
} from "@arena/core";
import * as z from "zod/mini";
import type { LighthousesOrder } from "./types";

const X = "x: 0 at the left, grows rightward";
const Y = "y: 0 at the bottom, grows upward";
const position = z
  .tuple([z.int().check(z.describe(X)), z.int().check(z.describe(Y))])
  .check(z.describe("a cell [x, y]"));

/** The engine's first message to a player. */
export const Start = z
  .strictObject({
    player_num: z
      .int()
      .check(z.minimum(0))
      .check(z.describe("your player number, 0..player_count−1")),
    player_count: z.int().check(z.minimum(1)).check(z.describe("players in the match")),
    position: position.check(z.describe("your starting cell [x, y]")),
    map: z
      .array(
        z
          .array(
            z.union([z.literal(0), z.literal(1)]).check(z.describe("1: island (playable), 0: not")),
          )
          .check(z.describe("one row y, cells x = 0, 1, …")),
      )
      .check(
        z.describe(
          "the island as map[y][x], sent from the bottom row (y = 0) up; the border is never island",
        ),
      ),
    lighthouses: z
      .array(position.check(z.describe("a lighthouse's cell [x, y], also its identifier")))
      .check(z.describe("every lighthouse, rows from y = 0 up, x left to right")),
  })
  .check(z.describe("Engine → bot, once: the start message (the original's)."));

/** The bot's answer to the start message, within 2 s. */
export const Greeting = z
  .looseObject({
    name: z.string().check(z.describe("the bot's name, shown in results")),
  })
  .check(z.describe('Bot → engine, once, within 2 s of the start message: {"name": …}.'));

/** The arena start settings (`settingsJson`): the match options, not sent by the original. */
export const Settings = z
  .strictObject({
    rounds: z
      .int()
      .check(z.minimum(1))
      .check(z.describe("rounds in the match; every player moves once per round (1200)")),
    singleKey: z
      .boolean()
      .check(
        z.describe(
          "true: a player holds one key at a time (the statement); false: any number (the original engine, the default)",
        ),
      ),
    neutralOwner: z
      .union([z.null(), z.literal(-1)])
      .check(
        z.describe(
          "how a neutral lighthouse's owner is sent: null (the original engine) or −1 (the statement)",
        ),
      ),
  })
  .check(
    z.describe(
      "The match options as `engine.settingsJson` gives them (the library API; the wire start message is `Start`).",
    ),
  );

/** The state sent to a player before each of its turns (`match.viewJson(p)`). */
export const View = z
  .strictObject({
    position: position.check(z.describe("your cell [x, y]")),
    score: z.int().check(z.minimum(0)).check(z.describe("your score")),
    energy: z.int().check(z.minimum(0)).check(z.describe("your energy")),
    view: z
      .array(
        z
          .array(
            z
              .int()
              .check(z.minimum(-1))
              .check(z.maximum(100))
              .check(
                z.describe(
                  "the free energy of a cell (0..100; 0 off the island), −1 beyond distance 3",
                ),
              ),
          )
          .check(
            z.describe("one row: view[dy+3][dx+3] is the cell (x+dx, y+dy), dy from −3 (below) up"),
          ),
      )
      .check(
        z.describe(
          "the free energy around you, a 7×7 square centred on you (odd and square in any case); your own cell is 0",
        ),
      ),
    lighthouses: z
      .array(
        z
          .strictObject({
            position: position.check(z.describe("its cell [x, y], also its identifier")),
            owner: z
              .nullable(z.int().check(z.minimum(-1)))
              .check(
                z.describe(
                  "the player controlling it; a neutral lighthouse: null (the original engine) or −1 (the neutralOwner −1 option, as the statement writes it)",
                ),
              ),
            energy: z
              .int()
              .check(z.minimum(0))
              .check(z.describe("its energy (0 when neutral); −10 per round, neutral at 0")),
            connections: z
              .array(position.check(z.describe("the other end's cell [x, y]")))
              .check(
                z.describe(
                  "the lighthouses it is connected to (each connection appears from both ends)",
                ),
              ),
            have_key: z
              .boolean()
              .check(z.describe("whether you hold its key (taken by standing on it)")),
          })
          .check(z.describe("a lighthouse")),
      )
      .check(z.describe("every lighthouse, in the order of the start message")),
  })
  .check(
    z.describe("Engine → bot, before each of its turns: the state (the original's turn message)."),
  );

const passCommand = z
  .strictObject({ command: z.literal("pass").check(z.describe("do nothing this turn")) })
  .check(z.describe("`pass`: do nothing."));

const moveCommand = z
  .strictObject({
    command: z.literal("move").check(z.describe("move to an adjacent island cell (8 neighbours)")),
    x: z
      .union([z.literal(-1), z.literal(0), z.literal(1)])
      .check(z.describe("dx: −1 left, 0, 1 right")),
    y: z
      .union([z.literal(-1), z.literal(0), z.literal(1)])
      .check(z.describe("dy: −1 down, 0, 1 up")),
  })
  .check(z.describe("`move`: step by (x, y); 0, 0 is a pass."));

const attackCommand = z
  .strictObject({
    command: z
      .literal("attack")
      .check(z.describe("attack (or recharge, if yours) the lighthouse you stand on")),
    energy: z
      .int()
      .check(z.minimum(0))
      .check(
        z.describe(
          "the energy to put in, ≥ 0; more than you have is cut to what you have; 0 is a pass",
        ),
      ),
  })
  .check(
    z.describe(
      "`attack`: put energy into the lighthouse you stand on (takes it when it reaches 0).",
    ),
  );

const connectCommand = z
  .strictObject({
    command: z
      .literal("connect")
      .check(z.describe("connect the lighthouse you stand on to another")),
    destination: position.check(
      z.describe(
        "the other lighthouse's cell [x, y]: both must be yours and you must hold its key (the key is spent)",
      ),
    ),
  })
  .check(z.describe("`connect`: a laser between the lighthouse you stand on and `destination`."));

/**
 * A valid command, as the original reads it. The wire accepts any JSON object with a `command`
 * field: anything else in it is answered with the original's error message (`Result`) and the
 * turn counts as a pass.
 */
export const Order = z
  .discriminatedUnion("command", [passCommand, moveCommand, attackCommand, connectCommand])
  .check(
    z.describe(
      "Bot → engine, each turn within 100 ms: one command. Any JSON object with a `command` field is accepted on the wire; an invalid one is answered with an error and counts as a pass.",
    ),
  );

/** The engine's answer to a command. */
export const Result = z
  .strictObject({
    success: z.boolean().check(z.describe("whether the command was carried out")),
    message: z
      .optional(z.string())
      .check(
        z.describe(
          'when success is false: the original\'s error text, e.g. "Delta must be 1 cell away"',
        ),
      ),
  })
  .check(z.describe("Engine → bot, after each command: its result."));

/** The start message. */
export type LighthousesStart = z.infer<typeof Start>;
/** The state before a turn (what `viewJson` returns). */
export type LighthousesViewJson = z.infer<typeof View>;
/** A valid command. */
export type LighthousesCommand = z.infer<typeof Order>;
/** The match options (what `settingsJson` returns). */
export type LighthousesSettings = z.infer<typeof Settings>;

const wireCommand = z.looseObject({ command: z.json() });

/**
 * Validates one command as the original reads a reply: it must be a JSON object with a `command`
 * field ("Invalid command structure" otherwise, a protocol error). Everything else (unknown
 * commands, missing or malformed fields) is checked when the turn is played and answered with the
 * original's error message, the turn counting as a pass.
 */
export function parseOrder(value: unknown): LighthousesOrder {
  if (!wireCommand.safeParse(value).success)
    throw new ArenaError(
      "BAD_ORDER",
      'Invalid command structure: a command is a JSON object with a "command" field',
    );
  return value as LighthousesOrder;
}

/** One rejected order of the previous turn, with the reasons this game gives. */
export const Rejection = rejectionSchema(
  {
    duplicate: "a second command in one turn: the first one wins",
    malformed: "the command is unknown or lacks a field (the original's error message)",
    "wrong-key": "`connect`: you do not hold the destination's key",
    "illegal-move": "any other failed command (the original's error message); it counted as a pass",
  },
  "Your command of your previous turn, when it was rejected (it counted as a pass), as the view's `rejected` lists it for in-process bots; external bots get the original's `Result` message instead.",
);

/** The Lighthouses protocol schemas (zod), by name, in the order of a match. */
export const protocolSchemas = {
  module: "@arena/lighthouses",
  title: "Lighthouses",
  definitions: { Start, Greeting, Settings, View, Order, Result, Rejection },
} as const;

/** The published JSON Schema (`@arena/lighthouses/schema.json`). */
export function protocolJsonSchema(): JsonSchema {
  return buildJsonSchema(protocolSchemas);
}
