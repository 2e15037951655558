/**
 * Lighthouses has no units that die: its events are what happens to the lighthouses, their
 * connections and the keys. Positions are `[x, y]` (origin bottom left), lighthouses their index
 * in scan order (rows from y = 0 up, x left to right: the order of the `lighthouses` lists).
 */

/** A player's `attack` on the lighthouse under it: `energy` spent; `owner` before it (−1: neutral; the player itself: a recharge). */
export type LighthousesAttackEvent = {
  type: "attack";
  player: number;
  lighthouse: number;
  at: [number, number];
  energy: number;
  owner: number;
};

/** A lighthouse became neutral: its energy emptied by an `attack` (of `player`) or by the decay at the start of a round; its connections and triangles are gone. */
export type LighthousesNeutraliseEvent = {
  type: "neutralise";
  lighthouse: number;
  at: [number, number];
  /** Its owner until then. */
  owner: number;
  cause: "attack" | "decay";
  /** The attacker (cause `attack`). */
  player?: number;
};

/** A player took a neutral lighthouse with what was left of its attack (`energy`: the lighthouse's now). */
export type LighthousesCaptureEvent = {
  type: "capture";
  player: number;
  lighthouse: number;
  at: [number, number];
  energy: number;
};

/** A player connected two of its lighthouses (`lighthouses`: origin under it, destination whose key it used). */
export type LighthousesConnectEvent = {
  type: "connect";
  player: number;
  lighthouses: [number, number];
  at: [number, number];
  to: [number, number];
};

/** A connection closed a triangle (origin, destination, third lighthouse) of `cells` land cells. */
export type LighthousesTriangleEvent = {
  type: "triangle";
  player: number;
  lighthouses: [number, number, number];
  cells: number;
};

/** A player standing on a lighthouse at the start of a round got its key (it had not). */
export type LighthousesKeyEvent = {
  type: "key";
  player: number;
  lighthouse: number;
  at: [number, number];
};

/** Everything the Lighthouses rules report of a step (`LighthousesMatch.events()`). */
export type LighthousesEvent =
  | LighthousesAttackEvent
  | LighthousesNeutraliseEvent
  | LighthousesCaptureEvent
  | LighthousesConnectEvent
  | LighthousesTriangleEvent
  | LighthousesKeyEvent;
