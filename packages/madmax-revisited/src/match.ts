import {
  arraysFromJson,
  arraysToJson,
  digestNumbers,
  EventLog,
  type Json,
  Minstd,
  type OrderCollector,
  RoundMatch,
  snapshotFields,
} from "@arena/core";
import type { MadMaxRevisitedConfig } from "./config";
import type { MadMaxRevisitedEvent } from "./events";
import { resActions, resPreamble, resState } from "./res";
import { CELL_LETTERS, type MadMaxRevisitedOrder, MmrState, playRound } from "./state";
import { MadMaxRevisitedActions, MadMaxRevisitedView } from "./view";

const ARRAYS = [
  "cell",
  "carAt",
  "missileAt",
  "carPos",
  "carMiss",
  "carGas",
  "carAlive",
  "carTime",
  "score",
  "status",
] as const;

/** A Mad Max Revisited match in progress (see `engine`). */
export class MadMaxRevisitedMatch extends RoundMatch<
  MmrState,
  MadMaxRevisitedOrder,
  MadMaxRevisitedView,
  MadMaxRevisitedActions
> {
  private readonly generators: Minstd[];
  private readonly log = new EventLog<MadMaxRevisitedEvent>();

  constructor(
    readonly config: MadMaxRevisitedConfig,
    readonly seed: number,
  ) {
    super(new MmrState(config, seed), config.params.nb_players, config.params.nb_rnds);
    // Player k's generator is seeded seed + k and, before every round, reseeded with its own
    // next number (the original copies the board into the player and reseeds it).
    this.generators = this.everyone.map((k) => new Minstd(seed + k));
    this.reseedPlayers();
  }

  private reseedPlayers(): void {
    for (const generator of this.generators) generator.setSeed(generator.randomize());
  }

  protected createView(player: number): MadMaxRevisitedView {
    return new MadMaxRevisitedView(this.state, player, this.generators[player]!, this.feedback);
  }
  protected playRound(orders: ReadonlyArray<readonly MadMaxRevisitedOrder[]>): void {
    this.log.begin();
    this.state.events = this.log;
    playRound(this.state, orders, this.feedback);
    this.reseedPlayers();
  }
  /** What the rules did in the last round (see `MadMaxRevisitedEvent`). */
  events(): readonly MadMaxRevisitedEvent[] {
    return this.log.list();
  }
  actions(
    _player: number,
    collector: OrderCollector<MadMaxRevisitedOrder>,
  ): MadMaxRevisitedActions {
    return new MadMaxRevisitedActions(collector);
  }
  orderKey(order: MadMaxRevisitedOrder): number {
    return order.car;
  }
  freeze(player: number): void {
    this.state.status[player] = -1;
  }
  scores(): number[] {
    return Array.from(this.state.score);
  }
  /** The whole state as JSON (players' own generators are theirs and not part of it). */
  snapshot(): Json {
    const s = this.state;
    const data: Record<string, Json> = {
      config: this.config as unknown as Json,
      seed: this.seed,
      round: s.round,
      rng: s.rng.state,
      nextMissile: s.nextMissile,
      missiles: [...s.missiles.entries()].map(([mid, m]) => [mid, m.cid, m.pos]),
    };
    return arraysToJson(s, ARRAYS, data);
  }
  static restore(snapshot: Json): MadMaxRevisitedMatch {
    const data = snapshotFields(snapshot, "Mad Max Revisited");
    const match = new MadMaxRevisitedMatch(
      data.config as MadMaxRevisitedConfig,
      data.seed as number,
    );
    const s = match.state;
    s.round = data.round as number;
    s.rng.state = data.rng as number;
    s.nextMissile = data.nextMissile as number;
    s.missiles = new Map(
      (data.missiles as number[][]).map(([mid, cid, pos]) => [mid!, { cid: cid!, pos: pos! }]),
    );
    arraysFromJson(s, ARRAYS, data);
    s.recount();
    return match;
  }
  /** A 32-bit digest of the whole state (see `digestNumbers`). */
  digest(): number {
    const s = this.state;
    return digestNumbers([
      s.round,
      s.rng.state,
      s.nextMissile,
      ...ARRAYS.map((key) => s[key] as ArrayLike<number>),
      [...s.missiles.entries()]
        .sort((a, b) => a[0] - b[0])
        .flatMap(([mid, m]) => [mid, m.cid, m.pos]),
    ]);
  }
  /** The view as JSON for external bots (see the README). */
  viewJson(player: number): Json {
    const s = this.state;
    const map: string[] = [];
    for (let r = 0; r < s.rows; r++) {
      let line = "";
      for (let c = 0; c < s.cols; c++) line += CELL_LETTERS[s.cell[r * s.cols + c]!];
      map.push(line);
    }
    return {
      round: s.round,
      me: player,
      map,
      cars: Array.from({ length: s.numCars }, (_, cid) => {
        const pos = s.carPos[cid]!;
        return {
          cid,
          player: s.ownerOf(cid),
          row: Math.floor(pos / s.cols),
          column: pos % s.cols,
          nbMiss: s.carMiss[cid]!,
          gas: s.carGas[cid]!,
          alive: s.carAlive[cid] === 1,
          time: s.carTime[cid]!,
        };
      }),
      missiles: [...s.missiles.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([mid, m]) => ({
          mid,
          cid: m.cid,
          row: Math.floor(m.pos / s.cols),
          column: m.pos % s.cols,
        })),
      scores: Array.from(s.score),
      status: Array.from(s.status),
    };
  }
  /** @internal */
  resPreamble(names: readonly string[]): string {
    return resPreamble(this.state, this.seed, names);
  }
  /** @internal */
  resState(): string {
    return resState(this.state);
  }
  /** @internal */
  resActions(): string {
    return resActions(this.state);
  }
}
