// `arena play <game> [bots…]`: plays one match and prints the result. The steps, each in its
// own file: the config and budget (match-config), the seats (seats), the outputs (outputs), the
// watching page (watch), the match (run), what stops it (interrupt) and the result (report).
import { ArenaError } from "@arena/core";
import { integerFlag, type ParsedArgs } from "../../args";
import type { Command } from "../../command";
import { gameFlags } from "../../game-flags";
import { loadGame } from "../../games";
import type { CliIo } from "../../io";
import { ProgressLine, totalRounds } from "../../progress";
import { checkSeed } from "../../seed";
import { playFlags, playNotes } from "./flags";
import { interruptedExit, MatchStop } from "./interrupt";
import { budgetFrom, loadConfig } from "./match-config";
import { checkOutputs } from "./outputs";
import { reportResult } from "./report";
import { playMatch } from "./run";
import { planSeats, startSeats } from "./seats";
import type { PlaySession } from "./session";
import { startWatch } from "./watch";

/** `arena play`: plays one match and prints the result. */
export const playCommand: Command = {
  name: "play",
  usage: "<game> [bots…] [options]",
  description: "Plays one match and prints the result. With no bots, every player is Demo.",
  flags: playFlags,
  notes: playNotes,
  minPositionals: 1,
  moreFlags: gameFlags,
  run: (args, io) => play(args, io),
};

/**
 * `arena play`: returns the process exit code. Every flag is checked before a bot starts; the
 * match then runs until it is over, interrupted (Ctrl-C, SIGTERM) or its trace of orders ends.
 */
export async function play(args: ParsedArgs, io: CliIo): Promise<number> {
  const session = await openSession(args, io);
  const { engine, stop, watch } = session;
  try {
    const seats = await startSeats(engine, session.seats, args, io);
    reportResult(session, await playMatch(session, seats));
    await watch?.stayOpen();
    return 0;
  } catch (error) {
    if (!(error instanceof ArenaError && error.code === "ABORTED")) throw error;
    return interruptedExit(session);
  } finally {
    stop.dispose();
    await watch?.close();
  }
}

/** Checks the command line, then starts the watching page (`--watch`) and listens to Ctrl-C. */
async function openSession(args: ParsedArgs, io: CliIo): Promise<PlaySession> {
  const [gameName, ...bots] = args.positionals;
  if (gameName === undefined) throw new ArenaError("BAD_FLAG", "'arena play' needs a game");
  const engine = await loadGame(gameName);
  const seed = checkSeed(integerFlag(args, "seed", 1));
  const { config, source } = loadConfig(engine, args, io);
  const budget = budgetFrom(args);
  const seats = planSeats(engine, bots, args, io);
  const outputs = checkOutputs(engine, args, io);
  const json = args.flags.has("json");
  const quiet = args.flags.has("quiet");
  const total = totalRounds(config) ?? seats.trace?.length;
  const progress =
    io.interactive && !json && !quiet
      ? new ProgressLine((text) => io.err(text), engine.title, total)
      : undefined;
  const watch = await startWatch(engine, args, io, outputs.out);
  // Ctrl-C or SIGTERM aborts the match from here on; the replay keeps what was played.
  const stop = new MatchStop();
  return {
    engine,
    args,
    io,
    config,
    seed,
    budget,
    source,
    seats,
    outputs,
    total,
    json,
    quiet,
    progress,
    watch,
    stop,
    deadUnitOrders: Array<number>(seats.count).fill(0),
  };
}
