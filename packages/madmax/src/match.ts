import {
  arraysFromJson,
  arraysToJson,
  digestNumbers,
  EventLog,
  type Json,
  type OrderCollector,
  RoundMatch,
  snapshotFields,
} from "@arena/core";
import type { MadMaxConfig } from "./config";
import type { MadMaxEvent } from "./events";
import { generateBoard } from "./generator";
import { resMoves, resPreamble, resState } from "./res";
import { playRound } from "./round";
import { CAR, CITY, type MadMaxOrder, MadMaxState } from "./state";
import { MadMaxActions, MadMaxView } from "./view";

const ARRAYS = [
  "cell",
  "owner",
  "unitAt",
  "type",
  "player",
  "pos",
  "food",
  "water",
  "numCities",
  "totalScore",
  "status",
] as const;

/** A Mad Max match in progress (see `engine`). */
export class MadMaxMatch extends RoundMatch<MadMaxState, MadMaxOrder, MadMaxView, MadMaxActions> {
  private readonly log = new EventLog<MadMaxEvent>();
  constructor(
    readonly config: MadMaxConfig,
    readonly seed: number,
    build = true,
  ) {
    super(new MadMaxState(config.params, seed), config.params.nb_players, config.params.nb_rounds);
    if (!build) return;
    const s = this.state;
    if (config.board === "FIXED") {
      config.map!.forEach((row, i) => {
        for (let j = 0; j < s.cols; j++) {
          const ch = row[j]!;
          const c = i * s.cols + j;
          if (ch >= "0" && ch <= "3") {
            s.cell[c] = CITY;
            s.owner[c] = Number(ch);
          } else s.cell[c] = ".RCWSX".indexOf(ch);
        }
      });
    } else generateBoard(s);
    s.placeInitialUnits();
  }
  protected createView(player: number): MadMaxView {
    return new MadMaxView(this.state, player, this.seed, this.feedback);
  }
  protected playRound(orders: ReadonlyArray<readonly MadMaxOrder[]>): void {
    this.log.begin();
    playRound(this.state, orders, this.feedback, this.log);
  }
  /** What the rules did in the last round (see `MadMaxEvent`). */
  events(): readonly MadMaxEvent[] {
    return this.log.list();
  }
  actions(_player: number, collector: OrderCollector<MadMaxOrder>): MadMaxActions {
    return new MadMaxActions(collector);
  }
  orderKey(order: MadMaxOrder): number {
    return order.unit;
  }
  freeze(player: number): void {
    this.state.status[player] = -1;
  }
  /** Total scores: the sum over rounds of the cities held. */
  scores(): number[] {
    return Array.from(this.state.totalScore);
  }
  snapshot(): Json {
    const s = this.state;
    const data: Record<string, Json> = {
      config: this.config as unknown as Json,
      seed: this.seed,
      round: s.round,
      rng: s.rng.state,
      cities: s.cities,
    };
    return arraysToJson(s, ARRAYS, data);
  }
  static restore(snapshot: Json): MadMaxMatch {
    const data = snapshotFields(snapshot, "Mad Max");
    const match = new MadMaxMatch(data.config as MadMaxConfig, data.seed as number, false);
    const s = match.state;
    s.round = data.round as number;
    s.rng.state = data.rng as number;
    s.cities = (data.cities as number[][]).map((c) => [...c]);
    arraysFromJson(s, ARRAYS, data);
    return match;
  }
  /** A 32-bit digest of the whole state (see `digestNumbers`). */
  digest(): number {
    const s = this.state;
    return digestNumbers([
      s.round,
      s.rng.state,
      ...ARRAYS.map((key) => s[key] as ArrayLike<number>),
    ]);
  }
  viewJson(player: number): Json {
    const s = this.state;
    const map: string[] = [];
    for (let i = 0; i < s.rows; i++) {
      let line = "";
      for (let j = 0; j < s.cols; j++) {
        const c = i * s.cols + j;
        line += s.cell[c] === CITY ? String(s.owner[c]) : ".RCWSX"[s.cell[c]!];
      }
      map.push(line);
    }
    return {
      round: s.round,
      me: player,
      map,
      units: Array.from({ length: s.numUnits }, (_, id) => ({
        id,
        type: s.type[id] === CAR ? "car" : "warrior",
        player: s.player[id]!,
        i: Math.floor(s.pos[id]! / s.cols),
        j: s.pos[id]! % s.cols,
        food: s.food[id]!,
        water: s.water[id]!,
        canMove: s.canMove(id),
      })),
      numCities: Array.from(s.numCities),
      totalScore: Array.from(s.totalScore),
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
  resMoves(): string {
    return resMoves(this.state);
  }
}
