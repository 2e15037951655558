// The organiser's check of a worker's answer before anything is recorded: its signature, then
// its replay, re-simulated with the organiser's own engine (a few milliseconds for a Money Heist
// match), which must be the match the job asked for and end with the scores, ranks, rounds and
// faults the worker claims.
import {
  type AnyEngine,
  canonicalJson,
  decodeReplay,
  excerpt,
  type Replay,
  verifyReplay,
} from "@arena/core";
import type { TaskResult } from "@arena/tournament";
import type { MatchJobData } from "./match-job";
import { MAX_REPLAY_BYTES } from "./match-job";
import { checkResultSignature } from "./queue-secret";

const sameNumbers = (a: unknown, b: readonly number[]): boolean =>
  Array.isArray(a) && a.length === b.length && a.every((value, i) => value === b[i]);

/** Why `replay`'s header is not the one of `data`'s match, or undefined. */
function otherMatch(replay: Replay, data: MatchJobData): string | undefined {
  const { header } = replay;
  if (header.seed !== data.seed) return `its replay is of seed ${header.seed}, not ${data.seed}`;
  if (canonicalJson(header.config) !== canonicalJson(data.config)) {
    return "its replay has another config than the job's";
  }
  const names = data.seats.map((seat) => seat.name);
  if (canonicalJson(header.players) !== canonicalJson(names)) {
    return `its replay's players are ${excerpt(header.players.join(", "))}, not ${names.join(", ")}`;
  }
  if (!replay.complete || replay.final?.over !== true)
    return "its replay is of a match not played to its end";
  return undefined;
}

/** Why `claimed` is not what the verified replay says, or undefined. */
function otherOutcome(
  claimed: TaskResult,
  verified: ReturnType<typeof verifyReplay>,
  replay: Replay,
): string | undefined {
  if (!sameNumbers(claimed.scores, verified.finalScores)) {
    return `it claims scores ${excerpt(JSON.stringify(claimed.scores))}; its replay re-simulates to ${verified.finalScores.join(" ")}`;
  }
  if (!sameNumbers(claimed.ranks, verified.ranking)) return "its ranks are not its replay's";
  if (claimed.rounds !== verified.rounds) return "its round count is not its replay's";
  const faults = replay.final?.faults ?? [];
  const players = Array.isArray(claimed.players) ? claimed.players : [];
  if (players.length !== verified.finalScores.length) return "it has another number of players";
  for (const [p, player] of players.entries()) {
    const fault = faults[p] ?? undefined;
    const round = verified.frozenAtRound[p] ?? undefined;
    if (
      player.frozen !== (round !== undefined) ||
      player.fault !== fault ||
      player.frozenAtRound !== round
    ) {
      return `player ${p}'s fault is not its replay's`;
    }
  }
  return undefined;
}

/**
 * Checks a worker's result of `data`'s match: signed with `key`, a replay of that match (seed,
 * config, players) in format 3 or later (names and faults covered), re-simulating with `engine`
 * to the claimed scores, ranks, rounds and faults. Returns the outcome to record and the replay's
 * bytes, or why the result is refused.
 */
export function checkResult(
  engine: AnyEngine,
  data: MatchJobData,
  raw: unknown,
  key: string,
): { outcome: TaskResult; replay: Buffer } | { reason: string } {
  const signed = checkResultSignature(data.id, raw, key);
  if ("reason" in signed) return signed;
  const { replay: encoded, worker: _worker, mac: _mac, ...outcome } = signed.result;
  if (typeof encoded !== "string" || encoded.length > (MAX_REPLAY_BYTES / 3) * 4 + 4) {
    return { reason: "it has no replay (or one too large)" };
  }
  const bytes = Buffer.from(encoded, "base64");
  if (typeof outcome.durationMs !== "number" || !(outcome.durationMs >= 0)) {
    return { reason: "its duration is not a number of milliseconds" };
  }
  try {
    const replay = decodeReplay(bytes, `the replay of match ${data.id}`);
    const other = otherMatch(replay, data);
    if (other !== undefined) return { reason: other };
    const verified = verifyReplay(engine, replay);
    if (verified.unverified.length > 0) {
      return {
        reason: `its replay's format (${replay.header.format}) does not cover its ${verified.unverified.join(" and ")}`,
      };
    }
    const wrong = otherOutcome(outcome, verified, replay);
    if (wrong !== undefined) return { reason: wrong };
    // What is recorded is what the replay says (equal to the claim), and the worker's time.
    const faults = replay.final?.faults ?? [];
    return {
      outcome: {
        scores: verified.finalScores,
        ranks: verified.ranking,
        rounds: verified.rounds,
        durationMs: outcome.durationMs,
        players: verified.frozenAtRound.map((round, p) =>
          round === null
            ? { frozen: false }
            : { frozen: true, fault: faults[p] ?? "", frozenAtRound: round },
        ),
      },
      replay: bytes,
    };
  } catch (error) {
    return { reason: `its replay does not verify: ${(error as Error).message}` };
  }
}
