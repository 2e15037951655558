import { canonicalJson } from "../engine/canonical-json";
import type { AnyEngine, Json, Match, ResSink } from "../engine/engine";
import { ArenaError } from "../engine/errors";
import { ranking } from "../engine/ranking";
import type { BotNote } from "../notes/bot-notes";
import { fnv1a } from "./fnv1a";
import { checkInstructionUsage, type InstructionLimits, type UsageRecord } from "./usage";

/**
 * The replay format version written by this package: 3. Format 2 brought batched frames (32 KiB
 * dictionary, announced plaintext lengths; the container is still `ARENA-REPLAY/2`); format 3
 * covers the player names and the end record by a digest (`ReplayFinal.digest`) and records the
 * freezes that happen after the last step. Formats 1 and 2 are still read and verified, but their
 * names and end record are not covered (`VerifyResult.unverified`).
 */
export const REPLAY_FORMAT = 3;
/** The replay format versions this package reads. */
const READABLE_FORMATS: readonly number[] = [1, 2, 3];
/** The first format whose player names and end record are covered by a digest. */
const COVERED_FORMAT = 3;

/** The first record of a replay: what is needed to re-simulate it. */
export interface ReplayHeader {
  /** Replay format version (`REPLAY_FORMAT`). */
  format: number;
  /** `Engine.name` of the game. */
  game: string;
  /** `Engine.version` that played the match; verification needs the same version. */
  engineVersion: string;
  /** The match config, as passed to `Engine.create`. */
  config: Json;
  /** The match seed. */
  seed: number;
  /** Player names, index = player number. */
  players: string[];
  /** A state digest is recorded after every `digestEvery` steps (and after the last step). */
  digestEvery: number;
  /** Version of `@arena/core` that wrote it, informative. */
  arenaVersion?: string;
  /** `Match.digest()` of the freshly created match, when recorded. */
  initialDigest?: number;
  /**
   * Each player's instruction budget (null: its bot does not count instructions), when some
   * player's does: what `usage` records are checked against (`verifyReplay`).
   */
  instructionLimits?: Array<InstructionLimits | null>;
}

/** What a finished match appends at the end of its replay. */
export interface ReplayFinal {
  /** Whether the match ended by the rules (false when it was aborted). */
  over?: boolean;
  /** Final scores. */
  scores?: number[];
  /** Fault reason per player (null when none). */
  faults?: Array<string | null>;
  /** The tail (last 4 KiB) of each bot's stderr, when some bot wrote any (null: nothing). */
  stderr?: Array<string | null>;
  /**
   * Format 3: the digest of the header's player names and of this record without this field
   * (`endDigest`), written by `ReplayWriter.close`; verification recomputes it, so names or an end
   * record changed afterwards do not verify.
   */
  digest?: number;
}

/**
 * The digest that covers a replay's player names and its end record (format 3): FNV-1a of the
 * canonical JSON of `[players, final without its digest]`, as the record reads back from JSON.
 */
export function endDigest(players: readonly string[], final: ReplayFinal): number {
  const { digest: _digest, ...record } = final;
  // As the record reads back from the file: fields that are undefined are not there.
  const plain = JSON.parse(JSON.stringify(record)) as Json;
  return fnv1a(new TextEncoder().encode(canonicalJson([[...players], plain])));
}

/** A decoded replay. */
export interface Replay {
  header: ReplayHeader;
  /** `steps[s][p]`: player p's accepted orders at step s, as JSON (not yet `parseOrder`ed). */
  steps: unknown[][][];
  /** Recorded state digests: `digest` is `Match.digest()` after `step` steps (step ≥ 1). */
  digests: Array<{ step: number; digest: number }>;
  /** Players frozen just before step `step` was resolved (their bots failed then). */
  frozen: Array<{ step: number; player: number }>;
  /** True when the replay has its end record (the writer was closed). */
  complete: boolean;
  /** The end record, when complete. */
  final?: ReplayFinal;
  /**
   * Bot annotations: at step `step`, what each player's bot attached to its turn (`null`: none).
   * Kept apart from the orders: the engine never sees them, and a replay without them (stripped)
   * re-simulates exactly the same. Only steps with some annotation are listed.
   */
  notes?: Array<{ step: number; notes: Array<BotNote | null> }>;
  /**
   * What the bots used, recorded before step `step` (only for bots that count it, e.g. the
   * instructions of WebAssembly players): their start's (`start: true`, before the first step),
   * then each step's turn. Not needed to re-simulate; `verifyReplay` checks it against the
   * header's `instructionLimits` and the freezes.
   */
  usage?: Array<{ step: number } & UsageRecord>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Turns replay records into text lines (one JSON value per line). Orders that are plain objects
 * are written as `[shapeId, ...values]`, their key list (`shape`) declared once in a line
 * `{"shape":[keys…]}`; any other order is written as `{"raw": order}`. Browser-safe.
 */
export class ReplayEncoder {
  private readonly shapes = new Map<string, number>();

  /** The header line. */
  header(header: ReplayHeader): string {
    return `${JSON.stringify({ arena: "replay", ...header })}\n`;
  }

  /**
   * The lines of one step: new shapes, freezes that happened before it, the bots' annotations
   * (a `{"notes":[…]}` record, only when some bot gave one), what the bots used (`{"usage":…}`
   * records, for bots that count it), the orders, a digest.
   */
  step(
    orders: ReadonlyArray<ReadonlyArray<unknown>>,
    digest?: number,
    frozen?: readonly number[],
    notes?: ReadonlyArray<BotNote | null>,
    usage?: readonly UsageRecord[],
  ): string {
    let text = "";
    if (notes?.some((note) => note !== null && note !== undefined))
      text += `${JSON.stringify({ notes: notes.map((note) => note ?? null) })}\n`;
    for (const record of usage ?? []) text += `${JSON.stringify({ usage: record })}\n`;
    const encoded: unknown[][] = [];
    for (const list of orders) {
      const out: unknown[] = [];
      for (const order of list) {
        if (isPlainObject(order)) {
          const keys = Object.keys(order);
          const signature = keys.join("\u0000");
          let id = this.shapes.get(signature);
          if (id === undefined) {
            id = this.shapes.size;
            this.shapes.set(signature, id);
            text += `${JSON.stringify({ shape: keys })}\n`;
          }
          const row: unknown[] = [id];
          for (const key of keys) row.push(order[key]);
          out.push(row);
        } else {
          out.push({ raw: order });
        }
      }
      encoded.push(out);
    }
    if (frozen !== undefined && frozen.length > 0)
      text += `${JSON.stringify({ freeze: frozen })}\n`;
    text += `${JSON.stringify(encoded)}\n`;
    if (digest !== undefined) text += `${JSON.stringify({ digest: digest >>> 0 })}\n`;
    return text;
  }

  /** A freeze record on its own: players frozen after the last step (format 3). */
  freeze(players: readonly number[]): string {
    return `${JSON.stringify({ freeze: players })}\n`;
  }

  /** The end line. */
  end(final: ReplayFinal): string {
    return `${JSON.stringify({ end: final })}\n`;
  }
}

/**
 * Incrementally decodes replay text lines (as written by `ReplayEncoder`). Browser-safe.
 * Errors are `ArenaError("BAD_REPLAY")` naming `source` and the line.
 */
export class ReplayDecoder {
  private readonly shapes: string[][] = [];
  private header: ReplayHeader | undefined;
  private readonly steps: unknown[][][] = [];
  private readonly digests: Array<{ step: number; digest: number }> = [];
  private readonly frozen: Array<{ step: number; player: number }> = [];
  private final: ReplayFinal | undefined;
  private readonly notes: Array<{ step: number; notes: Array<BotNote | null> }> = [];
  private readonly usage: Array<{ step: number } & UsageRecord> = [];
  private lineNumber = 0;

  constructor(private readonly source: string) {}

  private fail(message: string): never {
    throw new ArenaError("BAD_REPLAY", message, { file: this.source, line: this.lineNumber });
  }

  /** Feeds one line (without its newline). */
  line(text: string): void {
    this.lineNumber++;
    if (text === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.fail("corrupt replay record (not JSON)");
    }
    if (this.header === undefined) {
      if (!isPlainObject(value) || value.arena !== "replay")
        this.fail("not an arena replay (no header record)");
      const header = value as unknown as ReplayHeader & { arena?: string };
      if (!READABLE_FORMATS.includes(header.format)) {
        throw new ArenaError(
          "REPLAY_VERSION",
          `replay format ${String(header.format)} is not supported (this version of @arena/core reads formats ${READABLE_FORMATS.join(" and ")})`,
          { file: this.source, line: this.lineNumber },
        );
      }
      if (
        typeof header.game !== "string" ||
        typeof header.engineVersion !== "string" ||
        typeof header.seed !== "number" ||
        !Array.isArray(header.players) ||
        typeof header.digestEvery !== "number"
      ) {
        this.fail("corrupt replay header");
      }
      const { arena: _arena, ...rest } = header;
      this.header = rest;
      return;
    }
    if (this.final !== undefined) this.fail("data after the end record");
    if (Array.isArray(value)) {
      const players = this.header.players.length;
      if (value.length !== players)
        this.fail(`a step has ${value.length} order lists for ${players} players`);
      const step: unknown[][] = [];
      for (const list of value) {
        if (!Array.isArray(list)) this.fail("corrupt step record");
        const orders: unknown[] = [];
        for (const item of list) {
          if (Array.isArray(item)) {
            const keys = this.shapes[item[0] as number];
            if (keys === undefined || item.length !== keys.length + 1)
              this.fail("corrupt order (unknown shape)");
            const order: Record<string, unknown> = {};
            keys.forEach((key, k) => {
              order[key] = item[k + 1];
            });
            orders.push(order);
          } else if (isPlainObject(item) && "raw" in item) {
            orders.push(item.raw);
          } else {
            this.fail("corrupt order");
          }
        }
        step.push(orders);
      }
      this.steps.push(step);
      return;
    }
    if (!isPlainObject(value)) this.fail("corrupt replay record");
    if (Array.isArray(value.shape)) {
      this.shapes.push(value.shape.map(String));
    } else if (typeof value.digest === "number") {
      this.digests.push({ step: this.steps.length, digest: value.digest });
    } else if (Array.isArray(value.freeze)) {
      for (const player of value.freeze) {
        if (typeof player !== "number") this.fail("corrupt freeze record");
        this.frozen.push({ step: this.steps.length, player });
      }
    } else if (Array.isArray(value.notes)) {
      // Bot annotations of the step that follows: kept, never checked against the game.
      if (!value.notes.every((note) => note === null || isPlainObject(note)))
        this.fail("corrupt notes record");
      this.notes.push({ step: this.steps.length, notes: value.notes as Array<BotNote | null> });
    } else if (isPlainObject(value.usage)) {
      this.usage.push({ step: this.steps.length, ...this.usageRecord(value.usage) });
    } else if (isPlainObject(value.end)) {
      this.final = value.end as ReplayFinal;
    } else {
      this.fail("unknown replay record");
    }
  }

  /**
   * A `usage` record's value, checked: `start` (true, or absent), `instructions` (absent, or one
   * count or null per player). Keys this version does not know are left out.
   */
  private usageRecord(value: Record<string, unknown>): UsageRecord {
    const { start, instructions } = value;
    const players = this.header!.players.length;
    const count = (n: unknown) => n === null || (Number.isSafeInteger(n) && (n as number) >= 0);
    if (
      (start !== undefined && start !== true) ||
      (instructions !== undefined &&
        (!Array.isArray(instructions) ||
          instructions.length !== players ||
          !instructions.every(count)))
    ) {
      this.fail("corrupt usage record");
    }
    return {
      ...(start === true ? { start } : {}),
      ...(instructions !== undefined ? { instructions: instructions as Array<number | null> } : {}),
    };
  }

  /** Whether the header has been read. */
  get started(): boolean {
    return this.header !== undefined;
  }

  /** Number of steps decoded so far. */
  get stepCount(): number {
    return this.steps.length;
  }

  /** The replay decoded so far. */
  result(): Replay {
    if (this.header === undefined) this.fail("not an arena replay (empty)");
    return {
      header: this.header,
      steps: this.steps,
      digests: this.digests,
      frozen: this.frozen,
      complete: this.final !== undefined,
      ...(this.final !== undefined ? { final: this.final } : {}),
      ...(this.notes.length > 0 ? { notes: this.notes } : {}),
      ...(this.usage.length > 0 ? { usage: this.usage } : {}),
    };
  }
}

/** Decodes a whole replay body given as text lines (the decompressed content). Browser-safe. */
export function parseReplayText(text: string, source = "replay"): Replay {
  const decoder = new ReplayDecoder(source);
  for (const line of text.split("\n")) decoder.line(line);
  return decoder.result();
}

/** The outcome of re-simulating a replay. */
export interface VerifyResult {
  /** `scoresByRound[r]`: every player's score when round r ended (`[0]` = before round 1). */
  scoresByRound: number[][];
  /** Scores at the end. */
  finalScores: number[];
  /** Rank per player (1 = best). */
  ranking: number[];
  /** Steps re-simulated. */
  steps: number;
  /** `match.round()` at the end. */
  rounds: number;
  /** The re-simulated match, at its final state. */
  match: Match;
  /** Per player: `match.round()` when the replay froze it (as `PlayerResult.frozenAtRound`), or null. */
  frozenAtRound: Array<number | null>;
  /**
   * What this replay's format does not cover, so what verification could not check: formats 1 and
   * 2 give `["player names", "end record"]` (their names and faults may have been changed); empty
   * for format 3.
   */
  unverified: string[];
  /** The original `.res` text, when asked with `res: true` (not a sink) and the game has one. */
  res?: string;
}

/** Options of `verifyReplay`. */
export interface VerifyOptions {
  /** Called after each re-simulated step. */
  onStep?(info: { step: number; round: number; scores: number[]; match: Match }): void;
  /**
   * Also record the original `.res` text when the engine has `res`: `true` keeps it in
   * `VerifyResult.res`; a `ResSink` receives it piece by piece as the match is re-simulated.
   */
  res?: boolean | ResSink;
}

/** Throws `ENGINE_VERSION` when `header` is not of `engine`'s game and version. */
function checkEngine(engine: AnyEngine, header: ReplayHeader): void {
  if (header.game !== engine.name) {
    throw new ArenaError(
      "ENGINE_VERSION",
      `the replay is of game '${header.game}', not '${engine.name}'`,
    );
  }
  if (header.engineVersion !== engine.version) {
    throw new ArenaError(
      "ENGINE_VERSION",
      `the replay was written by ${header.game} engine ${header.engineVersion}; this is ${engine.version}, which may resolve the same orders differently`,
    );
  }
}

/**
 * Checks a complete replay's end record against the re-simulation: its final scores, and from
 * format 3 its digest (which covers the player names too) and its faults, which only the players
 * the replay froze may have. Throws `REPLAY_MISMATCH` saying what differs.
 */
function checkEndRecord(replay: Replay, finalScores: number[], frozen: ReadonlySet<number>): void {
  const final = replay.complete ? replay.final : undefined;
  if (final === undefined) return;
  const recordedScores = final.scores;
  if (recordedScores !== undefined) {
    const same =
      Array.isArray(recordedScores) &&
      recordedScores.length === finalScores.length &&
      recordedScores.every((score, p) => score === finalScores[p]);
    if (!same) {
      throw new ArenaError(
        "REPLAY_MISMATCH",
        `the end record's final scores (${JSON.stringify(recordedScores)}) differ from the re-simulated ones (${finalScores.join(" ")}): the end record is forged or the engine resolves these orders differently`,
      );
    }
  }
  if (replay.header.format < COVERED_FORMAT) return;
  if (
    final.digest === undefined ||
    final.digest >>> 0 !== endDigest(replay.header.players, final)
  ) {
    throw new ArenaError(
      "REPLAY_MISMATCH",
      "the player names or the end record differ from the ones the replay was written with (their digest does not match): the replay was edited",
    );
  }
  const names = replay.header.players;
  for (let p = 0; p < names.length; p++) {
    const fault = final.faults?.[p] ?? null;
    if (fault !== null && !frozen.has(p)) {
      throw new ArenaError(
        "REPLAY_MISMATCH",
        `the end record blames player ${p} (${names[p]}) for a fault the replay never froze it for: the end record is forged`,
      );
    }
    if (fault === null && frozen.has(p)) {
      throw new ArenaError(
        "REPLAY_MISMATCH",
        `the replay froze player ${p} (${names[p]}) but its end record gives no fault: the end record is forged`,
      );
    }
  }
}

/**
 * Re-simulates `replay` with `engine` and checks every recorded digest and the end record (its
 * final scores; from format 3 also its digest over the player names and the record, and that
 * only frozen players have faults), and the recorded instruction counts against the players'
 * instruction budgets and freezes (`checkInstructionUsage`). Throws `ArenaError("ENGINE_VERSION")` when the replay is of
 * another game or engine version, `"REPLAY_MISMATCH"` naming the first step whose state differs
 * (or an end record that does not match), `"BAD_REPLAY"` for an order the engine rejects.
 * Browser-safe.
 */
export function verifyReplay(
  engine: AnyEngine,
  replay: Replay,
  options: VerifyOptions = {},
): VerifyResult {
  const { header } = replay;
  checkEngine(engine, header);
  const numPlayers = header.players.length;
  const match: Match = engine.create(header.config, header.seed, numPlayers);
  if (header.initialDigest !== undefined && match.digest() >>> 0 !== header.initialDigest >>> 0) {
    throw new ArenaError(
      "REPLAY_MISMATCH",
      "the initial state differs from the recorded one (config, seed or engine changed)",
    );
  }
  checkInstructionUsage(replay);
  const sink = typeof options.res === "function" ? options.res : undefined;
  const recorder = options.res && engine.res ? engine.res(match, header.players, sink) : undefined;
  const digests = new Map(replay.digests.map((d) => [d.step, d.digest >>> 0]));
  const scoresByRound: number[][] = [match.scores()];
  const frozenAtRound: Array<number | null> = header.players.map(() => null);
  let frozenIndex = 0;
  /** Applies the freezes recorded before step `s` (after the last step: `s` = the step count). */
  const freezeBefore = (s: number) => {
    while (frozenIndex < replay.frozen.length && replay.frozen[frozenIndex]!.step === s) {
      const { player } = replay.frozen[frozenIndex]!;
      match.freeze(player);
      if (player >= 0 && player < numPlayers) frozenAtRound[player] ??= match.round();
      frozenIndex++;
    }
  };
  for (let s = 0; s < replay.steps.length; s++) {
    freezeBefore(s);
    if (match.isOver()) {
      throw new ArenaError(
        "REPLAY_MISMATCH",
        `the match is over after ${s} steps but the replay has ${replay.steps.length}`,
      );
    }
    const orders = replay.steps[s]!.map((list, p) =>
      list.map((raw, k) => {
        try {
          return engine.parseOrder(raw);
        } catch (error) {
          throw new ArenaError(
            "BAD_REPLAY",
            `step ${s + 1}, player ${p}, order ${k + 1}: ${(error as Error).message}`,
          );
        }
      }),
    );
    match.step(orders);
    recorder?.afterStep();
    const round = match.round();
    const scores = match.scores();
    while (scoresByRound.length < round)
      scoresByRound.push(scoresByRound[scoresByRound.length - 1]!);
    scoresByRound[round] = scores;
    const recorded = digests.get(s + 1);
    if (recorded !== undefined) {
      const actual = match.digest() >>> 0;
      if (actual !== recorded) {
        throw new ArenaError(
          "REPLAY_MISMATCH",
          `the state after step ${s + 1} (round ${round}) differs from the recorded one (digest ${actual.toString(16)} ≠ ${recorded.toString(16)}): the replay is corrupt or the engine resolves these orders differently`,
        );
      }
    }
    options.onStep?.({ step: s + 1, round, scores, match });
  }
  if (replay.complete && replay.final?.over === true && !match.isOver()) {
    throw new ArenaError(
      "REPLAY_MISMATCH",
      `the recorded match ended after ${replay.steps.length} steps but the re-simulated one is not over`,
    );
  }
  // Format 3 records the players frozen after the last step (a fault in the last step's result).
  freezeBefore(replay.steps.length);
  const finalScores = match.scores();
  checkEndRecord(replay, finalScores, new Set(replay.frozen.map((freeze) => freeze.player)));
  return {
    scoresByRound,
    finalScores,
    ranking: ranking(finalScores),
    steps: replay.steps.length,
    rounds: match.round(),
    match,
    frozenAtRound,
    unverified: header.format < COVERED_FORMAT ? ["player names", "end record"] : [],
    ...(recorder !== undefined && sink === undefined ? { res: recorder.text() } : {}),
  };
}
