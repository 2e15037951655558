import type { Json } from "@arena/core";

/** The first line of a results file: what the run is. */
export interface ResultsHeader {
  type: "header";
  /** The results format, `arena-results/1`. */
  format: typeof RESULTS_FORMAT;
  /** Which run wrote the file. */
  kind: RunKind;
  game: string;
  engineVersion: string;
  config: Json;
  /** The bots of the run, with the identity their match ids are hashed from. */
  bots: BotInfo[];
  /** The run's options as given (seeds, seat mode, design…), for the record. */
  options: { [key: string]: Json };
}

/** The kinds of runs. */
export type RunKind = "tournament" | "test" | "contest";

/** The results format written in headers. */
export const RESULTS_FORMAT = "arena-results/1";

/** A bot of a run. */
export interface BotInfo {
  /** The name shown in results and replays (unique in a run). */
  name: string;
  /** How it was given: a built-in name, a module path, or `exec:<command line>`. */
  spec: string;
  /** What match ids hash: `builtin:Demo`, `file:<sha256>`, `exec:<command>#<sha256 of its files>`. */
  identity: string;
  /**
   * Why the bot cannot play (its file does not compile, load or register a player: the
   * compiler's messages), as found before the run's first match. Such a bot is frozen from the
   * start of each of its matches, that reason in its seat's status; a contest disqualifies it.
   */
  fault?: string;
}

/** How one seat ended a match. */
export type SeatStatus =
  | { state: "ok" }
  | {
      state: "frozen";
      /** Why the bot was frozen (the runner's fault message). */
      reason: string;
      /** The round when it was frozen. */
      round: number;
    };

/** One match: a line of a results file. */
export interface MatchRecord {
  type: "match";
  /** Stable id: a hash of game, engine version, config, seed and each seat's name and identity. */
  id: string;
  game: string;
  engineVersion: string;
  seed: number;
  /** The bot name in each seat (index = player number). */
  seats: string[];
  /** Final score of each seat (empty when `error` is set). */
  scores: number[];
  /** Rank of each seat, 1 = best, ties share a rank (empty when `error` is set). */
  ranks: number[];
  /** Each seat's end state. */
  status: SeatStatus[];
  /** Rounds played. */
  rounds: number;
  /** Wall time of the match in milliseconds (the one field that differs between runs). */
  durationMs: number;
  /** The replay file, when replays are kept. */
  replay?: string;
  /** Where the match belongs in a contest (e.g. `qualification`, `elimination 3.1`, `final`). */
  stage?: string;
  /** The match itself failed (not a bot: the runner or the worker): the message. */
  error?: string;
}

/** The win share of `seat`: 1/k when it is one of k seats tied at the top, else 0. */
export function winShare(record: MatchRecord, seat: number): number {
  if (record.ranks[seat] !== 1) return 0;
  let tied = 0;
  for (const rank of record.ranks) if (rank === 1) tied++;
  return 1 / tied;
}
