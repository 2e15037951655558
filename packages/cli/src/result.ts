import type { AnyEngine, GameEvent, MatchResult } from "@arena/core";

/**
 * One player in a `ResultJson`: what `arena play --json` and `arena replay --json` print for
 * each seat, in seat order.
 */
export interface PlayerJson {
  /** Seat number (0-based), the player's number in the game. */
  index: number;
  /** The player's name (as in the replay and the `.res`). */
  name: string;
  /** Final score. */
  score: number;
  /** 1 = best; ties share a rank. */
  rank: number;
  /** `ok`, or `frozen` when the bot failed and the player gave no more orders. */
  status: "ok" | "frozen";
  /** Why the player was frozen (from the bot adapter, or from the replay's end record). */
  fault?: string;
  /** The round in which the player was frozen, when known. */
  frozenAtRound?: number;
  /** The bot as given on the command line (`Demo`, `./bot.js`, `exec:…`; play only). */
  bot?: string;
  /** The name the bot gave itself (protocols with a start reply; play only). */
  botName?: string;
  /** Time the bot used, in milliseconds (play only). */
  timeMs?: number;
  /** Turns over the turn limit but within its grace (play only). */
  lateTurns?: number;
  /** Its orders the game rejected over the match (play only). */
  rejectedOrders?: number;
  /** What the bot wrote on stderr, capped (play only). */
  stderr?: string;
}

/** The one JSON shape of a match result, printed by `arena play --json` and `arena replay --json`. */
export interface ResultJson {
  /** Which command produced it. */
  source: "play" | "replay";
  /** `Engine.name` of the game. */
  game: string;
  /** The engine version that played (play) or recorded (replay) the match. */
  engineVersion: string;
  /** The match seed. */
  seed: number;
  /** The round the match ended at. */
  rounds: number;
  /** Steps resolved (equal to rounds, except for turn-based games). */
  steps: number;
  /** Final score per player, index = seat. */
  scores: number[];
  /** Rank per player, index = seat (1 = best). */
  ranking: number[];
  /** Every player, in seat order. */
  players: PlayerJson[];
  /** Wall time of the match in milliseconds (play only). */
  durationMs?: number;
  /** The replay written (play `--out`) or read (replay). */
  replay?: string;
  /** The `.res` file written (`--res`, or replay `--export res --out`). */
  res?: string;
  /** True: the replay was re-simulated and every digest (and its end record) matched (replay only). */
  verified?: boolean;
  /** What the replay's format does not cover (formats 1 and 2: player names, end record). */
  unverified?: string[];
  /** True when the match was stopped before its end (SIGINT, SIGTERM): the replay ends there. */
  interrupted?: boolean;
  /** Every player's score after each round, `[0]` = before round 1 (replay `--scores` only). */
  scoresByRound?: number[][];
  /** What the rules reported at every step, in order (replay `--events` only). */
  events?: EventJson[];
}

/**
 * One event of `ResultJson.events`: the game's event (`type` and its fields, as the game's README
 * lists them) with the step after which it shows (the viewer's frame) and that frame's round
 * (`match.round()` after the step: for the Jutge games the state `round r` it leads to).
 */
export type EventJson = GameEvent & { step: number; round: number };

/** The `ResultJson` of a match just played. */
export function playResultJson(
  engine: AnyEngine,
  result: MatchResult,
  files: { replay?: string | undefined; res?: string | undefined },
): ResultJson {
  return {
    source: "play",
    game: engine.name,
    engineVersion: engine.version,
    seed: result.seed,
    rounds: result.rounds,
    steps: result.steps,
    scores: result.scores,
    ranking: result.ranking,
    players: result.players.map((player, index) => ({
      index,
      name: player.name,
      score: player.score,
      rank: player.rank,
      status: player.frozen ? "frozen" : "ok",
      ...(player.fault !== undefined ? { fault: player.fault } : {}),
      ...(player.frozenAtRound !== undefined ? { frozenAtRound: player.frozenAtRound } : {}),
      bot: player.label,
      ...(player.botName !== undefined ? { botName: player.botName } : {}),
      timeMs: player.timeMs,
      lateTurns: player.lateTurns,
      rejectedOrders: player.rejectedOrders,
      ...(player.stderr !== undefined ? { stderr: player.stderr } : {}),
    })),
    durationMs: Math.round(result.durationMs * 1000) / 1000,
    ...(files.replay !== undefined ? { replay: files.replay } : {}),
    ...(files.res !== undefined ? { res: files.res } : {}),
  };
}

/** What `replayResultJson` needs of a verified replay. */
export interface VerifiedReplay {
  game: string;
  engineVersion: string;
  seed: number;
  names: readonly string[];
  rounds: number;
  steps: number;
  scores: number[];
  ranking: number[];
  /** Fault reason per player from the end record (null: none). */
  faults: ReadonlyArray<string | null>;
  /** Round at which each frozen player was frozen, when known. */
  frozenAtRound: ReadonlyArray<number | undefined>;
  scoresByRound?: number[][];
  /** The end record says the match was stopped before its end. */
  interrupted?: boolean;
  /** Every step's events (`--events`). */
  events?: EventJson[];
  /** What the replay's format does not cover (`VerifyResult.unverified`), when anything. */
  unverified?: string[];
}

/** The `ResultJson` of a verified replay. */
export function replayResultJson(
  replay: VerifiedReplay,
  files: { replay: string; res?: string | undefined },
): ResultJson {
  return {
    source: "replay",
    game: replay.game,
    engineVersion: replay.engineVersion,
    seed: replay.seed,
    rounds: replay.rounds,
    steps: replay.steps,
    scores: replay.scores,
    ranking: replay.ranking,
    players: replay.names.map((name, index) => {
      const fault = replay.faults[index] ?? undefined;
      const frozenAtRound = replay.frozenAtRound[index];
      const frozen = fault !== undefined || frozenAtRound !== undefined;
      return {
        index,
        name,
        score: replay.scores[index] ?? 0,
        rank: replay.ranking[index] ?? replay.names.length,
        status: frozen ? ("frozen" as const) : ("ok" as const),
        ...(fault !== undefined ? { fault } : {}),
        ...(frozenAtRound !== undefined ? { frozenAtRound } : {}),
      };
    }),
    replay: files.replay,
    ...(files.res !== undefined ? { res: files.res } : {}),
    verified: true,
    ...(replay.interrupted ? { interrupted: true } : {}),
    ...(replay.unverified !== undefined && replay.unverified.length > 0
      ? { unverified: replay.unverified }
      : {}),
    ...(replay.scoresByRound !== undefined ? { scoresByRound: replay.scoresByRound } : {}),
    ...(replay.events !== undefined ? { events: replay.events } : {}),
  };
}
