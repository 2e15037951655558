import type { AnyEngine, Match } from "../engine/engine";
import { ArenaError } from "../engine/errors";
import { ranking } from "../engine/ranking";
import type { BotNote } from "../notes/bot-notes";
import type { UsageRecord } from "../replay/usage";
import type { MatchEvent, PlayContext } from "./controller";
import { callController, describeError, isPromise } from "./controller-call";
import { MatchRecording } from "./match-recording";
import type { MatchResult, RunOptions } from "./run-match";
import { Seat } from "./seat";
import { checkTurnOrders, feedBackRejections } from "./turn-orders";

const EMPTY: readonly unknown[] = Object.freeze([]);

/** CPU time of this process in ms (user + system). */
const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Call = (ctx: PlayContext) => Promise<void> | void;

/**
 * One match being played by `runMatch`: its seats, its recording, and the round in progress.
 * Each step of a match's life is a method, in the order the runner takes them: `startSeats`,
 * then `playRound` until the match is over, then `close` and `result`. A method that may have
 * to wait (for an asynchronous bot, a freeze) returns a promise only then: synchronous bots are
 * played without a single `await`.
 */
export class MatchRun {
  readonly match: Match;
  readonly seats: Seat[];
  private readonly recording: MatchRecording;
  private readonly keepHistory: boolean;
  private readonly history: MatchEvent[] = [];
  /** Out-of-process seats' stderr is recorded per turn (with a replay). */
  private readonly capturesOutput: boolean;
  /** Steps resolved so far. */
  step = 0;
  /** The round being played, the seats to move in it, their orders and notes. */
  private round = 0;
  private moved: readonly number[] = [];
  private orders: Array<readonly unknown[]> = [];
  private notes: Array<BotNote | null> | undefined;
  /** The seats of this round whose controller wants the step's result (`afterStep`). */
  private readonly toAfter: Seat[] = [];
  /** Players frozen since the last recorded step (the replay records them with the next one). */
  private frozenSince: number[] = [];
  /** Some seat counts the instructions its bot executes (a replay then records them). */
  private readonly countsInstructions: boolean;
  /** The `usage` record of the starts, recorded with the first step. */
  private startUsage: UsageRecord | undefined;

  /** Seat set-up: checks the number of players, creates the match, its seats and recording. */
  constructor(
    private readonly engine: AnyEngine,
    private readonly options: RunOptions,
  ) {
    const { config, seed, players } = options;
    const numPlayers = players.length;
    if (numPlayers < engine.players.min || numPlayers > engine.players.max) {
      throw new ArenaError(
        "BAD_PLAYERS",
        `${engine.title} takes ${engine.players.min}–${engine.players.max} players, got ${numPlayers}`,
      );
    }
    const digestEvery = Math.max(1, Math.floor(options.digestEvery ?? 100));
    const match = engine.create(config, seed, numPlayers);
    this.match = match;
    this.keepHistory = options.history === true || players.some((p) => p.controller.wantsHistory);
    const { onBotOutput, onWarning } = options;
    const setting = {
      engine,
      match,
      config,
      seed,
      numPlayers,
      history: this.history,
      budget: options.budget,
      signal: options.signal,
      onMessage: options.onMessage,
      onOutput: (player: number, text: string) =>
        onBotOutput?.({ player, round: match.round(), kind: "stderr", text }),
      cpuClock: options.cpuClock ?? processCpuMs,
      onLateTurn: (player: number, message: string) =>
        onWarning?.({ step: this.step, round: match.round(), player, message }),
    };
    this.seats = players.map(({ name, controller }, p) => new Seat(p, name, controller, setting));
    this.capturesOutput = this.seats.some((seat) => seat.controller.stderr !== undefined);
    const names = players.map((p) => p.name);
    this.recording = MatchRecording.open(engine, options, match, names, digestEvery, this.seats);
    this.countsInstructions = this.seats.some((seat) => seat.countsInstructions);
  }

  /** Starts every seat's controller in seat order, each within its start limit. */
  async startSeats(): Promise<void> {
    for (const seat of this.seats) {
      this.checkAbort();
      const { start } = seat.controller;
      if (start === undefined) continue;
      seat.beginCall(seat.budget.startMs, "start");
      const before = seat.timeMs;
      let fault = callController(seat, start as Call, this.options.signal);
      if (isPromise(fault)) fault = await fault;
      const { startMs } = seat.budget;
      if (startMs !== undefined) seat.startLeftMs = Math.max(0, startMs - (seat.timeMs - before));
      if (fault !== undefined) await this.freeze(seat, fault);
    }
    if (this.countsInstructions) {
      const instructions = this.seats.map((seat) =>
        seat.takeInstructions(seat.controller.start !== undefined),
      );
      this.startUsage = { start: true, instructions };
    }
  }

  /**
   * One round, in the rules' order: every unfrozen seat of `match.toMove()` plays its turn (in
   * call order, copies of one player's process together), what the bots wrote is filed with their
   * turn, the engine resolves the step, each bot's rejected orders are fed back, the step is
   * recorded, the controllers that want it get the result, and `onStep` is told.
   */
  playRound(): Promise<void> | undefined {
    if (this.options.signal?.aborted) this.checkAbort();
    this.round = this.match.round();
    this.moved = this.match.toMove();
    this.orders = new Array<readonly unknown[]>(this.seats.length).fill(EMPTY);
    this.notes = undefined;
    this.toAfter.length = 0;
    const asking = this.askSeats(0);
    if (asking !== undefined) return asking.then(() => this.endRound());
    return this.endRound();
  }

  /** Asks the seats to move from the `from`-th on, each for its turn; a promise when one waits. */
  private askSeats(from: number): Promise<void> | undefined {
    const { moved } = this;
    for (let m = from; m < moved.length; m++) {
      const seat = this.seats[moved[m]!];
      if (seat === undefined || seat.frozen) continue;
      if (seat.controller.group !== undefined) {
        const { batch, last } = this.batchFrom(m);
        if (batch.length > 1) return this.playBatch(batch).then(() => this.askSeats(last + 1));
      }
      const fault = this.playTurn(seat);
      if (fault === undefined) continue;
      return this.freezeAfterTurn(seat, fault).then(() => this.askSeats(m + 1));
    }
    return undefined;
  }

  /**
   * A seat's turn: its collector emptied and its limits set, its controller asked, the call
   * charged against its budget and its orders checked. A fault reason (or undefined), as a
   * promise when the controller answers asynchronously.
   */
  private playTurn(seat: Seat): string | undefined | Promise<string | undefined> {
    seat.beginTurn(this.step, this.round);
    const fault = callController(seat, seat.controller.play, this.options.signal);
    if (isPromise(fault)) return fault.then((reason) => this.endTurn(seat, reason));
    return this.endTurn(seat, fault);
  }

  /**
   * After a seat's turn (`fault`: the call's, charged): its orders kept for the step, or the
   * reason to freeze it. As in the originals, the orders of a faulty step are discarded.
   */
  private endTurn(seat: Seat, fault: string | undefined): string | undefined {
    const reason = checkTurnOrders(seat, fault, this.engine);
    if (reason !== undefined) return reason;
    const { collector, player } = seat;
    // An empty list stays the shared EMPTY: the collector keeps its empty list for the next
    // step, and `history` (a replica's source, read later) must not see it filled then.
    if (collector.orders.length > 0) this.orders[player] = collector.orders;
    const { note } = collector;
    if (note !== undefined) {
      this.setNote(player, note);
      if (note.text !== undefined) {
        this.options.onBotOutput?.({ player, round: this.round, kind: "note", text: note.text });
      }
    }
    if (seat.controller.afterStep !== undefined) this.toAfter.push(seat);
    return undefined;
  }

  private async freezeAfterTurn(seat: Seat, fault: string | Promise<string | undefined>) {
    const reason = await fault;
    if (reason !== undefined) await this.freeze(seat, reason);
  }

  /**
   * The seats served with the `m`-th of the call order (whose controller has a group): it and
   * the next unfrozen seats whose controllers share its group (copies of a C++ player in one
   * process; frozen ones are not asked), and the index in the call order of the last of them.
   */
  private batchFrom(m: number): { batch: Seat[]; last: number } {
    const { moved, seats } = this;
    const seat = seats[moved[m]!]!;
    const batch = [seat];
    let last = m;
    for (let n = m + 1; n < moved.length; n++) {
      const next = seats[moved[n]!];
      if (next === undefined || next.frozen) continue;
      if (next.controller.group !== seat.controller.group) break;
      batch.push(next);
      last = n;
    }
    return { batch, last };
  }

  /** The turns of a batch, asked together (`ControllerGroup.playAll`), then each one's end. */
  private async playBatch(batch: Seat[]): Promise<void> {
    for (const member of batch) member.beginTurn(this.step, this.round);
    let faults: Array<string | undefined>;
    try {
      const group = batch[0]!.controller.group!;
      const result = group.playAll(
        batch.map((member) => member.controller),
        batch.map((member) => member.ctx),
      );
      faults = isPromise(result) ? await result : result;
    } catch (error) {
      faults = batch.map(() => describeError(error));
    }
    for (let k = 0; k < batch.length; k++) {
      const member = batch[k]!;
      const fault = this.endTurn(member, member.charge(faults[k]));
      if (fault !== undefined) await this.freeze(member, fault);
    }
  }

  /** After the seats' turns: their output filed, then the step resolved. */
  private endRound(): Promise<void> | undefined {
    if (this.capturesOutput && this.recording.writer !== undefined) {
      return this.recording
        .takeOutput(
          this.moved,
          this.seats,
          (player) => this.notes?.[player] ?? null,
          (player, note) => this.setNote(player, note),
        )
        .then(() => this.resolveStep());
    }
    return this.resolveStep();
  }

  /**
   * The engine plays the step with every seat's orders; each seat that moved is told its
   * rejected orders; the step is recorded (history, `.res`, replay); the seats that want the
   * result get it; `onStep` is told.
   */
  private resolveStep(): Promise<void> | undefined {
    const { match, orders } = this;
    match.step(orders);
    for (const player of this.moved) {
      const seat = this.seats[player]!;
      if (!seat.frozen) feedBackRejections(seat, match);
    }
    this.step++;
    if (this.keepHistory) this.history.push({ kind: "step", orders });
    this.recording.recordStep(
      this.step,
      match,
      orders,
      this.frozenSince,
      this.notes,
      this.countsInstructions ? this.stepUsage() : undefined,
    );
    if (this.frozenSince.length > 0) this.frozenSince = [];
    if (this.toAfter.length > 0) return this.sendResults().then(() => this.reportStep());
    this.reportStep();
    return undefined;
  }

  /**
   * The `usage` records of the step just resolved (`step` already counted): the starts' with the
   * first step, then the instructions of every counting seat that played this step.
   */
  private stepUsage(): UsageRecord[] {
    const records: UsageRecord[] = [];
    if (this.startUsage !== undefined) {
      records.push(this.startUsage);
      this.startUsage = undefined;
    }
    const step = this.step - 1;
    const instructions = this.seats.map((seat) =>
      seat.takeInstructions(seat.lastTurnStep === step),
    );
    if (instructions.some((count) => count !== null)) records.push({ instructions });
    return records;
  }

  /** The step's result to the controllers that want it (`afterStep`, within their turn limit). */
  private async sendResults(): Promise<void> {
    for (const seat of this.toAfter) {
      const { afterStep } = seat.controller;
      if (afterStep === undefined || seat.frozen) continue;
      seat.beginCall(seat.budget.turnMs, "result");
      let fault = callController(seat, afterStep, this.options.signal);
      if (isPromise(fault)) fault = await fault;
      if (fault !== undefined) await this.freeze(seat, fault);
    }
  }

  private reportStep(): void {
    const { match } = this;
    const { writer } = this.recording;
    this.options.onStep?.({
      step: this.step,
      round: match.round(),
      scores: match.scores(),
      match,
      ...(writer !== undefined ? { replay: writer } : {}),
    });
  }

  /**
   * Freezes a seat, as in the originals: it gives no more orders, its units stay, the match goes
   * on. Its controller is closed at once (processes killed).
   */
  private async freeze(seat: Seat, reason: string): Promise<void> {
    if (seat.frozen) return;
    seat.frozen = true;
    seat.fault = reason;
    seat.frozenAtRound = this.match.round();
    this.match.freeze(seat.player);
    if (this.keepHistory) this.history.push({ kind: "freeze", player: seat.player });
    this.frozenSince.push(seat.player);
    await seat.close();
  }

  /** A bot's note of this round (the notes' list is made only when some bot has one). */
  private setNote(player: number, note: BotNote): void {
    this.notes ??= new Array<BotNote | null>(this.seats.length).fill(null);
    this.notes[player] = note;
  }

  private checkAbort(): void {
    if (this.options.signal?.aborted) throw new ArenaError("ABORTED", "the match was aborted");
  }

  /** Closes every controller (each once) and the recording (see `MatchRecording.close`). */
  async close(finished: boolean): Promise<void> {
    await Promise.all(this.seats.map((seat) => seat.close()));
    const aborted = this.options.signal?.aborted === true;
    this.recording.close(finished, aborted, this.match, this.seats, this.frozenSince);
  }

  /** The match's outcome: scores, ranks, each player's fault, time and counts. */
  result(durationMs: number): MatchResult {
    const { match, seats, engine } = this;
    const scores = match.scores();
    const ranks = ranking(scores);
    const res = this.recording.resText();
    return {
      game: engine.name,
      seed: this.options.seed,
      rounds: match.round(),
      steps: this.step,
      scores,
      ranking: ranks,
      players: seats.map((seat, p) => {
        const stderr = seat.controller.stderr?.();
        const botName = seat.controller.botName?.();
        return {
          name: seat.name,
          label: seat.controller.label,
          score: scores[p] ?? 0,
          rank: ranks[p] ?? seats.length,
          frozen: seat.frozen,
          ...(seat.fault !== undefined ? { fault: seat.fault } : {}),
          ...(seat.frozenAtRound !== undefined ? { frozenAtRound: seat.frozenAtRound } : {}),
          timeMs: Math.round(seat.timeMs * 1000) / 1000,
          ...(seat.countsInstructions ? { instructions: seat.instructions } : {}),
          lateTurns: seat.lateTurns,
          ...(stderr ? { stderr } : {}),
          ...(botName !== undefined ? { botName } : {}),
          rejectedOrders: seat.rejectedOrders,
        };
      }),
      ...(res !== undefined ? { res } : {}),
      durationMs,
    };
  }
}
