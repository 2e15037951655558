// `arena play`: what the user reads. The late-turn warnings while the match is played, then the
// result: a ranked table (or `--json`) and the files written.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { AnyEngine, MatchResult, WarningEvent } from "@arena/core";
import {
  escapeControl,
  formatBytes,
  formatSeconds,
  outputTail,
  safeJson,
  table,
} from "../../format";
import type { CliIo } from "../../io";
import type { ProgressLine } from "../../progress";
import { playResultJson } from "../../result";
import type { Seat } from "./seats";
import type { PlaySession } from "./session";

/** Late-turn warnings printed per player; later ones are only counted. */
const WARNINGS_SHOWN = 5;

/**
 * Late turns (over the turn limit, within its grace) as warnings on stderr, a few per player: a
 * `RunOptions.onWarning`.
 */
export function lateTurnWarnings(
  players: readonly Seat[],
  progress: ProgressLine | undefined,
  io: CliIo,
): (event: WarningEvent) => void {
  const warned = new Map<number, number>();
  return ({ round, player, message }) => {
    const count = (warned.get(player) ?? 0) + 1;
    warned.set(player, count);
    if (count > WARNINGS_SHOWN) return;
    progress?.clear();
    const more =
      count === WARNINGS_SHOWN ? " (further late turns of this player are only counted)" : "";
    io.err(
      `warning: player ${player} (${escapeControl(players[player]!.name)}) ${escapeControl(message)}, round ${round}${more}\n`,
    );
  };
}

/** Prints the result of a finished match: JSON, or the table and the files written; or nothing. */
export function reportResult(session: PlaySession, result: MatchResult): void {
  const { engine, io, outputs } = session;
  if (session.json) {
    io.out(
      `${safeJson(playResultJson(engine, result, { replay: outputs.out, res: outputs.res }))}\n`,
    );
    return;
  }
  if (session.quiet) return;
  io.out(`${describeResult(engine, result, session.deadUnitOrders)}\n`);
  if (outputs.out !== undefined) {
    io.out(
      `replay: ${outputs.out} (${formatBytes(statSync(resolve(io.cwd, outputs.out)).size)})\n`,
    );
  }
  if (outputs.res !== undefined) io.out(`res: ${outputs.res}\n`);
  if (outputs.transcript !== undefined) io.out(`transcript: ${outputs.transcript}\n`);
  if (outputs.botLog !== undefined) io.out(`bot logs: ${outputs.botLog}\n`);
}

/**
 * The human summary of a finished match: a header line and a ranked table. `deadUnitOrders[p]`:
 * how many of player p's rejected orders were for a unit dead by then (the engines' `dead-unit`,
 * mostly killed earlier in the same round), told apart from its other rejected orders.
 */
export function describeResult(
  engine: AnyEngine,
  result: MatchResult,
  deadUnitOrders: readonly number[] = [],
): string {
  const head = `${engine.title} · seed ${result.seed} · ${result.rounds} rounds · ${formatSeconds(result.durationMs)}`;
  const order = result.players
    .map((player, index) => ({ player, index }))
    .sort((a, b) => a.player.rank - b.player.rank || a.index - b.index);
  // The bot column only when some bot is not simply its name (a module, a program, a trace);
  // the greeting column when a bot named itself otherwise (Lighthouses' `{"name": …}` greeting).
  const showBot = result.players.some((player) => player.label !== player.name);
  const greets = (player: MatchResult["players"][number]) =>
    player.botName !== undefined && player.botName !== player.name ? player.botName : "";
  const showGreeting = result.players.some((player) => greets(player) !== "");
  const rows = [
    [
      "rank",
      "p",
      "name",
      ...(showGreeting ? ["greets as"] : []),
      ...(showBot ? ["bot"] : []),
      "score",
      "time",
      "",
    ],
  ];
  for (const { player, index } of order) {
    rows.push([
      String(player.rank),
      String(index),
      escapeControl(player.name),
      ...(showGreeting ? [escapeControl(greets(player))] : []),
      ...(showBot ? [escapeControl(player.label)] : []),
      String(player.score),
      formatSeconds(player.timeMs),
      player.frozen
        ? `OUT${player.frozenAtRound !== undefined ? ` at round ${player.frozenAtRound}` : ""}: ${escapeControl(player.fault ?? "frozen")}`
        : notes(player, deadUnitOrders[index] ?? 0),
    ]);
  }
  const right = [
    true,
    true,
    false,
    ...(showGreeting ? [false] : []),
    ...(showBot ? [false] : []),
    true,
    true,
    false,
  ];
  // The end of what a faulty bot wrote (a traceback, its last prints), under the table.
  const tails = order
    .filter(({ player }) => player.frozen && player.stderr !== undefined && player.stderr !== "")
    .map(
      ({ player, index }) =>
        `player ${index} (${escapeControl(player.name)}) wrote on stderr, last lines:\n${outputTail(player.stderr!)}`,
    );
  return [head, table(rows, right), ...tails].join("\n");
}

/**
 * Late turns and rejected orders of a player who finished, for the last column. Orders for units
 * dead by their turn are counted apart: a unit killed earlier in the round is no mistake of the
 * bot's (the original ignores these orders too).
 */
function notes(player: MatchResult["players"][number], deadUnitOrders: number): string {
  const parts: string[] = [];
  if (player.lateTurns > 0)
    parts.push(`${player.lateTurns} late turn${player.lateTurns === 1 ? "" : "s"}`);
  const dead = Math.min(deadUnitOrders, player.rejectedOrders ?? 0);
  const rejected = (player.rejectedOrders ?? 0) - dead;
  if (rejected > 0) parts.push(`${rejected} rejected order${rejected === 1 ? "" : "s"}`);
  if (dead > 0)
    parts.push(`${dead} order${dead === 1 ? "" : "s"} of units killed before their turn`);
  return parts.join(", ");
}
