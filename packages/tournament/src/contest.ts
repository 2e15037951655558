import { ArenaError, Lcg31 } from "@arena/core";
import { type BotEntry, defaultBotName, describeBots } from "./bot-identity";
import { type BotSummary, summarizeBots } from "./bot-summary";
import { type PlannedMatch, plannedId, playMatches, type RunContext } from "./play-matches";
import type { BotInfo, MatchRecord } from "./record";
import { openRun, type RunOptions, seatCount } from "./run-options";
import { rotations } from "./seatings";

/** Options of `runContest`. */
export interface ContestOptions extends RunOptions {
  /** The contestants (unique names). */
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
  /** 1 = champion. */
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
}

/** The outcome of a contest (what `--json` prints; `summary.schema.json`). */
export interface ContestSummary {
  kind: "contest";
  game: string;
  engineVersion: string;
  seed: number;
  /** Matches played (and found), every phase. */
  matches: number;
  /** Elimination rounds (one player eliminated per round). */
  rounds: number;
  /** The champion, once the final is over. */
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

/** Matches without a decision after which a lot decides (all ties forever: Null bots). */
const MAX_REPLAYS = 20;

/** Points of each seat for a match: places 1..n earn n..1; tied seats share their places' points. */
export function placePoints(ranks: readonly number[]): number[] {
  const n = ranks.length;
  return ranks.map((rank) => {
    const tied = ranks.filter((other) => other === rank).length;
    return n + 1 - (rank + (tied - 1) / 2);
  });
}

/**
 * The Joc d'EDA contest (as the issue and the statements describe it; README "Contest rules"):
 * qualification (a match against copies of itself without freezing, then a match in each seat
 * against copies of the baseline, all won), elimination rounds (random groups padded with the
 * baseline; a player is saved by scoring better than two of its three rivals; the unsaved are
 * regrouped until at most a match's worth remain, who play until one finishes below all the other
 * players and is eliminated) until `finalists` remain, then semifinals and a final scored 4/3/2/1.
 * Every draw comes from the contest seed, so a re-run gives the same contest.
 * Long: the stages (qualification, elimination, semifinals, final) share one draw sequence and the
 * records of the stages before; to be split into named steps (issue 37 left the tournament's code).
 */
export function runContest(options: ContestOptions): Contest {
  const { engine } = options;
  const cwd = options.cwd ?? process.cwd();
  const seats = seatCount(engine, options.seatsPerMatch);
  if (seats < 3) {
    throw new ArenaError(
      "BAD_OPTION",
      `the contest format needs at least 3 players per match, not ${seats}`,
    );
  }
  if (options.players.length === 0) throw new ArenaError("BAD_OPTION", "a contest needs players");
  const finalists = options.finalists ?? 16;
  const semifinalMatches = options.semifinalMatches ?? 4;
  const finalMatches = options.finalMatches ?? 4;
  for (const [name, value] of [
    ["finalists", finalists],
    ["semifinal matches", semifinalMatches],
    ["final matches", finalMatches],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new ArenaError(
        "BAD_OPTION",
        `the number of ${name} must be a positive integer, got ${value}`,
      );
    }
  }
  const contestSeed = options.seed ?? 1;
  const baselineName = options.baseline.name ?? defaultBotName(options.baseline.spec);
  const bots = describeBots(
    engine,
    [...options.players, { ...options.baseline, name: baselineName }],
    cwd,
  );
  const baseline = bots.length - 1;
  const playerIndexes = bots.slice(0, baseline).map((_, i) => i);
  const records: MatchRecord[] = [];
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
      const context: RunContext = run.context;
      const rng = new Lcg31(contestSeed);
      const shuffle = <T>(items: readonly T[]): T[] => {
        const result = items.slice();
        for (let i = result.length - 1; i > 0; i--) {
          const j = rng.random(0, i);
          [result[i], result[j]] = [result[j]!, result[i]!];
        }
        return result;
      };
      let nextSeed = 1;
      const byId = new Map<string, MatchRecord>();
      /** Plays `plan`, yielding its records; afterwards `byId` holds them. */
      async function* play(plan: PlannedMatch[]): AsyncGenerator<MatchRecord> {
        for await (const record of playMatches(context, plan)) {
          byId.set(record.id, record);
          records.push(record);
          yield record;
        }
      }
      const recordOf = (planned: PlannedMatch): MatchRecord =>
        byId.get(plannedId(context, planned))!;
      const padded = (group: readonly number[]): number[] => [
        ...group,
        ...Array(seats - group.length).fill(baseline),
      ];
      const name = (index: number) => bots[index]!.name;
      const standingsOut: Standing[] = [];

      try {
        // Qualification: the same seeds for every player.
        const selfSeed = nextSeed++;
        const baselineSeeds = Array.from({ length: seats }, () => nextSeed++);
        const qualificationPlan = new Map<number, { self: PlannedMatch; versus: PlannedMatch[] }>();
        const plan: PlannedMatch[] = [];
        for (const p of playerIndexes) {
          const self = { seed: selfSeed, seats: Array(seats).fill(p), stage: "qualification" };
          const versus = baselineSeeds.map((seed, seat) => ({
            seed,
            seats: Array.from({ length: seats }, (_, s) => (s === seat ? p : baseline)),
            stage: "qualification",
          }));
          qualificationPlan.set(p, { self, versus });
          plan.push(self, ...versus);
        }
        yield* play(plan);
        const unqualified: Standing[] = [];
        let alive: number[] = [];
        for (const p of playerIndexes) {
          const { self, versus } = qualificationPlan.get(p)!;
          const selfRecord = recordOf(self);
          let reason: string | undefined;
          if (selfRecord.error !== undefined)
            reason = `its match against itself failed: ${selfRecord.error}`;
          else {
            const frozen = selfRecord.status.find((status) => status.state === "frozen");
            if (frozen?.state === "frozen") {
              reason = `frozen in its match against itself at round ${frozen.round}: ${frozen.reason}`;
            }
          }
          if (reason === undefined) {
            versus.forEach((planned, seat) => {
              const record = recordOf(planned);
              if (reason !== undefined) return;
              if (record.error !== undefined)
                reason = `its match in seat ${seat} against ${baselineName} failed: ${record.error}`;
              else if (record.ranks[seat] !== 1) {
                reason = `did not win its match in seat ${seat} against ${baselineName} (placed ${record.ranks[seat]}, seed ${planned.seed})`;
              }
            });
          }
          if (reason === undefined) alive.push(p);
          else unqualified.push({ place: 0, player: name(p), reached: "qualification", reason });
        }

        // Elimination: one player out per round until `finalists` remain.
        const eliminated: Standing[] = [];
        let round = 0;
        while (alive.length > finalists) {
          round++;
          let unsaved = shuffle(alive);
          let pass = 0;
          let idle = 0;
          let out: number | undefined;
          let how = "";
          while (unsaved.length > seats && out === undefined) {
            pass++;
            const groups: number[][] = [];
            for (let i = 0; i < unsaved.length; i += seats)
              groups.push(unsaved.slice(i, i + seats));
            const planned = groups.map((group) => ({
              seed: nextSeed++,
              seats: padded(group),
              stage: `elimination ${round}.${pass}`,
            }));
            yield* play(planned);
            const saved = new Set<number>();
            planned.forEach((match, g) => {
              const record = recordOf(match);
              if (record.error !== undefined) return;
              groups[g]!.forEach((player, seat) => {
                const mine = record.scores[seat]!;
                const beaten = record.scores.filter(
                  (score, other) => other !== seat && mine > score,
                ).length;
                if (beaten >= seats - 2) saved.add(player);
              });
            });
            if (saved.size === 0 && ++idle >= MAX_REPLAYS) {
              out = unsaved[unsaved.length - 1]!;
              how = `drawn by lot after ${MAX_REPLAYS} passes without a decision`;
            }
            unsaved = shuffle(unsaved.filter((player) => !saved.has(player)));
          }
          if (out === undefined && unsaved.length === 1) {
            out = unsaved[0]!;
            how = "the only player left unsaved";
          }
          for (let attempt = 1; out === undefined; attempt++) {
            const match = {
              seed: nextSeed++,
              seats: padded(unsaved),
              stage: `elimination ${round}.last`,
            };
            yield* play([match]);
            const record = recordOf(match);
            if (record.error === undefined) {
              const last = unsaved.filter((player, seat) =>
                unsaved.every(
                  (other, otherSeat) =>
                    other === player || record.scores[seat]! < record.scores[otherSeat]!,
                ),
              );
              if (last.length === 1) {
                out = last[0]!;
                how = `finished below ${unsaved.length - 1 === 1 ? "the other player" : `the other ${unsaved.length - 1} players`} (seed ${match.seed})`;
              }
            }
            if (out === undefined && attempt >= MAX_REPLAYS) {
              out = unsaved[unsaved.length - 1]!;
              how = `drawn by lot after ${MAX_REPLAYS} matches without a decision`;
            }
          }
          const player = out;
          eliminated.push({
            place: 0,
            player: name(player),
            reached: "elimination",
            eliminatedInRound: round,
            reason: how,
          });
          alive = alive.filter((p) => p !== player);
        }

        // The final phase: semifinals (when more than a match's worth remain), then the final.
        const tally = (matches: PlannedMatch[], members: readonly number[]) => {
          const points = new Map<number, { points: number; score: number }>(
            members.map((m) => [m, { points: 0, score: 0 }]),
          );
          for (const match of matches) {
            const record = recordOf(match);
            if (record.error !== undefined) continue;
            const earned = placePoints(record.ranks);
            match.seats.forEach((player, seat) => {
              const entry = points.get(player);
              if (entry === undefined || player === baseline) return;
              entry.points += earned[seat]!;
              entry.score += record.scores[seat]!;
            });
          }
          // Points, then total score, then the draw order of `members`.
          return members
            .map((player, order) => ({ player, order, ...points.get(player)! }))
            .sort((a, b) => b.points - a.points || b.score - a.score || a.order - b.order);
        };
        const rotated = (
          group: readonly number[],
          count: number,
          stage: string,
        ): PlannedMatch[] => {
          const turns = rotations(padded(group));
          return Array.from({ length: count }, (_, j) => ({
            seed: nextSeed++,
            seats: turns[j % turns.length]!,
            stage,
          }));
        };
        let finalPlayers = alive;
        const semifinalists: Standing[] = [];
        if (alive.length > seats) {
          const order = shuffle(alive);
          const groups: number[][] = [];
          for (let i = 0; i < order.length; i += seats) groups.push(order.slice(i, i + seats));
          const advance = Math.max(1, Math.floor(seats / groups.length));
          const matches = groups.map((group, g) =>
            rotated(group, semifinalMatches, `semifinal ${g + 1}`),
          );
          yield* play(matches.flat());
          finalPlayers = [];
          groups.forEach((group, g) => {
            tally(matches[g]!, group).forEach((entry, k) => {
              if (k < advance) finalPlayers.push(entry.player);
              else
                semifinalists.push({
                  place: 0,
                  player: name(entry.player),
                  reached: "semifinal",
                  points: entry.points,
                });
            });
          });
          semifinalists.sort((a, b) => b.points! - a.points!);
        }
        const finalOrder = finalPlayers.length > 0 ? shuffle(finalPlayers) : [];
        const finals: Standing[] = [];
        if (finalOrder.length > 0) {
          const matches = rotated(finalOrder, finalMatches, "final");
          yield* play(matches);
          for (const entry of tally(matches, finalOrder)) {
            finals.push({
              place: 0,
              player: name(entry.player),
              reached: "final",
              points: entry.points,
            });
          }
        }
        eliminated.reverse();
        standingsOut.push(...finals, ...semifinalists, ...eliminated, ...unqualified);
        standingsOut.forEach((standing, i) => {
          standing.place = i + 1;
        });
        summary = {
          kind: "contest",
          game: engine.name,
          engineVersion: engine.version,
          seed: contestSeed,
          matches: byId.size,
          rounds: round,
          ...(finals[0] !== undefined ? { champion: finals[0].player } : {}),
          standings: standingsOut,
          bots: summarizeBots([...byId.values()], playerIndexes.map(name)),
        };
      } finally {
        await run.close();
      }
    },
  };
}
