// The stages of the Joc d'EDA contest (README "Contest rules as implemented"): each a generator
// that yields its match records and returns who goes on.
import { type ArenaError, Lcg31 } from "@arena/core";
import { evenGroups, groupCount, semifinalGroups } from "./contest-groups";
import { type PlannedMatch, plannedId, playMatches, type RunContext } from "./play-matches";
import type { MatchRecord } from "./record";
import { rotations } from "./seatings";

/** Matches without a decision after which a lot decides (all ties forever: Null bots). */
const MAX_REPLAYS = 20;

/** How a player left the contest before the final (a line of the standings without its place). */
export interface Out {
  player: number;
  reason?: string;
  /** Elimination round. */
  round?: number;
  /** Semifinal points. */
  points?: number;
  /** The compiler's (or loader's) messages of a player disqualified before playing. */
  log?: string;
}

/** A finalist with its final points. */
export interface Ranked {
  player: number;
  points: number;
}

/** Points of each seat for a match: places 1..n earn n..1; tied seats share their places' points. */
export function placePoints(ranks: readonly number[]): number[] {
  const n = ranks.length;
  return ranks.map((rank) => {
    const tied = ranks.filter((other) => other === rank).length;
    return n + 1 - (rank + (tied - 1) / 2);
  });
}

/**
 * What the stages share: the run, the seats of a match, the baseline (an index into the run's
 * bots), the contest's draws (every one from the contest seed) and its match seeds (1, 2, …).
 */
export class ContestDraw {
  private readonly rng: Lcg31;
  private seed = 1;
  private readonly byId = new Map<string, MatchRecord>();

  constructor(
    readonly context: RunContext,
    readonly seats: number,
    readonly baseline: number,
    contestSeed: number,
  ) {
    this.rng = new Lcg31(contestSeed);
  }

  /** The next match seed. */
  nextSeed(): number {
    return this.seed++;
  }

  /** `items` in an order drawn from the contest seed (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const result = items.slice();
    for (let i = result.length - 1; i > 0; i--) {
      const j = this.rng.random(0, i);
      [result[i], result[j]] = [result[j]!, result[i]!];
    }
    return result;
  }

  /** Plays `plan`, yielding its records. */
  async *play(plan: PlannedMatch[]): AsyncGenerator<MatchRecord> {
    for await (const record of playMatches(this.context, plan)) {
      this.byId.set(record.id, record);
      yield record;
    }
  }

  /** The record of a match played. */
  recordOf(planned: PlannedMatch): MatchRecord {
    return this.byId.get(plannedId(this.context, planned))!;
  }

  /** Every record played or found. */
  get records(): MatchRecord[] {
    return [...this.byId.values()];
  }

  /** `group` with the baseline in the seats it leaves empty. */
  padded(group: readonly number[]): number[] {
    return [...group, ...Array(this.seats - group.length).fill(this.baseline)];
  }

  name(player: number): string {
    return this.context.bots[player]!.name;
  }
}

/** Why `p` did not qualify from its qualification records, or undefined when it did. */
function qualificationFault(
  draw: ContestDraw,
  self: PlannedMatch,
  versus: readonly PlannedMatch[],
): string | undefined {
  const selfRecord = draw.recordOf(self);
  if (selfRecord.error !== undefined) return `its match against itself failed: ${selfRecord.error}`;
  const frozen = selfRecord.status.find((status) => status.state === "frozen");
  if (frozen?.state === "frozen")
    return `frozen in its match against itself at round ${frozen.round}: ${frozen.reason}`;
  const baselineName = draw.name(draw.baseline);
  for (const [seat, planned] of versus.entries()) {
    const record = draw.recordOf(planned);
    if (record.error !== undefined)
      return `its match in seat ${seat} against ${baselineName} failed: ${record.error}`;
    if (record.ranks[seat] !== 1)
      return `did not win its match in seat ${seat} against ${baselineName} (placed ${record.ranks[seat]}, seed ${planned.seed})`;
  }
  return undefined;
}

/**
 * Qualification: a match against copies of itself without being frozen, then a match in each
 * seat against copies of the baseline, all won; the same seeds for every player. A player whose
 * file does not compile or load (`faults`) is disqualified without a match.
 */
export async function* qualification(
  draw: ContestDraw,
  players: readonly number[],
  faults: ReadonlyMap<string, ArenaError>,
): AsyncGenerator<MatchRecord, { alive: number[]; out: Out[] }> {
  const { seats, baseline } = draw;
  const selfSeed = draw.nextSeed();
  const baselineSeeds = Array.from({ length: seats }, () => draw.nextSeed());
  const plans = new Map<number, { self: PlannedMatch; versus: PlannedMatch[] }>();
  const out: Out[] = [];
  for (const p of players) {
    const fault = faults.get(draw.name(p));
    if (fault !== undefined) {
      const [first = "", ...rest] = fault.message.split("\n");
      const log = rest.join("\n");
      out.push({
        player: p,
        reason: `disqualified: ${first.replace(/:$/, "")}`,
        ...(log ? { log } : {}),
      });
      continue;
    }
    const self = { seed: selfSeed, seats: Array(seats).fill(p), stage: "qualification" };
    const versus = baselineSeeds.map((seed, seat) => ({
      seed,
      seats: Array.from({ length: seats }, (_, s) => (s === seat ? p : baseline)),
      stage: "qualification",
    }));
    plans.set(p, { self, versus });
  }
  yield* draw.play([...plans.values()].flatMap(({ self, versus }) => [self, ...versus]));
  const alive: number[] = [];
  for (const [p, { self, versus }] of plans) {
    const reason = qualificationFault(draw, self, versus);
    if (reason === undefined) alive.push(p);
    else out.push({ player: p, reason });
  }
  // Listed in the order the players were given.
  out.sort((a, b) => a.player - b.player);
  return { alive, out };
}

/** The players of `group` who scored strictly more than `seats − 2` of their match's others. */
function savedIn(draw: ContestDraw, group: readonly number[], record: MatchRecord): number[] {
  if (record.error !== undefined) return [];
  return group.filter((_, seat) => {
    const mine = record.scores[seat]!;
    const beaten = record.scores.filter((score, other) => other !== seat && mine > score).length;
    return beaten >= draw.seats - 2;
  });
}

/**
 * One elimination round: groups as even as can be (padded with the baseline) play a match each;
 * a player is saved by scoring better than all but one of its rivals; the unsaved are regrouped
 * until a match's worth remain, who play until one finishes below all the others. Returns the
 * player out and how.
 */
export async function* eliminationRound(
  draw: ContestDraw,
  alive: readonly number[],
  round: number,
): AsyncGenerator<MatchRecord, Out> {
  const { seats } = draw;
  let unsaved = draw.shuffle(alive);
  for (let pass = 1, idle = 0; unsaved.length > seats; pass++) {
    const groups = evenGroups(unsaved, groupCount(unsaved.length, seats));
    const planned = groups.map((group) => ({
      seed: draw.nextSeed(),
      seats: draw.padded(group),
      stage: `elimination ${round}.${pass}`,
    }));
    yield* draw.play(planned);
    const saved = new Set(
      groups.flatMap((group, g) => savedIn(draw, group, draw.recordOf(planned[g]!))),
    );
    if (saved.size === 0 && ++idle >= MAX_REPLAYS) {
      const how = `drawn by lot after ${MAX_REPLAYS} passes without a decision`;
      return { player: unsaved[unsaved.length - 1]!, round, reason: how };
    }
    unsaved = draw.shuffle(unsaved.filter((player) => !saved.has(player)));
  }
  if (unsaved.length === 1)
    return { player: unsaved[0]!, round, reason: "the only player left unsaved" };
  for (let attempt = 1; ; attempt++) {
    const match = {
      seed: draw.nextSeed(),
      seats: draw.padded(unsaved),
      stage: `elimination ${round}.last`,
    };
    yield* draw.play([match]);
    const record = draw.recordOf(match);
    if (record.error === undefined) {
      const below = (seat: number) =>
        unsaved.every((_, other) => other === seat || record.scores[seat]! < record.scores[other]!);
      const last = unsaved.filter((_, seat) => below(seat));
      if (last.length === 1) {
        const others =
          unsaved.length - 1 === 1 ? "the other player" : `the other ${unsaved.length - 1} players`;
        return { player: last[0]!, round, reason: `finished below ${others} (seed ${match.seed})` };
      }
    }
    if (attempt >= MAX_REPLAYS) {
      const how = `drawn by lot after ${MAX_REPLAYS} matches without a decision`;
      return { player: unsaved[unsaved.length - 1]!, round, reason: how };
    }
  }
}

/** Each member's points (4/3/2/1 by rank) and total score over `matches`, best first. */
function tally(draw: ContestDraw, matches: readonly PlannedMatch[], members: readonly number[]) {
  const points = new Map(members.map((m) => [m, { points: 0, score: 0 }]));
  for (const match of matches) {
    const record = draw.recordOf(match);
    if (record.error !== undefined) continue;
    const earned = placePoints(record.ranks);
    match.seats.forEach((player, seat) => {
      const entry = points.get(player);
      if (entry === undefined || player === draw.baseline) return;
      entry.points += earned[seat]!;
      entry.score += record.scores[seat]!;
    });
  }
  // Points, then total score, then the draw order of `members`.
  return members
    .map((player, order) => ({ player, order, ...points.get(player)! }))
    .sort((a, b) => b.points - a.points || b.score - a.score || a.order - b.order);
}

/** `count` matches of `group` (padded) with the seats rotated. */
function rotated(draw: ContestDraw, group: readonly number[], count: number, stage: string) {
  const turns = rotations(draw.padded(group));
  return Array.from({ length: count }, (_, j) => ({
    seed: draw.nextSeed(),
    seats: turns[j % turns.length]!,
    stage,
  }));
}

/**
 * The final phase: with more players than a match's seats, semifinals (`semifinalGroups` even
 * groups, `semifinalMatches` rotated matches each, 4/3/2/1 points; the best seats / groups of
 * each go on), then the final (`finalMatches` rotated matches). Returns the finalists best first
 * and the semifinalists out.
 */
export async function* finalPhase(
  draw: ContestDraw,
  alive: readonly number[],
  semifinalMatches: number,
  finalMatches: number,
): AsyncGenerator<MatchRecord, { finalists: Ranked[]; out: Out[] }> {
  const out: Out[] = [];
  let finalPlayers = [...alive];
  const groupsCount =
    alive.length > draw.seats ? semifinalGroups(alive.length, draw.seats) : undefined;
  if (groupsCount !== undefined) {
    const groups = evenGroups(draw.shuffle(alive), groupsCount);
    const advance = draw.seats / groupsCount;
    const matches = groups.map((group, g) =>
      rotated(draw, group, semifinalMatches, `semifinal ${g + 1}`),
    );
    yield* draw.play(matches.flat());
    finalPlayers = [];
    groups.forEach((group, g) => {
      tally(draw, matches[g]!, group).forEach((entry, k) => {
        if (k < advance) finalPlayers.push(entry.player);
        else out.push({ player: entry.player, points: entry.points });
      });
    });
    out.sort((a, b) => b.points! - a.points!);
  }
  if (finalPlayers.length === 0) return { finalists: [], out };
  const order = draw.shuffle(finalPlayers);
  const matches = rotated(draw, order, finalMatches, "final");
  yield* draw.play(matches);
  const finalists = tally(draw, matches, order).map(({ player, points }) => ({ player, points }));
  return { finalists, out };
}
