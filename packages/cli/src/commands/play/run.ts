// `arena play`: the match itself. Runs it with the session's outputs (replay, .res, transcript,
// bot logs), its progress line and watching page, and names the file behind a failure.
import { resolve } from "node:path";
import { ArenaError, type MatchResult, type RunOptions, runMatch } from "@arena/core";
import { inFile } from "../../errors";
import { BotLog } from "./bot-log";
import { yieldingControllers } from "./interrupt";
import { namedWriteError, Transcript } from "./outputs";
import { lateTurnWarnings } from "./report";
import type { Seat } from "./seats";
import type { PlaySession } from "./session";

/** What `runMatch` tells after each step. */
type StepInfo = Parameters<NonNullable<RunOptions["onStep"]>>[0];

/** Plays the match in `seats`; the bot logs, the page and the transcript are closed after it. */
export async function playMatch(
  session: PlaySession,
  seats: readonly Seat[],
): Promise<MatchResult> {
  const { engine, io, outputs } = session;
  const onWarning =
    session.json || session.quiet ? undefined : lateTurnWarnings(seats, session.progress, io);
  const transcript = outputs.transcript === undefined ? undefined : new Transcript();
  const botLog =
    outputs.botLog === undefined
      ? undefined
      : new BotLog(
          resolve(io.cwd, outputs.botLog),
          seats.map((seat) => seat.name),
        );
  try {
    return await runMatch(engine, {
      config: session.config,
      seed: session.seed,
      players: yieldingControllers(seats),
      budget: session.budget,
      signal: session.stop.signal,
      ...(onWarning !== undefined ? { onWarning } : {}),
      ...(botLog !== undefined ? { onBotOutput: botLog.write } : {}),
      ...recordings(session),
      ...(transcript !== undefined ? { onMessage: transcript.add } : {}),
      onStep: (info) => followStep(session, info),
    });
  } catch (error) {
    throw await matchError(error, session, seats);
  } finally {
    botLog?.close();
    session.watch?.server.end();
    session.progress?.clear();
    if (outputs.transcript !== undefined) transcript?.save(resolve(io.cwd, outputs.transcript));
  }
}

/** The replay (to `--out`, or the file `--watch` follows) and the `.res` the match records. */
function recordings(session: PlaySession): Pick<RunOptions, "replay" | "res"> {
  const { watch, outputs, io } = session;
  const replay =
    watch !== undefined
      ? watch.path
      : outputs.out !== undefined
        ? resolve(io.cwd, outputs.out)
        : undefined;
  return {
    ...(replay !== undefined ? { replay } : {}),
    // Streamed to <res>.partial as the match is played, renamed to <res> at its end.
    ...(outputs.res !== undefined ? { res: resolve(io.cwd, outputs.res) } : {}),
  };
}

/** After each step: the progress line, the watching page, and the end of a short trace. */
function followStep(session: PlaySession, info: StepInfo): void {
  const { stop, seats } = session;
  stop.stepped = true;
  stop.round = info.round;
  session.deadUnitOrders.forEach((_, player) => {
    for (const rejection of info.match.feedback?.recorded(player) ?? [])
      if (rejection.reason === "dead-unit") session.deadUnitOrders[player]!++;
  });
  session.progress?.update(info.round, info.scores);
  // The page follows step by step: the file's batches and the steps not yet written.
  session.watch?.server.update(info.replay?.preview());
  // The trace is over but the match is not: its orders would silently be empty.
  if (
    seats.trace !== undefined &&
    !seats.allowShortOrders &&
    info.step >= seats.trace.length &&
    !info.match.isOver()
  ) {
    stop.stopForShortTrace();
  }
}

/** The error to report for a match that failed, naming the config or the output file. */
async function matchError(
  error: unknown,
  session: PlaySession,
  seats: readonly Seat[],
): Promise<unknown> {
  if (
    !session.stop.stepped &&
    error instanceof ArenaError &&
    !["ABORTED", "CANNOT_WRITE"].includes(error.code)
  ) {
    // The match could not be made of the config (e.g. a map without start positions): the
    // runner failed before its first step, so it closed no bot; name the config.
    await Promise.all(seats.map(({ controller }) => controller.close?.()));
    return inFile(error, session.source);
  }
  return namedWriteError(error, session.outputs, session.io.cwd);
}
