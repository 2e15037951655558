// What bots used, recorded per step in a replay (`usage` records), and its check against the
// players' instruction budgets and freezes. Browser-safe.
import { ArenaError } from "../engine/errors";
import type { Replay } from "./replay";

/** A player's instruction budget, as recorded in a replay's header (`Budget`'s instruction fields). */
export interface InstructionLimits {
  /** Instructions per call (`Budget.turnInstructions`). */
  turn?: number;
  /** Instructions over the match (`Budget.totalInstructions`). */
  total?: number;
}

/**
 * What the bots used since the previous record, one entry per player (null: nothing counted,
 * e.g. a bot that does not count instructions or did not play). A record of its own kind in the
 * replay (`{"usage":{…}}`), before its step's orders: `start` marks the players' starts (before
 * the first step); otherwise it is the step's turns. Other kinds of usage may join `instructions`
 * later; readers ignore the keys they do not know.
 */
export interface UsageRecord {
  /** The record is of the players' starts, not of a step's turns. */
  start?: true;
  /** Instructions each player executed (WebAssembly players: a deterministic count). */
  instructions?: Array<number | null>;
}

const mismatch = (message: string): never => {
  throw new ArenaError("REPLAY_MISMATCH", message);
};

/** The step each player was first frozen before (from the replay's freeze records). */
function frozenSteps(replay: Replay): Array<number | undefined> {
  const at = new Array<number | undefined>(replay.header.players.length).fill(undefined);
  for (const { step, player } of replay.frozen) at[player] ??= step;
  return at;
}

/** A recorded budget, checked (`BAD_REPLAY` when the header's value is malformed). */
function limitsOf(replay: Replay, player: number): InstructionLimits | undefined {
  const limits = replay.header.instructionLimits?.[player];
  if (limits === undefined || limits === null) return undefined;
  const valid = (n: unknown) => n === undefined || (Number.isSafeInteger(n) && (n as number) >= 0);
  if (typeof limits !== "object" || !valid(limits.turn) || !valid(limits.total)) {
    throw new ArenaError("BAD_REPLAY", `corrupt replay header: instructionLimits[${player}]`);
  }
  return limits;
}

/**
 * Checks one player's recorded instruction counts: none after it was frozen; a count over its
 * budget (a call over `turn`, the match over `total`) only at the step it was frozen; and, when
 * the end record says it was frozen for its instructions, that the count it names is the
 * recorded one.
 */
function checkPlayer(replay: Replay, player: number, frozenAt: number | undefined): void {
  const limits = limitsOf(replay, player);
  let total = 0;
  let over: { step: number; turn: number; total: number } | undefined;
  for (const record of replay.usage ?? []) {
    const count = record.instructions?.[player];
    if (count === undefined || count === null) continue;
    const where = `player ${player}, ${record.start ? "its start" : `step ${record.step + 1}`}`;
    if (over !== undefined || (frozenAt !== undefined && record.step > frozenAt))
      mismatch(`${where}: instructions are recorded after the player was frozen`);
    total += count;
    if (limits === undefined) continue;
    const isOver =
      (limits.turn !== undefined && count > limits.turn) ||
      (limits.total !== undefined && total > limits.total);
    if (!isOver) continue;
    if (frozenAt !== record.step) {
      mismatch(
        `${where}: ${count} instructions (${total} in the match) are over its instruction budget (${JSON.stringify(limits)}), but the player was not frozen then`,
      );
    }
    over = { step: record.step, turn: count, total };
  }
  const fault = replay.final?.faults?.[player];
  const named =
    typeof fault === "string"
      ? /^executed (\d+) instructions (in the match|for its)/.exec(fault)
      : null;
  if (named === null) return;
  const said = Number(named[1]);
  const recorded = named[2] === "in the match" ? over?.total : over?.turn;
  if (recorded !== said) {
    mismatch(
      `player ${player}: the end record says it was frozen after ${said} instructions, the usage records say ${recorded === undefined ? "it was never over its budget" : recorded}`,
    );
  }
}

/**
 * Checks a replay's `usage` records against the players' instruction budgets (the header's
 * `instructionLimits`) and their freezes: a player is frozen exactly at the step whose count put
 * it over its budget, nothing is counted for it after, and the end record's fault names the
 * recorded count. Throws `ArenaError("REPLAY_MISMATCH")` naming the player and step. A replay
 * without usage records passes.
 */
export function checkInstructionUsage(replay: Replay): void {
  const frozenAt = frozenSteps(replay);
  for (let player = 0; player < replay.header.players.length; player++)
    checkPlayer(replay, player, frozenAt[player]);
}
