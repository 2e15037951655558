// @arena/tournament: many matches of an arena game — tournaments with ratings, "is my bot
// better?" tests, the Joc d'EDA contest — as async iterables of match records (Node only).

export {
  type BotEntry,
  botIdentity,
  defaultBotName,
  describeBots,
  parseBotArgument,
} from "./bot-identity";
export { type BotSummary, summarizeBots } from "./bot-summary";
export {
  type Contest,
  type ContestOptions,
  type ContestPhase,
  type ContestSummary,
  placePoints,
  runContest,
  type Standing,
} from "./contest";
export { canonicalJson, type MatchKey, matchId } from "./match-id";
export {
  type MatchRunner,
  type MatchRunnerFactory,
  RunnerFailure,
  type RunnerSetup,
} from "./match-runner";
export { type MatchTask, playTask, type TaskResult } from "./play-task";
export { defaultJobs, MatchPool, type MatchPoolOptions } from "./pool";
export { type PrepareEvent, prepareBots } from "./prepare-bots";
export { rateRecords, type SkillRating } from "./ratings";
export {
  type BotInfo,
  type MatchRecord,
  RESULTS_FORMAT,
  type ResultsHeader,
  type RunKind,
  type SeatStatus,
  winShare,
} from "./record";
export { type ResultsFile, ResultsWriter, readResults } from "./results-file";
export type { RunOptions } from "./run-options";
export {
  combinations,
  permutations,
  rotations,
  type SeatMode,
  tournamentSeatings,
} from "./seatings";
export { parseSeeds } from "./seeds";
export { type MeanInterval, meanInterval } from "./stats/mean-interval";
export { erf, normalCdf, Z95 } from "./stats/normal";
export { type SprtOptions, type SprtState, sprt, sprtBounds } from "./stats/sprt";
export { likelihoodAbove, likelihoodOfSuperiority } from "./stats/superiority";
export { wilsonInterval } from "./stats/wilson";
export {
  type BotTest,
  type TestOptions,
  type TestSummary,
  testBot,
  type Verdict,
} from "./test-bot";
export {
  type HeadToHead,
  runTournament,
  type SeatSummary,
  summarizeTournament,
  type Tournament,
  type TournamentOptions,
  type TournamentSummary,
  tournamentPlan,
} from "./tournament";
