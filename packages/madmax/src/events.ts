import type { DeathEvent, KillEvent, UnitRef } from "@arena/core";

/**
 * Why a Mad Max unit was captured (units never leave the game: a captured one changes team, gets
 * full food and water or fuel, and is put back elsewhere at the end of the round):
 * - `attack`: a warrior drained it to 0 food or water (outside cities);
 * - `thunderdome`: it lost a fight between two warriors standing on city cells (attacker or not);
 * - `run-over`: a car drove onto it;
 * - `car`: it (a warrior) walked into a car;
 * - `crash`: it is one of two cars that drove into each other (both are captured);
 * - `starvation`, `thirst`: its food, or its water, ran out at the end of the round.
 */
export type MadMaxDeathCause =
  | "attack"
  | "thunderdome"
  | "run-over"
  | "car"
  | "crash"
  | "starvation"
  | "thirst";

/** A captured unit: `DeathEvent` with the team it now belongs to. */
export type MadMaxDeathEvent = DeathEvent<MadMaxDeathCause> & {
  /** The team that took it (never its old one). */
  captor: number;
};

/**
 * A warrior attacked another warrior (of any team: the rules let a warrior attack its own team's)
 * outside the cities, who kept some food and water (`food`, `water`: left after the hit).
 */
export type MadMaxHitEvent = {
  type: "hit";
  attacker: UnitRef;
  victim: UnitRef;
  at: [number, number];
  food: number;
  water: number;
};

/** A captured unit was put back, for its new team, at the end of the round. */
export type MadMaxRespawnEvent = {
  type: "respawn";
  player: number;
  unit: number;
  at: [number, number];
};

/** A city changed hands (the unique majority of warriors on it), `city` in detection order. */
export type MadMaxCityEvent = {
  type: "city";
  city: number;
  from: number;
  to: number;
  /** The city's first cell (row-major scan). */
  at: [number, number];
};

/** Everything the Mad Max rules report of a round (`MadMaxMatch.events()`). */
export type MadMaxEvent =
  | KillEvent
  | MadMaxDeathEvent
  | MadMaxHitEvent
  | MadMaxRespawnEvent
  | MadMaxCityEvent;
