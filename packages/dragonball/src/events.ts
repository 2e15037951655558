import type { DeathEvent, KillEvent } from "@arena/core";
import type { DirLetter } from "./state";

/** Why a goku died: on another goku's Kame Hame ray, or losing a fight (attacker or defender). */
export type DragonBallDeathCause = "kamehame" | "combat";

/** A goku threw the round's Kame Hame (granted and legal): from its cell to the last cell before a rock. */
export type DragonBallKamehameEvent = {
  type: "kamehame";
  player: number;
  unit: number;
  dir: DirLetter;
  at: [number, number];
  /** The ray's last cell (its own cell when a rock is next to it). */
  to: [number, number];
};

/**
 * A goku took something: a magic bean (strength to the maximum), a Kinton cloud (rides it), or a
 * dragon ball (from the ground, or from the goku it beat: `from`).
 */
export type DragonBallPickupEvent = {
  type: "pickup";
  player: number;
  unit: number;
  at: [number, number];
  item: "bean" | "kinton" | "ball";
  /** The beaten goku it took the ball from. */
  from?: number;
};

/** A goku carrying a ball stored it in a Hoi Poi capsule: one ball more (`balls`: its total). */
export type DragonBallDepositEvent = {
  type: "deposit";
  player: number;
  unit: number;
  at: [number, number];
  balls: number;
};

/** A dead goku came back (an odd round, its time over and a free cell found). */
export type DragonBallRespawnEvent = {
  type: "respawn";
  player: number;
  unit: number;
  at: [number, number];
};

/** Everything the Bola de Drac rules report of a round (`DragonBallMatch.events()`). */
export type DragonBallEvent =
  | KillEvent
  | DeathEvent<DragonBallDeathCause>
  | DragonBallKamehameEvent
  | DragonBallPickupEvent
  | DragonBallDepositEvent
  | DragonBallRespawnEvent;
