import type { DeathEvent, KillEvent, UnitRef } from "@arena/core";

/** Why a Money Heist unit dies: only a soldier's poison kills (a soldier at once, a professor at 0 health). */
export type MoneyHeistDeathCause = "poison";

/** A soldier poisoned a professor of another team who survived (`health` left, > 0). */
export type MoneyHeistHitEvent = {
  type: "hit";
  attacker: UnitRef;
  victim: UnitRef;
  /** The professor's cell. */
  at: [number, number];
  /** Its health after the hit. */
  health: number;
};

/** A unit came back: a killed soldier at the end of its round, a professor 41 rounds after it died. */
export type MoneyHeistRespawnEvent = {
  type: "respawn";
  /** Its player from now on. */
  player: number;
  unit: number;
  at: [number, number];
};

/** A killed soldier came back for another team (70 % the killer's, 10 % each team): after its respawn. */
export type MoneyHeistConversionEvent = {
  type: "conversion";
  unit: number;
  /** Its team before it died. */
  from: number;
  /** Its team now. */
  to: number;
  at: [number, number];
};

/** A unit moved onto money or a kit and took it for its team. */
export type MoneyHeistPickupEvent = {
  type: "pickup";
  player: number;
  unit: number;
  at: [number, number];
  item: "money" | "health" | "poison";
  /** The money's value, or what the kit adds to the team's pot. */
  amount: number;
};

/** A professor opened a safe (+ the gold value at the end of the round; the safe moves then). */
export type MoneyHeistOpenEvent = {
  type: "open";
  player: number;
  unit: number;
  safe: number;
  /** The safe's door. */
  at: [number, number];
};

/** Everything the Money Heist rules report of a round (`MoneyHeistMatch.events()`). */
export type MoneyHeistEvent =
  | KillEvent
  | DeathEvent<MoneyHeistDeathCause>
  | MoneyHeistHitEvent
  | MoneyHeistRespawnEvent
  | MoneyHeistConversionEvent
  | MoneyHeistPickupEvent
  | MoneyHeistOpenEvent;
