import { ArenaError } from "@arena/core";
import { type BotEntry, defaultBotName, describeBots } from "./bot-identity";
import { type BotSummary, summarizeBots } from "./bot-summary";
import { type PlannedMatch, plannedId, playMatches } from "./play-matches";
import { type BotInfo, type MatchRecord, winShare } from "./record";
import { openRun, type RunOptions, seatCount } from "./run-options";
import { type MeanInterval, meanInterval } from "./stats/mean-interval";
import { Z95 } from "./stats/normal";
import { type SprtState, sprt } from "./stats/sprt";
import { likelihoodAbove, likelihoodOfSuperiority } from "./stats/superiority";
import { wilsonInterval } from "./stats/wilson";

/** Options of `testBot`. */
export interface TestOptions extends RunOptions {
  candidate: BotEntry;
  baseline: BotEntry;
  /**
   * Opponents for the paired design: for each seed and seat, the candidate and the baseline each
   * play that seat with these bots in the other seats (cycled when fewer than needed).
   */
  opponents?: BotEntry[];
  seeds: number[];
  /** Stop as soon as a sequential probability ratio test on the win outcome concludes. */
  sprt?: boolean | { p1?: number; alpha?: number; beta?: number };
  /** Players per match for games with a range (default: the engine's default). */
  players?: number;
}

/** The verdict of a test. */
export type Verdict = "better" | "worse" | "inconclusive";

/** The report of `arena test` (what `--json` prints; `summary.schema.json`). */
export interface TestSummary {
  kind: "test";
  game: string;
  engineVersion: string;
  design: "baseline" | "paired";
  candidate: string;
  baseline: string;
  /** Matches counted. */
  matches: number;
  /** Seeds fully played and counted. */
  seeds: number;
  /** Players per match. */
  players: number;
  /** The candidate and the baseline (baseline seats pooled). */
  bots: BotSummary[];
  /** The candidate's win rate (shared wins), its 95 % Wilson interval, and the null value 1/players. */
  winRate: number;
  winRateCI: [number, number];
  nullWinRate: number;
  /**
   * Score difference: default design, the candidate's score minus the mean of the others in its
   * match; paired design, the candidate's score minus the baseline's in the same seat and seed.
   */
  scoreDifference: MeanInterval;
  /** Paired design only: the baseline's placement minus the candidate's (positive: candidate better). */
  placementDifference?: MeanInterval;
  /** Probability that the candidate is truly better (see README for each design). */
  likelihoodOfSuperiority: number;
  /**
   * The verdict on `verdictOn`: the win rate against 1/players (default design) or the placement
   * difference against 0 (paired design), from its 95 % interval.
   */
  verdict: Verdict;
  /** What `verdict` tested: `wins` (default design) or `placement` (paired design). */
  verdictOn: "wins" | "placement";
  /**
   * The verdict on the score difference, from its 95 % interval against 0: it may differ from
   * `verdict` (many small score gains without more wins: inconclusive on wins, better on score).
   */
  scoreVerdict: Verdict;
  /** When inconclusive: about how many more seeds would settle it (null: no difference seen). */
  moreSeeds: number | null;
  /** The SPRT, when asked. */
  sprt?: SprtState;
  /** Candidate seats frozen (faults). */
  candidateFaults: number;
  errors: number;
}

/** A test in progress: iterate it for the match records; `report()` at any time. */
export interface BotTest extends AsyncIterable<MatchRecord> {
  readonly bots: readonly BotInfo[];
  readonly planned: number;
  /** The report of the records seen so far (after an SPRT stop: of the seeds up to the stop). */
  report(): TestSummary;
}

/** One comparison of the design: a seed, the candidate's seat, and the match ids involved. */
interface Cell {
  seed: number;
  seat: number;
  /** The match with the candidate in `seat`. */
  candidateId: string;
  /** Paired design: the same match with the baseline in `seat`. */
  baselineId?: string;
}

/**
 * "Is my bot better?": plays the candidate against the baseline on `seeds` and reports the win
 * rate with its interval, the score (and, paired, placement) difference, the likelihood of
 * superiority and a verdict. Default design: the candidate in each seat against copies of the
 * baseline (null hypothesis: a win rate of 1/players). With `opponents`, a paired design.
 * Long: the plan, the batches until a verdict and the report share the run's state; to be split
 * into named steps as `runMatch` was (issue 37 left the tournament's code as it was).
 */
export function testBot(options: TestOptions): BotTest {
  const { engine } = options;
  const cwd = options.cwd ?? process.cwd();
  const players = seatCount(engine, options.players);
  const paired = options.opponents !== undefined && options.opponents.length > 0;
  if (paired && options.sprt) {
    throw new ArenaError(
      "BAD_OPTION",
      "--sprt works on the default design (the candidate against copies of the baseline), not with --opponents",
    );
  }
  const candidateName = options.candidate.name ?? defaultBotName(options.candidate.spec, cwd);
  let baselineName = options.baseline.name ?? defaultBotName(options.baseline.spec, cwd);
  // The same bot on both sides (a self-test): the same name, so the same matches.
  if (baselineName === candidateName && options.baseline.spec !== options.candidate.spec) {
    baselineName = `${baselineName}-baseline`;
  }
  const entries: BotEntry[] = [
    { ...options.candidate, name: candidateName },
    ...(baselineName !== candidateName ? [{ ...options.baseline, name: baselineName }] : []),
  ];
  const opponentIndexes: number[] = [];
  for (const opponent of options.opponents ?? []) {
    const name = opponent.name ?? defaultBotName(opponent.spec, cwd);
    const at = entries.findIndex((entry) => entry.name === name);
    if (at >= 0) opponentIndexes.push(at);
    else {
      opponentIndexes.push(entries.length);
      entries.push({ ...opponent, name });
    }
  }
  const bots = describeBots(engine, entries, cwd);
  const candidate = 0;
  const baseline = baselineName === candidateName ? 0 : 1;

  const plan: PlannedMatch[] = [];
  const cellsOfSeed = new Map<
    number,
    Array<{ seat: number; candidate: PlannedMatch; baseline?: PlannedMatch }>
  >();
  for (const seed of options.seeds) {
    const cells: Array<{ seat: number; candidate: PlannedMatch; baseline?: PlannedMatch }> = [];
    for (let seat = 0; seat < players; seat++) {
      if (!paired) {
        const seats = Array.from({ length: players }, (_, s) =>
          s === seat ? candidate : baseline,
        );
        const match = { seed, seats };
        plan.push(match);
        cells.push({ seat, candidate: match });
      } else {
        const others = Array.from(
          { length: players - 1 },
          (_, k) => opponentIndexes[k % opponentIndexes.length]!,
        );
        const withBot = (bot: number) => [...others.slice(0, seat), bot, ...others.slice(seat)];
        const a = { seed, seats: withBot(candidate) };
        const b = { seed, seats: withBot(baseline) };
        plan.push(a, b);
        cells.push({ seat, candidate: a, baseline: b });
      }
    }
    cellsOfSeed.set(seed, cells);
  }

  const byId = new Map<string, MatchRecord>();
  let cellsBySeed: Map<number, Cell[]> | undefined;
  /** Seeds counted: all of them, or after an SPRT stop the seeds up to the stop. */
  let countedSeeds: number = options.seeds.length;
  let sprtState: SprtState | undefined;
  const sprtOptions = typeof options.sprt === "object" ? options.sprt : {};
  const p0 = 1 / players;
  const p1 = sprtOptions.p1 ?? Math.min(0.99, p0 + 0.1);
  if (options.sprt && !(p1 > p0 && p1 < 1)) {
    throw new ArenaError(
      "BAD_OPTION",
      `the SPRT's p1 must be between 1/players (${p0.toFixed(3)}) and 1, got ${p1}`,
    );
  }

  const report = (): TestSummary => {
    const cells: Cell[] = [];
    for (const seed of options.seeds.slice(0, countedSeeds))
      cells.push(...(cellsBySeed?.get(seed) ?? []));
    return testReport({
      engine: { name: engine.name, version: engine.version },
      bots,
      candidateName,
      baselineName,
      paired,
      players,
      cells,
      byId,
      ...(sprtState !== undefined ? { sprt: sprtState } : {}),
      seedsPlanned: options.seeds.length,
    });
  };

  return {
    bots,
    planned: new Set(plan.map((match) => `${match.seed}:${match.seats.join(",")}`)).size,
    report,
    async *[Symbol.asyncIterator]() {
      const run = await openRun("test", options, bots, {
        design: paired ? "paired" : "baseline",
        candidate: candidateName,
        baseline: baselineName,
        seeds: options.seeds.length,
        firstSeed: options.seeds[0] ?? 0,
        ...(options.sprt ? { sprt: { p1 } } : {}),
      });
      // A test of a bot that cannot play tells nothing: its error, as before any match.
      const [fault] = run.faults.values();
      if (fault !== undefined) {
        await run.close();
        throw fault;
      }
      cellsBySeed = new Map();
      for (const [seed, list] of cellsOfSeed) {
        cellsBySeed.set(
          seed,
          list.map((cell) => ({
            seed,
            seat: cell.seat,
            candidateId: plannedId(run.context, cell.candidate),
            ...(cell.baseline !== undefined
              ? { baselineId: plannedId(run.context, cell.baseline) }
              : {}),
          })),
        );
      }
      // The SPRT is checked on whole seeds in seed order, so where it stops does not depend on
      // the order matches completed in (or on --jobs).
      let prefix = 0;
      let concluded = false;
      const stop = (): boolean => {
        if (!options.sprt || concluded) return concluded;
        while (prefix < options.seeds.length) {
          const cells = cellsBySeed!.get(options.seeds[prefix]!)!;
          if (!cells.every((cell) => byId.has(cell.candidateId))) break;
          prefix++;
          let wins = 0;
          let trials = 0;
          for (const seed of options.seeds.slice(0, prefix)) {
            for (const cell of cellsBySeed!.get(seed)!) {
              const record = byId.get(cell.candidateId)!;
              if (record.error !== undefined) continue;
              trials++;
              wins += winShare(record, cell.seat);
            }
          }
          sprtState = sprt(wins, trials, { p0, p1, ...sprtOptions });
          if (sprtState.result !== "continue") {
            concluded = true;
            countedSeeds = prefix;
            return true;
          }
        }
        return false;
      };
      try {
        for await (const record of playMatches(run.context, plan, { stop })) {
          byId.set(record.id, record);
          yield record;
        }
      } finally {
        await run.close();
      }
    },
  };
}

/** What `testReport` computes from. */
interface ReportInput {
  engine: { name: string; version: string };
  bots: BotInfo[];
  candidateName: string;
  baselineName: string;
  paired: boolean;
  players: number;
  cells: Cell[];
  byId: Map<string, MatchRecord>;
  sprt?: SprtState;
  seedsPlanned: number;
}

function testReport(input: ReportInput): TestSummary {
  const { cells, byId, players, paired } = input;
  const p0 = 1 / players;
  let wins = 0;
  let trials = 0;
  let faults = 0;
  let errors = 0;
  let better = 0;
  let worse = 0;
  const scoreDiffs: number[] = [];
  const placementDiffs: number[] = [];
  const seedsSeen = new Set<number>();
  const used = new Map<string, MatchRecord>();
  for (const cell of cells) {
    const a = byId.get(cell.candidateId);
    const b = cell.baselineId !== undefined ? byId.get(cell.baselineId) : undefined;
    if (a === undefined || (paired && b === undefined)) continue;
    if (a.error !== undefined || b?.error !== undefined) {
      errors++;
      continue;
    }
    seedsSeen.add(cell.seed);
    used.set(a.id, a);
    if (b !== undefined) used.set(b.id, b);
    trials++;
    wins += winShare(a, cell.seat);
    if (a.status[cell.seat]?.state === "frozen") faults++;
    const score = a.scores[cell.seat]!;
    if (!paired) {
      let others = 0;
      for (let s = 0; s < players; s++) if (s !== cell.seat) others += a.scores[s]!;
      scoreDiffs.push(score - others / (players - 1));
    } else {
      scoreDiffs.push(score - b!.scores[cell.seat]!);
      const difference = b!.ranks[cell.seat]! - a.ranks[cell.seat]!;
      placementDiffs.push(difference);
      if (difference > 0) better++;
      else if (difference < 0) worse++;
    }
  }
  const winRate = trials > 0 ? wins / trials : 0;
  const winRateCI = wilsonInterval(wins, trials);
  const scoreDifference = meanInterval(scoreDiffs);
  const placementDifference = paired ? meanInterval(placementDiffs) : undefined;
  let verdict: "better" | "worse" | "inconclusive";
  let moreSeeds: number | null = null;
  let likelihood: number;
  if (!paired) {
    likelihood = likelihoodAbove(wins, trials, p0);
    verdict =
      trials === 0
        ? "inconclusive"
        : winRateCI[0] > p0
          ? "better"
          : winRateCI[1] < p0
            ? "worse"
            : "inconclusive";
    if (verdict === "inconclusive") {
      const effect = winRate - p0;
      if (Math.abs(effect) > 1e-9) {
        const variance = winRate * (1 - winRate) || p0 * (1 - p0);
        const needed = Math.ceil((Z95 * Z95 * variance) / (effect * effect));
        moreSeeds = Math.max(1, Math.ceil(needed / players) - seedsSeen.size);
      }
    }
  } else {
    const placement = placementDifference!;
    likelihood = likelihoodOfSuperiority(better, worse);
    verdict =
      placement.n < 2
        ? "inconclusive"
        : placement.interval[0] > 0
          ? "better"
          : placement.interval[1] < 0
            ? "worse"
            : "inconclusive";
    if (verdict === "inconclusive" && Math.abs(placement.mean) > 1e-9 && placement.sd > 0) {
      const needed = Math.ceil(((Z95 * placement.sd) / placement.mean) ** 2);
      moreSeeds = Math.max(1, Math.ceil(needed / players) - seedsSeen.size);
    }
  }
  const records = [...used.values()];
  const names =
    input.candidateName === input.baselineName
      ? [input.candidateName]
      : [input.candidateName, input.baselineName];
  return {
    kind: "test",
    game: input.engine.name,
    engineVersion: input.engine.version,
    design: paired ? "paired" : "baseline",
    candidate: input.candidateName,
    baseline: input.baselineName,
    matches: records.length,
    seeds: seedsSeen.size,
    players,
    bots: summarizeBots(records, names),
    winRate,
    winRateCI,
    nullWinRate: p0,
    scoreDifference,
    ...(placementDifference !== undefined ? { placementDifference } : {}),
    likelihoodOfSuperiority: likelihood,
    verdict,
    verdictOn: paired ? "placement" : "wins",
    scoreVerdict:
      scoreDifference.n < 2
        ? "inconclusive"
        : scoreDifference.interval[0] > 0
          ? "better"
          : scoreDifference.interval[1] < 0
            ? "worse"
            : "inconclusive",
    moreSeeds,
    ...(input.sprt !== undefined ? { sprt: input.sprt } : {}),
    candidateFaults: faults,
    errors,
  };
}
