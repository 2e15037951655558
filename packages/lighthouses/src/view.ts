import type { OrderCollector, Rejection } from "@arena/core";
import type { LighthousesMatch } from "./match";
import type { CommandResult, LighthouseInfo, LighthousesOrder, Position } from "./types";

/**
 * What a player knows, with the original protocol's fields in camelCase: the start message
 * (`playerNum`, `playerCount`, `map`, `lighthouses` positions) and the turn message (`position`,
 * `score`, `energy`, `view`, `lighthouses` with owner, energy, connections, haveKey). It reads the
 * live match, so each read is current. Like the protocol, it does not show other players' positions.
 */
export class LighthousesView {
  // A private field (#): no property, prototype or constructor path leads from a view to the match.
  readonly #match: LighthousesMatch;
  /** This player's number (0-based). */
  readonly playerNum: number;

  /** @internal */
  constructor(match: LighthousesMatch, playerNum: number) {
    this.#match = match;
    this.playerNum = playerNum;
    Object.freeze(this);
  }

  /** Number of players in the match. */
  get playerCount(): number {
    return this.#match.numPlayers;
  }

  /** The current round (0-based). */
  get round(): number {
    return this.#match.round();
  }

  /** Total rounds of the match. */
  get rounds(): number {
    return this.#match.rounds;
  }

  /** Map width (x from 0 to width − 1). */
  get width(): number {
    return this.#match.width;
  }

  /** Map height (y from 0 to height − 1, y = 0 the bottom row). */
  get height(): number {
    return this.#match.height;
  }

  /** The island as in the start message: `map[y][x]` is 1 for island, 0 for water; y = 0 first. */
  get map(): number[][] {
    const { width, height, island } = this.#match;
    const rows: number[][] = [];
    for (let y = 0; y < height; y++)
      rows.push(Array.from(island.subarray(y * width, (y + 1) * width)));
    return rows;
  }

  /** Whether (x, y) is island (fast; no allocation). */
  isIsland(x: number, y: number): boolean {
    const { width, height, island } = this.#match;
    return x >= 0 && y >= 0 && x < width && y < height && island[y * width + x] === 1;
  }

  /** This player's position `[x, y]`. */
  get position(): Position {
    return [this.#match.playerX[this.playerNum]!, this.#match.playerY[this.playerNum]!];
  }

  /** This player's score (total as of the end of the previous round). */
  get score(): number {
    return this.#match.playerScore[this.playerNum]!;
  }

  /** This player's energy. */
  get energy(): number {
    return this.#match.playerEnergy[this.playerNum]!;
  }

  /** The 7×7 energy view: `view[j][i]` is cell (x+i−3, y+j−3); row 0 is the southern row; −1 beyond radius 3. */
  get view(): number[][] {
    return this.#match.energyView(this.playerNum);
  }

  /** Every lighthouse, in the start message's order (rows from y = 0 up, x left to right). */
  get lighthouses(): LighthouseInfo[] {
    const m = this.#match;
    const out: LighthouseInfo[] = [];
    for (let l = 0; l < m.numLighthouses; l++) {
      out.push({
        position: [m.lhX[l]!, m.lhY[l]!],
        owner: m.ownerShown(l),
        energy: m.lhEnergy[l]!,
        connections: m.lhConnections[l]!.map((o) => [m.lhX[o]!, m.lhY[o]!] as Position),
        haveKey: m.hasKey(this.playerNum, l),
      });
    }
    return out;
  }

  /**
   * This player's command of its previous turn, when it was rejected (it then counted as a pass),
   * and why: `[{index: 0, reason, message}]` with reason `illegal-move`, `wrong-key` (no key to
   * the destination), `malformed` or `duplicate` (a second command in one turn); else empty.
   */
  get rejected(): readonly Rejection[] {
    return this.#match.feedback.shown(this.playerNum);
  }

  /** The result of this player's last command (`success`, and `message` on failure). */
  get lastResult(): CommandResult {
    return { ...this.#match.results[this.playerNum]! };
  }
}

Object.freeze(LighthousesView.prototype);
Object.freeze(LighthousesView);

/**
 * The commands of a turn. Only the first one given in a turn counts (one command per turn, as in
 * the protocol); giving none is a pass.
 */
export class LighthousesActions {
  /** The acting player. */
  readonly player: number;
  readonly #collector: OrderCollector<LighthousesOrder>;

  /** @internal */
  constructor(player: number, collector: OrderCollector<LighthousesOrder>) {
    this.player = player;
    this.#collector = collector;
    Object.freeze(this);
  }

  /** Does nothing this turn. */
  pass(): void {
    this.#collector.add(0, { command: "pass" });
  }

  /** Moves to an adjacent cell: `x` and `y` each −1, 0 or 1 (y = 1 is north). */
  move(x: number, y: number): void {
    this.#collector.add(0, { command: "move", x, y });
  }

  /** Attacks or recharges the lighthouse under the player with `energy` (clamped to the player's energy). */
  attack(energy: number): void {
    this.#collector.add(0, { command: "attack", energy });
  }

  /** Connects the lighthouse under the player to the one at `destination` (needs its key). */
  connect(destination: Position): void {
    this.#collector.add(0, { command: "connect", destination: [destination[0], destination[1]] });
  }
}

Object.freeze(LighthousesActions.prototype);
Object.freeze(LighthousesActions);
