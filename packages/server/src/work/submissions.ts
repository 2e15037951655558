import { join } from "node:path";
import type { AnyEngine } from "@arena/core";
import { matchId, playTask, type TaskResult } from "@arena/tournament";
import type { Selectable } from "kysely";
import { now, type ServerContext } from "../context";
import type { StoredStatus, SubmissionTable } from "../db/schema";
import { botRunOptions } from "./bot-confinement";
import { type CompileLimits, compileSubmission } from "./compile";
import { type Contest, contestBudget, contestConfig, submissionSeat } from "./contest-bots";
import { seatsOf } from "./ladder";
import { recordMatch } from "./match-store";

type Submission = Selectable<SubmissionTable>;

/** The seed of every validation match: the same check for every revision, and not a seed of the jutge contest's own matches (its qualification also plays each player against itself, from seed 1). */
const VALIDATION_SEED = 1_000_003;

/** The outcome of a validation, as stored (JSON) and shown. */
export interface Validation {
  valid: boolean;
  match?: string;
  round?: number;
  reason?: string;
}

/**
 * Takes the queued submissions one at a time, oldest first: compiles a C++ player (with limits,
 * in the sandbox where there is one; the whole log kept), then validates it as the Joc d'EDA
 * does — a match against copies of itself in which it must not be frozen (recorded as a match
 * of kind `validation`, watchable like any other) — and makes it ready, and active when it asked
 * to be. Every state is written as it is entered. A server stopped mid-way starts the submission
 * again (`recover`): the compile comes from the cache and the validation match, if it was
 * recorded, is not played twice.
 */
export class SubmissionWorker {
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly options: {
      /** The C++ cache (the matches' too: `ARENA_CACHE_DIR`). */
      cacheDir: string;
      compileLimits?: CompileLimits;
      onActive(contestId: number): void;
    },
  ) {}

  /** Puts the submissions a stopped server was working on back in the queue. */
  async recover(): Promise<void> {
    await this.ctx.db
      .updateTable("submissions")
      .set({ status: "queued" })
      .where("status", "in", ["compiling", "validating"])
      .execute();
  }

  /** Works through the queue (once at a time; a call while it works is a no-op). */
  pump(): void {
    if (this.running !== undefined || this.stopping) return;
    this.running = (async () => {
      while (!this.stopping) {
        const next = await this.ctx.db
          .selectFrom("submissions")
          .selectAll()
          .where("status", "=", "queued")
          .orderBy("id")
          .limit(1)
          .executeTakeFirst();
        if (next === undefined) return;
        try {
          await this.process(next);
        } catch (error) {
          if (this.stopping) return;
          this.ctx.log(`submission ${next.id}: ${(error as Error).stack ?? error}`);
          await this.set(next.id, "invalid", {
            validation: JSON.stringify({
              valid: false,
              reason: "internal error of the server (logged)",
            }),
          });
        }
      }
    })().finally(() => {
      this.running = undefined;
    });
  }

  private async set(
    id: number,
    status: StoredStatus,
    more: { log?: string; validation?: string } = {},
  ): Promise<void> {
    await this.ctx.db
      .updateTable("submissions")
      .set({ status, updated_at: now(), ...more })
      .where("id", "=", id)
      .execute();
  }

  private async process(submission: Submission): Promise<void> {
    const contest = (await this.ctx.db
      .selectFrom("contests")
      .selectAll()
      .where("id", "=", submission.contest_id)
      .executeTakeFirstOrThrow()) as Contest;
    const engine = await this.ctx.engine(contest.game);
    if (submission.language === "cpp") {
      await this.set(submission.id, "compiling", { log: "" });
      const compiled = await compileSubmission(engine, join(this.ctx.dataDir, submission.file), {
        cacheDir: this.options.cacheDir,
        workDir: join(this.ctx.dataDir, "work", `compile-${submission.id}`),
        shownAs: submission.filename,
        ...(this.options.compileLimits !== undefined ? { limits: this.options.compileLimits } : {}),
      });
      if (!compiled.ok) {
        await this.set(submission.id, "compile-error", { log: compiled.log });
        return;
      }
      await this.set(submission.id, "validating", { log: compiled.log });
    } else {
      await this.set(submission.id, "validating", { log: "nothing to compile\n" });
    }
    if (this.stopping) return;
    const validation = await this.validate(engine, contest, submission);
    if (!validation.valid) {
      await this.set(submission.id, "invalid", { validation: JSON.stringify(validation) });
      return;
    }
    await this.set(submission.id, "ready", { validation: JSON.stringify(validation) });
    if (submission.activate === 1) {
      await this.ctx.db
        .updateTable("participants")
        .set({ active_submission_id: submission.id })
        .where("id", "=", submission.participant_id)
        .execute();
      this.options.onActive(contest.id);
    }
  }

  /** The Joc d'EDA check: a match against copies of itself, in which it must not be frozen. */
  private async validate(
    engine: AnyEngine,
    contest: Contest,
    submission: Submission,
  ): Promise<Validation> {
    const participant = await this.ctx.db
      .selectFrom("participants")
      .select("name")
      .where("id", "=", submission.participant_id)
      .executeTakeFirstOrThrow();
    const seat = submissionSeat(this.ctx, engine, participant.name, submission);
    const seats = Array.from({ length: seatsOf(engine) }, () => seat);
    const config = contestConfig(engine, contest);
    const id = matchId({
      game: engine.name,
      engineVersion: engine.version,
      config,
      seed: VALIDATION_SEED,
      seats,
    });
    const known = await this.ctx.db
      .selectFrom("matches")
      .select(["status", "error"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (known !== undefined) return verdict(id, JSON.parse(known.status), known.error);
    const budget = contestBudget(contest);
    const replay = join(this.ctx.dataDir, "replays", `${id}.arena`);
    let outcome: TaskResult | { error: string; durationMs: number };
    try {
      outcome = await playTask(engine, {
        engineUrl: "",
        config,
        seed: VALIDATION_SEED,
        seats: seats.map(({ name, spec }) => ({ name, spec })),
        cwd: this.ctx.dataDir,
        replay,
        ...(budget !== undefined ? { budget } : {}),
        ...botRunOptions(),
      });
    } catch (error) {
      // The bot could not even start (a module that does not load): invalid, with the reason.
      outcome = { error: (error as Error).message, durationMs: 0 };
    }
    await recordMatch(this.ctx.db, {
      id,
      contestId: contest.id,
      kind: "validation",
      seed: VALIDATION_SEED,
      seats,
      outcome,
      replayFile: replay,
    });
    const status =
      "error" in outcome
        ? []
        : outcome.players.map((player) =>
            player.frozen
              ? {
                  state: "frozen",
                  reason: player.fault ?? "frozen",
                  round: player.frozenAtRound ?? 0,
                }
              : { state: "ok" },
          );
    return verdict(id, status, "error" in outcome ? outcome.error : null);
  }

  /** Stops after the current step (a submission cut short is started again at the next start). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => {});
  }
}

/** A validation's verdict from its match's seats and error. */
function verdict(
  match: string,
  status: Array<{ state: string; reason?: string; round?: number }>,
  error: string | null,
): Validation {
  if (error !== null) return { valid: false, match, reason: error };
  const frozen = status.find((seat) => seat.state === "frozen");
  if (frozen === undefined) return { valid: true, match };
  return {
    valid: false,
    match,
    round: frozen.round ?? 0,
    reason: frozen.reason ?? "frozen",
  };
}
