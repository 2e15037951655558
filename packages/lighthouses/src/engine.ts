import {
  ArenaError,
  type Engine,
  type EngineOption,
  type ExternalProtocol,
  type Json,
} from "@arena/core";
import { DemoBot, NullBot } from "./bots";
import {
  checkConfig,
  DEFAULT_MAP,
  DEFAULT_NEUTRAL_OWNER,
  DEFAULT_ROUNDS,
  type LighthousesConfig,
  neutralOwnerFrom,
  parseConfig,
} from "./config";
import type { LighthousesEvent } from "./events";
import { LighthousesMatch } from "./match";
import { parseOrder } from "./protocol";
import type { LighthousesOrder } from "./types";
import type { LighthousesActions, LighthousesView } from "./view";

/**
 * Time limits of out-of-process bots, in milliseconds, in the shape of core's `Budget`: 2 s to
 * answer the start message, 100 ms per turn (the statement) plus 400 ms of grace before the bot is
 * frozen (the original warned at 0.1 s and failed at 0.5 s; a turn within the grace is a late-turn
 * warning, as its "over soft timeout"). CPU time of the bot's process tree, as in the other games
 * (the original timed each exchange on the wall clock, charging a bot for a busy machine and for
 * the transport); a bot that sleeps or blocks is stopped by core's wall-clock safety net, 10 × the
 * call's CPU limit + 1 s (6 s for a turn, 25 s for the start).
 */
export const DEFAULT_BUDGET = {
  startMs: 2000,
  turnMs: 100,
  graceMs: 400,
} as const;

export { parseOrder };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const asMatch = (match: unknown): LighthousesMatch => {
  if (!(match instanceof LighthousesMatch))
    throw new ArenaError("BAD_MATCH", "not a Lighthouses match");
  return match;
};

/**
 * The original stdio protocol: start message → `{"name": …}` → for each turn: state → command →
 * result. Messages are the original's objects, with a neutral lighthouse's `owner` `null` as the
 * original sends it (or −1 with the `neutralOwner` option).
 */
export const protocol: ExternalProtocol<LighthousesOrder> = {
  start: (match, player) => asMatch(match).startMessage(player),
  startReply: true,
  acceptStart(reply) {
    if (!isObject(reply) || typeof reply.name !== "string") {
      throw new ArenaError("BAD_REPLY", "Bot did not greet with name");
    }
    return reply.name;
  },
  turn: (match, player) => asMatch(match).turnMessage(player),
  orders(reply) {
    if (!isObject(reply) || !("command" in reply))
      throw new ArenaError("BAD_REPLY", "Invalid command structure");
    return [reply];
  },
  result: (match, player) => asMatch(match).resultMessage(player),
};

const roundsOption: EngineOption<LighthousesConfig> = {
  name: "rounds",
  value: "N",
  description: `number of rounds (default ${DEFAULT_ROUNDS})`,
  apply(config, value) {
    const rounds = Number(value);
    if (
      !/^\d+$/.test(value.trim()) ||
      !Number.isInteger(rounds) ||
      rounds < 1 ||
      rounds > 1_000_000
    ) {
      throw new ArenaError(
        "BAD_CONFIG",
        `--rounds: expected an integer from 1 to 1000000, got "${value}"`,
      );
    }
    return { ...config, rounds };
  },
};

const keysOption: EngineOption<LighthousesConfig> = {
  name: "keys",
  value: "multi|single",
  description:
    "multi (original engine: any number of keys, default) or single (the statement: one key at a time)",
  apply(config, value) {
    if (value !== "multi" && value !== "single") {
      throw new ArenaError("BAD_CONFIG", `--keys: expected multi or single, got "${value}"`);
    }
    return { ...config, singleKey: value === "single" };
  },
};

const neutralOwnerOption: EngineOption<LighthousesConfig> = {
  name: "neutral-owner",
  value: "null|-1",
  description:
    "a neutral lighthouse's owner in messages: null (original engine, default) or -1 (the statement)",
  apply(config, value) {
    const neutralOwner = neutralOwnerFrom(value);
    if (neutralOwner === undefined) {
      throw new ArenaError("BAD_CONFIG", `--neutral-owner: expected null or -1, got "${value}"`);
    }
    return { ...config, neutralOwner };
  },
};

/**
 * Reads a protocol transcript (`*_transcript.jsonl`: `{"round", "player", "dir", "msg"}` per line)
 * into steps: one step per turn, `steps[s][p]` holding the command of the player to move.
 */
export function readTrace(text: string, source: string): LighthousesOrder[][][] {
  const steps: LighthousesOrder[][][] = [];
  let numPlayers = 0;
  const lines = text.split("\n");
  const commands: Array<{ player: number; order: LighthousesOrder }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw new ArenaError("BAD_TRACE", "invalid JSON", { file: source, line: i + 1 });
    }
    if (!isObject(entry) || typeof entry.player !== "number" || typeof entry.round !== "number") {
      throw new ArenaError("BAD_TRACE", "expected {round, player, dir, msg}", {
        file: source,
        line: i + 1,
      });
    }
    numPlayers = Math.max(numPlayers, entry.player + 1);
    if (entry.dir !== "from_bot" || entry.round < 0) continue;
    try {
      commands.push({ player: entry.player, order: parseOrder(entry.msg) });
    } catch (error) {
      throw new ArenaError("BAD_TRACE", (error as Error).message, { file: source, line: i + 1 });
    }
  }
  for (const { player, order } of commands) {
    const step: LighthousesOrder[][] = Array.from({ length: numPlayers }, () => []);
    step[player] = [order];
    steps.push(step);
  }
  return steps;
}

/** The Lighthouses engine. */
export const engine: Engine<
  LighthousesConfig,
  LighthousesOrder,
  LighthousesView,
  LighthousesActions,
  LighthousesEvent
> = {
  name: "lighthouses",
  title: "Lighthouses",
  version: "1.0.0",
  module: "@arena/lighthouses",
  players: { min: 1, max: 26, default: 2 },
  defaultConfig: () => ({
    map: [...DEFAULT_MAP],
    rounds: DEFAULT_ROUNDS,
    singleKey: false,
    neutralOwner: DEFAULT_NEUTRAL_OWNER,
  }),
  parseConfig,
  options: [roundsOption, keysOption, neutralOwnerOption],
  create: (config, _seed, numPlayers) => new LighthousesMatch(checkConfig(config), numPlayers),
  restore: (snapshot: Json) => LighthousesMatch.restore(snapshot),
  parseOrder,
  settingsJson: (match) => {
    const m = asMatch(match);
    return { rounds: m.rounds, singleKey: m.config.singleKey, neutralOwner: m.config.neutralOwner };
  },
  protocol,
  budget: DEFAULT_BUDGET,
  bots: { Null: () => new NullBot(), Demo: () => new DemoBot() },
  readTrace,
};
