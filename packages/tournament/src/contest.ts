import { ArenaError } from "@arena/core";
import { type BotEntry, describeBots } from "./bot-identity";
import { type BotSummary, summarizeBots } from "./bot-summary";
import { semifinalGroups } from "./contest-groups";
import {
  ContestDraw,
  eliminationRound,
  finalPhase,
  type Out,
  qualification,
  type Ranked,
} from "./contest-stages";
import type { BotInfo, MatchRecord } from "./record";
import { openRun, type RunOptions, seatCount } from "./run-options";

export { placePoints } from "./contest-stages";

/** Options of `runContest`. */
export interface ContestOptions extends RunOptions {
  /** The contestants (a name given twice gets `#2`, … unless given with `name`: `describeBots`). */
  players: BotEntry[];
  /** The bot every player must beat to qualify, and the padding of short groups (the cli: Demo). */
  baseline: BotEntry;
  /** The contest seed: it drives every draw of groups (default 1). */
  seed?: number;
  /** How many players reach the final phase (default 16). */
  finalists?: number;
  /** Matches each semifinal group plays, seats rotated (default 4). */
  semifinalMatches?: number;
  /** Matches of the final, seats rotated (default 4). */
  finalMatches?: number;
  /** Players per match (default: the engine's default; the Joc d'EDA games have 4). */
  seatsPerMatch?: number;
}

/** How far a player went. */
export type ContestPhase = "final" | "semifinal" | "elimination" | "qualification";

/** A line of the contest's standings. */
export interface Standing {
  /**
   * 1 = champion. Players out at the same stage share a place (standard competition ranking:
   * the next place counts them): the semifinalists out, and everyone who did not qualify.
   */
  place: number;
  player: string;
  /** The last phase the player played in. */
  reached: ContestPhase;
  /** The elimination round in which it was eliminated. */
  eliminatedInRound?: number;
  /** Points (4/3/2/1 per match) in the last phase with points (final or semifinal). */
  points?: number;
  /** Why it did not qualify, or how it was eliminated. */
  reason?: string;
  /**
   * A player disqualified before playing (its file does not compile or load): the compiler's or
   * loader's messages after the first line, which is in `reason`.
   */
  log?: string;
}

/** The outcome of a contest (what `--json` prints; `summary.schema.json`). */
export interface ContestSummary {
  kind: "contest";
  game: string;
  engineVersion: string;
  seed: number;
  /** Matches played (and found), every phase. */
  matches: number;
  /** Players who qualified (0: no final, no champion). */
  qualified: number;
  /** Elimination rounds (one player eliminated per round). */
  eliminationRounds: number;
  /** The same as `eliminationRounds` (its first name, kept for scripts that read it). */
  rounds: number;
  /** The champion, once the final is over (none when nobody qualified). */
  champion?: string;
  standings: Standing[];
  /** Every contestant's figures over all its matches (the baseline excluded). */
  bots: BotSummary[];
}

/** A contest in progress: iterate it for the match records; `summary()` when it is over. */
export interface Contest extends AsyncIterable<MatchRecord> {
  readonly bots: readonly BotInfo[];
  summary(): ContestSummary;
}

/**
 * The Joc d'EDA contest (as the issue and the statements describe it; README "Contest rules"):
 * qualification (a player whose file does not compile or load is disqualified; the others play a
 * match against copies of themselves without being frozen, then a match in each seat against
 * copies of the baseline, all won), elimination rounds (groups as even as can be, padded with the
 * baseline; a player is saved by scoring better than all but one of its rivals; the unsaved are
 * regrouped until at most a match's worth remain, who play until one finishes below all the
 * others and is eliminated) until `finalists` remain and they make a fair final phase, then
 * semifinals and a final scored 4/3/2/1. Every draw comes from the contest seed, so a re-run
 * gives the same contest.
 */
export function runContest(options: ContestOptions): Contest {
  const { engine } = options;
  const cwd = options.cwd ?? process.cwd();
  const { seats, finalists, semifinalMatches, finalMatches } = contestSettings(options);
  const contestSeed = options.seed ?? 1;
  // The baseline is named last: a player entered as the same bot keeps the plain name.
  const bots = describeBots(engine, [...options.players, options.baseline], cwd);
  const baseline = bots.length - 1;
  const baselineName = bots[baseline]!.name;
  const playerIndexes = bots.slice(0, baseline).map((_, i) => i);
  let summary: ContestSummary | undefined;

  return {
    bots,
    summary: () => {
      if (summary === undefined) throw new ArenaError("NOT_OVER", "the contest is not over yet");
      return summary;
    },
    // Long: the contest's stages in order (see runContest).
    async *[Symbol.asyncIterator]() {
      const run = await openRun("contest", options, bots, {
        seed: contestSeed,
        finalists,
        semifinalMatches,
        finalMatches,
        baseline: baselineName,
      });
      try {
        const draw = new ContestDraw(run.context, seats, baseline, contestSeed);
        const qualified = yield* qualification(draw, playerIndexes, run.faults);
        let alive = qualified.alive;
        // One player out per round, until `finalists` remain and they make a fair final phase.
        const eliminated: Out[] = [];
        while (alive.length > finalists || !fairFinalPhase(alive.length, seats)) {
          const out = yield* eliminationRound(draw, alive, eliminated.length + 1);
          eliminated.push(out);
          alive = alive.filter((p) => p !== out.player);
        }
        const final = yield* finalPhase(draw, alive, semifinalMatches, finalMatches);
        const standings = contestStandings(
          draw,
          final.finalists,
          final.out,
          eliminated,
          qualified.out,
        );
        summary = {
          kind: "contest",
          game: engine.name,
          engineVersion: engine.version,
          seed: contestSeed,
          matches: draw.records.length,
          qualified: qualified.alive.length,
          eliminationRounds: eliminated.length,
          rounds: eliminated.length,
          ...(final.finalists[0] !== undefined
            ? { champion: draw.name(final.finalists[0].player) }
            : {}),
          standings,
          bots: summarizeBots(
            draw.records,
            playerIndexes.map((p) => draw.name(p)),
          ),
        };
      } finally {
        await run.close();
      }
    },
  };
}

/** The contest's numbers from `options`, checked (`BAD_OPTION`). */
function contestSettings(options: ContestOptions) {
  const seats = seatCount(options.engine, options.seatsPerMatch);
  if (seats < 3) {
    throw new ArenaError(
      "BAD_OPTION",
      `the contest format needs at least 3 players per match, not ${seats}`,
    );
  }
  if (options.players.length === 0) throw new ArenaError("BAD_OPTION", "a contest needs players");
  const settings = {
    seats,
    finalists: options.finalists ?? 16,
    semifinalMatches: options.semifinalMatches ?? 4,
    finalMatches: options.finalMatches ?? 4,
  };
  for (const [name, value] of [
    ["finalists", settings.finalists],
    ["semifinal matches", settings.semifinalMatches],
    ["final matches", settings.finalMatches],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new ArenaError(
        "BAD_OPTION",
        `the number of ${name} must be a positive integer, got ${value}`,
      );
    }
  }
  return settings;
}

/** A final phase of `players` is fair: a final alone, or a fair semifinal (`semifinalGroups`). */
const fairFinalPhase = (players: number, seats: number): boolean =>
  players <= seats || semifinalGroups(players, seats) !== undefined;

/**
 * The standings: the finalists by final points, then the semifinalists out (sharing a place, by
 * their points), the eliminated from the last round back, then everyone who did not qualify
 * (sharing the last place, in the order given). A place counts the players above it.
 */
function contestStandings(
  draw: ContestDraw,
  finalists: readonly Ranked[],
  semifinalOut: readonly Out[],
  eliminated: readonly Out[],
  unqualified: readonly Out[],
): Standing[] {
  const standings: Standing[] = [];
  const add = (reached: ContestPhase, outs: ReadonlyArray<Out | Ranked>, shared: boolean) => {
    const place = standings.length + 1;
    outs.forEach((out, k) => {
      const { reason, round, log } = out as Out;
      standings.push({
        place: shared ? place : place + k,
        player: draw.name(out.player),
        reached,
        ...(round !== undefined ? { eliminatedInRound: round } : {}),
        ...(out.points !== undefined ? { points: out.points } : {}),
        ...(reason !== undefined ? { reason } : {}),
        ...(log !== undefined ? { log } : {}),
      });
    });
  };
  add("final", finalists, false);
  add("semifinal", semifinalOut, true);
  add("elimination", [...eliminated].reverse(), false);
  add("qualification", unqualified, true);
  return standings;
}
