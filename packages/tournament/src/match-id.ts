import { createHash } from "node:crypto";
import { canonicalJson, type Json } from "@arena/core";

/** What a match id is hashed from. */
export interface MatchKey {
  game: string;
  engineVersion: string;
  config: Json;
  seed: number;
  /** Each seat's bot, index = player number: its name and identity (`BotInfo`). */
  seats: ReadonlyArray<{ name: string; identity: string }>;
}

// JSON with object keys sorted, so that equal values always give the same text (core's, also
// what the queue signs).
export { canonicalJson };

/**
 * The stable id of a match: the first 20 hex digits (80 bits) of the SHA-256 of its key in
 * canonical JSON. The same game, engine version, config, seed and seats give the same id on any
 * machine, in any run, whatever the number of workers; a different engine version gives another.
 */
export function matchId(key: MatchKey): string {
  const text = canonicalJson({
    game: key.game,
    engineVersion: key.engineVersion,
    config: key.config,
    seed: key.seed,
    seats: key.seats.map((seat) => [seat.name, seat.identity]),
  });
  return createHash("sha256").update(text).digest("hex").slice(0, 20);
}
