import type { DeathEvent, KillEvent } from "@arena/core";

/**
 * Why a Mad Max Revisited car died: hit by a missile (in flight, or driving into one), a tyre on
 * its way, a crash with another car (both die), or out of gas at the end of the round.
 */
export type MadMaxRevisitedDeathCause = "missile" | "tyre" | "crash" | "gas";

/** A car died; `missile` names the missile that hit it (cause `missile`). */
export type MadMaxRevisitedDeathEvent = DeathEvent<MadMaxRevisitedDeathCause> & {
  missile?: number;
};

/** A car killed by another player's missile (`killer` is the car that shot it; +kill points). */
export type MadMaxRevisitedKillEvent = KillEvent & { missile?: number };

/** A car shot a missile (`missile` its id), from its cell. */
export type MadMaxRevisitedShotEvent = {
  type: "shot";
  player: number;
  unit: number;
  missile: number;
  at: [number, number];
};

/** A car drove over a bonus and took it: water (points), gas or missiles, `amount` of it. */
export type MadMaxRevisitedPickupEvent = {
  type: "pickup";
  player: number;
  unit: number;
  at: [number, number];
  item: "water" | "gas" | "missiles";
  amount: number;
};

/** A dead car came back (its regeneration time over and a free place found). */
export type MadMaxRevisitedRespawnEvent = {
  type: "respawn";
  player: number;
  unit: number;
  at: [number, number];
};

/** Everything the Mad Max Revisited rules report of a round (`MadMaxRevisitedMatch.events()`). */
export type MadMaxRevisitedEvent =
  | MadMaxRevisitedKillEvent
  | MadMaxRevisitedDeathEvent
  | MadMaxRevisitedShotEvent
  | MadMaxRevisitedPickupEvent
  | MadMaxRevisitedRespawnEvent;
