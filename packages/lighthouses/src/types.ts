import type { Json } from "@arena/core";

/**
 * One command of a player's turn, exactly the JSON object of the original protocol:
 * `{"command": "pass"}`, `{"command": "move", "x": -1, "y": 1}`, `{"command": "attack", "energy": 80}`,
 * `{"command": "connect", "destination": [1, 1]}`. Malformed fields are kept as given: the engine
 * answers them with the original's error message and the turn counts as a pass.
 */
export interface LighthousesOrder {
  command: Json;
  [field: string]: Json;
}

/** A position `[x, y]`, with (0, 0) the bottom-left cell and y growing upward. */
export type Position = [number, number];

/** A lighthouse as a player sees it in a turn. */
export interface LighthouseInfo {
  /** Its coordinates (also its identifier). */
  position: Position;
  /**
   * The player who controls it, or `null` when neutral, as the original engine sends it (−1 with
   * the `neutralOwner: -1` option, as the statement writes it).
   */
  owner: number | null;
  /** Its energy (0 when neutral; no maximum). */
  energy: number;
  /** The other ends of its connections (each connection appears from both ends). */
  connections: Position[];
  /** Whether the viewing player holds its key. */
  haveKey: boolean;
}

/** The result of a player's last command, as the protocol's result message says. */
export interface CommandResult {
  success: boolean;
  /** The original's error text when `success` is false. */
  message?: string;
}
