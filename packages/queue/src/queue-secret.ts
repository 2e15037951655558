import { createHmac, timingSafeEqual } from "node:crypto";
import { ArenaError, canonicalJson, type Json } from "@arena/core";
import type { MatchJobData, MatchJobResult, SignedJob } from "./match-job";

/** The environment variable holding the queue's shared secret. */
export const SECRET_VARIABLE = "ARENA_QUEUE_SECRET";

/** The fewest characters of a secret (a random one: `openssl rand -hex 32` gives 64). */
export const MIN_SECRET_CHARS = 16;

/** Options that say how a queue's messages are signed. */
export interface QueueSecretOptions {
  /** The Redis URL (`--insecure-queue` is allowed only for one on this machine). */
  redis: string;
  /** The shared secret (default: `ARENA_QUEUE_SECRET` from the environment). */
  secret?: string;
  /**
   * No secret, for a Redis on the loopback interface only (`--insecure-queue`): messages are
   * signed with an empty key, which anyone who can write to that Redis can do too.
   */
  insecure?: boolean;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * The key a queue's messages are signed with: `secret`, or `ARENA_QUEUE_SECRET`, at least
 * `MIN_SECRET_CHARS` long; or, with `insecure` and a Redis on this machine, the empty key. Throws
 * `NO_QUEUE_SECRET` (none given) or `BAD_OPTION` (too short; `insecure` for a remote Redis).
 */
export function queueKey(options: QueueSecretOptions): string {
  const secret = options.secret ?? process.env[SECRET_VARIABLE];
  if (secret !== undefined && secret !== "") {
    if (secret.length < MIN_SECRET_CHARS) {
      throw new ArenaError(
        "BAD_OPTION",
        `${SECRET_VARIABLE} is ${secret.length} characters long: use at least ${MIN_SECRET_CHARS} random ones (e.g. openssl rand -hex 32)`,
      );
    }
    return secret;
  }
  if (options.insecure) {
    const host = new URL(options.redis).hostname;
    if (!LOOPBACK.test(host)) {
      throw new ArenaError(
        "BAD_OPTION",
        `--insecure-queue is only for a Redis on this machine (localhost, 127.0.0.1, ::1), not ${host}: set ${SECRET_VARIABLE} on the organiser and every worker`,
      );
    }
    return "";
  }
  throw new ArenaError(
    "NO_QUEUE_SECRET",
    `the queue needs a shared secret: set ${SECRET_VARIABLE} to the same random string (at least ${MIN_SECRET_CHARS} characters, e.g. openssl rand -hex 32) for the organiser and every worker, or give --insecure-queue for a Redis on this machine only`,
  );
}

/**
 * HMAC-SHA256 of a message of `kind` with `key`, over the canonical JSON of `body` as it reads back
 * from Redis (fields that are undefined are not there), after a prefix naming the kind, so that a
 * job's signature is never taken for a result's.
 */
const mac = (key: string, kind: string, body: Json): string =>
  createHmac("sha256", key)
    .update(`arena-queue/1 ${kind}\n${canonicalJson(JSON.parse(JSON.stringify(body)) as Json)}`)
    .digest("hex");

const sameMac = (given: unknown, expected: string): boolean =>
  typeof given === "string" &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** `data` signed with `key`: HMAC-SHA256 over its canonical JSON, a job's domain prefix first. */
export function signJob(data: MatchJobData, key: string): SignedJob {
  return { ...data, mac: mac(key, "job", data as unknown as Json) };
}

/**
 * The job's data when `job` carries a valid signature by `key`; otherwise throws `ArenaError`
 * `BAD_SIGNATURE` (one line: unsigned, or signed with another secret).
 */
export function checkJob(job: unknown, key: string, id: string | undefined): MatchJobData {
  // Shown in one line: a job nobody signed may have any id.
  const jobId = id?.replace(/[^\w-]/g, "?").slice(0, 60);
  if (job === null || typeof job !== "object" || Array.isArray(job)) {
    throw new ArenaError("BAD_SIGNATURE", `job ${jobId ?? "?"} refused: its data is not an object`);
  }
  const { mac: given, ...data } = job as Record<string, unknown>;
  if (given === undefined) {
    throw new ArenaError(
      "BAD_SIGNATURE",
      `job ${jobId ?? "?"} refused: it is not signed (a job not queued by an organiser with this queue's ${SECRET_VARIABLE})`,
    );
  }
  if (!sameMac(given, mac(key, "job", data as Json))) {
    throw new ArenaError(
      "BAD_SIGNATURE",
      `job ${jobId ?? "?"} refused: its signature does not match (forged or changed, or signed with another ${SECRET_VARIABLE})`,
    );
  }
  return data as unknown as MatchJobData;
}

/** A worker's result of match `id`, signed with `key` (the match id is signed with it). */
export function signResult(
  id: string,
  result: Omit<MatchJobResult, "mac">,
  key: string,
): MatchJobResult {
  return { ...result, mac: mac(key, "result", { id, result: result as unknown as Json }) };
}

/**
 * The result of match `id` when it carries a valid signature by `key`; otherwise a reason (for
 * the organiser's refusal), as a string.
 */
export function checkResultSignature(
  id: string,
  result: unknown,
  key: string,
): { result: MatchJobResult } | { reason: string } {
  if (result === null || typeof result !== "object" || Array.isArray(result)) {
    return { reason: "the worker returned no match result" };
  }
  const { mac: given, ...body } = result as Record<string, unknown>;
  if (given === undefined)
    return {
      reason: `it is not signed (no worker with this queue's ${SECRET_VARIABLE} played it)`,
    };
  if (!sameMac(given, mac(key, "result", { id, result: body as Json }))) {
    return {
      reason: `its signature does not match (forged, or signed with another ${SECRET_VARIABLE})`,
    };
  }
  return { result: result as MatchJobResult };
}
