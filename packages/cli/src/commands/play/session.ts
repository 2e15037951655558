// `arena play`: what the command knows once its flags are checked, shared by its steps.
import type { AnyEngine, Budget, Json } from "@arena/core";
import type { ParsedArgs } from "../../args";
import type { CliIo } from "../../io";
import type { ProgressLine } from "../../progress";
import type { MatchStop } from "./interrupt";
import type { PlayOutputs } from "./outputs";
import type { SeatPlan } from "./seats";
import type { MatchWatch } from "./watch";

/** One `arena play` run: the match to play and where its outputs go. */
export interface PlaySession {
  readonly engine: AnyEngine;
  readonly args: ParsedArgs;
  readonly io: CliIo;
  readonly config: Json;
  readonly seed: number;
  /** The players' limits (`--budget`, `--turn-timeout`, `--start-timeout`). */
  readonly budget: Budget;
  /** Where the config came from (its file, or the game's default), for errors about it. */
  readonly source: string;
  readonly seats: SeatPlan;
  readonly outputs: PlayOutputs;
  /** The match's number of rounds when known (from the config, or the trace's length). */
  readonly total: number | undefined;
  /** `--json`: the result as JSON on stdout, and no warnings. */
  readonly json: boolean;
  /** `--quiet`: nothing but errors. */
  readonly quiet: boolean;
  /** The progress line on an interactive terminal. */
  readonly progress: ProgressLine | undefined;
  /** `--watch`: the page following the match. */
  readonly watch: MatchWatch | undefined;
  readonly stop: MatchStop;
  /**
   * Each player's orders the rules ignored because its unit was dead by its turn (the engines'
   * `dead-unit` rejections, mostly killed earlier in the same round), counted as the match goes.
   */
  readonly deadUnitOrders: number[];
}
