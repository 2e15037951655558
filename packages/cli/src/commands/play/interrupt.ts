// `arena play`: how a match stops early. Ctrl-C or SIGTERM aborts it (the replay keeps what was
// played), and so does a trace of orders that runs out before the match is over.
import { ArenaError, type Controller } from "@arena/core";
import { keptReplay } from "./outputs";
import type { Seat } from "./seats";
import type { PlaySession } from "./session";

/** Exit codes of a process ended by a signal, as shells report them (128 + signal number). */
const SIGNAL_EXIT: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * What stops a match, and how far it got. Listens to SIGINT and SIGTERM from its creation until
 * `dispose()`; `signal` is the match's abort signal.
 */
export class MatchStop {
  private readonly abort = new AbortController();
  private stoppedBy: string | undefined;
  /** The round of the last step played (0 before the first). */
  round = 0;
  /** True once a step was played. */
  stepped = false;
  /** True when the match was stopped because the trace of orders ended before it. */
  shortTrace = false;

  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.stoppedBy ??= signal;
    this.abort.abort();
  };

  constructor() {
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
  }

  /** Aborts the match when it is stopped. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Stops the match: the trace is over but the match is not (its orders would be empty). */
  stopForShortTrace(): void {
    this.shortTrace = true;
    this.abort.abort();
  }

  /** The exit code of a match stopped by a signal (as a shell reports a process it ended). */
  exitCode(): number {
    return SIGNAL_EXIT[this.stoppedBy ?? "SIGINT"] ?? 130;
  }

  /** Stops listening to the signals. */
  dispose(): void {
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }
}

/**
 * After a stopped match: a trace that ran out is an error (`SHORT_TRACE`); a signal is a line on
 * stderr saying where the replay so far is, and the exit code a shell expects.
 */
export function interruptedExit(session: PlaySession): number {
  const { stop, seats, total, io } = session;
  const kept = keptReplay(session.outputs.out, io.cwd);
  if (stop.shortTrace) {
    throw new ArenaError(
      "SHORT_TRACE",
      `the trace has ${seats.trace!.length} steps but the match goes on (round ${stop.round}${total !== undefined ? ` of ${total}` : ""}); add --allow-short-orders to play the rest with no orders${kept}`,
      { file: seats.ordersPath },
    );
  }
  io.err(
    `arena: interrupted at round ${stop.round}${total !== undefined ? `/${total}` : ""}${kept !== "" ? kept : "; nothing was kept (no --out)"}\n`,
  );
  return stop.exitCode();
}

/**
 * Wraps the seats' controllers so that, at most every 50 ms of a match, a turn ends by yielding to
 * the event loop: with only synchronous in-process bots a match never would, and a Ctrl-C
 * (SIGINT/SIGTERM) would wait for the end of the match. Orders are untouched.
 */
export function yieldingControllers(players: readonly Seat[]): Seat[] {
  let last = performance.now();
  return players.map(({ name, controller }) => ({
    name,
    controller: new Proxy(controller, {
      get(target, key) {
        // Methods run on the controller itself (private fields and `this` stay its own).
        const value: unknown = Reflect.get(target, key, target);
        if (key !== "play") return typeof value === "function" ? value.bind(target) : value;
        return (ctx: Parameters<Controller["play"]>[0]) => {
          const result = target.play(ctx);
          const now = performance.now();
          if (now - last < 50) return result;
          last = now;
          return Promise.resolve(result).then(
            () => new Promise<void>((done) => setImmediate(done)),
          );
        };
      },
    }),
  }));
}
