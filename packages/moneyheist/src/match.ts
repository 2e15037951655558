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
import { checkConfig, type MoneyHeistConfig } from "./config";
import type { MoneyHeistEvent } from "./events";
import type { MoneyHeistOrder } from "./orders";
import { resCommands, resPreamble, resState } from "./res";
import { playRound, RoundScratch } from "./round";
import { generateBoard, HEALTH_KIT, MoneyHeistState, POISON_KIT, PROFESSOR } from "./state";
import { MoneyHeistActions, MoneyHeistView } from "./view";

const ARRAYS = [
  "wall",
  "unitAt",
  "kit",
  "money",
  "door",
  "gold",
  "unitType",
  "unitPlayer",
  "unitPos",
  "unitHealth",
  "unitPoison",
  "unitRebirth",
  "score",
  "potHealth",
  "potPoison",
  "status",
  "safeGold",
  "safeDoor",
] as const;

/** A Money Heist match in progress (see `engine`). */
export class MoneyHeistMatch extends RoundMatch<
  MoneyHeistState,
  MoneyHeistOrder,
  MoneyHeistView,
  MoneyHeistActions
> {
  private readonly scratch: RoundScratch;
  private readonly log = new EventLog<MoneyHeistEvent>();

  constructor(
    config: MoneyHeistConfig,
    readonly seed: number,
    generate = true,
  ) {
    const state = new MoneyHeistState(checkConfig({ ...config }), seed);
    super(state, config.numPlayers, state.config.numRounds);
    if (generate) generateBoard(this.state);
    this.scratch = new RoundScratch(this.state.numUnits);
  }

  get config(): MoneyHeistConfig {
    return this.state.config;
  }
  protected createView(player: number): MoneyHeistView {
    return new MoneyHeistView(this.state, player, this.seed, this.feedback);
  }
  protected playRound(orders: ReadonlyArray<readonly MoneyHeistOrder[]>): void {
    this.log.begin();
    playRound(this.state, orders, this.scratch, this.feedback, this.log);
  }
  /** What the rules did in the last round (see `MoneyHeistEvent`). */
  events(): readonly MoneyHeistEvent[] {
    return this.log.list();
  }
  actions(_player: number, collector: OrderCollector<MoneyHeistOrder>): MoneyHeistActions {
    return new MoneyHeistActions(collector);
  }
  orderKey(order: MoneyHeistOrder): number {
    return order.unit;
  }
  freeze(player: number): void {
    this.state.status[player] = -1;
  }
  scores(): number[] {
    return Array.from(this.state.score);
  }

  /** The whole state as JSON (players' own generators are theirs, not part of it). */
  snapshot(): Json {
    const s = this.state;
    const data: Record<string, Json> = {
      config: { ...s.config },
      seed: this.seed,
      round: s.round,
      rng: s.rng.state,
      hints: s.hints.map((h) => Array.from(h)),
      lastCommands: [...s.lastCommands],
    };
    return arraysToJson(s, ARRAYS, data);
  }

  /** Rebuilds a match from `snapshot()`. */
  static restore(snapshot: Json): MoneyHeistMatch {
    const data = snapshotFields(snapshot, "Money Heist");
    const match = new MoneyHeistMatch(data.config as MoneyHeistConfig, data.seed as number, false);
    const s = match.state;
    s.round = data.round as number;
    s.rng.state = data.rng as number;
    s.hints.push(...(data.hints as number[][]).map((h) => Int32Array.from(h)));
    s.lastCommands = [...(data.lastCommands as string[])];
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
      ...ARRAYS.map((key) => s[key] as ArrayLike<number>),
      ...s.hints,
    ]);
  }

  /** The view as JSON for external bots (documented in the README). */
  viewJson(player: number): Json {
    const s = this.state;
    const board: string[] = [];
    for (let r = 0; r < s.rows; r++) {
      let line = "";
      for (let c = 0; c < s.cols; c++) {
        const cell = r * s.cols + c;
        const unit = s.unitAt[cell]!;
        line +=
          s.wall[cell] === 1
            ? "W"
            : unit >= 0
              ? s.unitType[unit] === PROFESSOR
                ? "X"
                : String(s.unitPlayer[unit])
              : s.kit[cell] === HEALTH_KIT
                ? "H"
                : s.kit[cell] === POISON_KIT
                  ? "P"
                  : s.door[cell]! >= 0
                    ? "B"
                    : s.gold[cell]! >= 0
                      ? "G"
                      : s.money[cell]! > 0
                        ? "M"
                        : ".";
      }
      board.push(line);
    }
    const units: Json[] = [];
    for (let id = 0; id < s.numUnits; id++) {
      const pos = s.unitPos[id]!;
      units.push({
        id,
        type: s.unitType[id] === PROFESSOR ? "professor" : "soldier",
        player: s.unitPlayer[id]!,
        i: Math.floor(pos / s.cols),
        j: pos % s.cols,
        health: s.unitHealth[id]!,
        poison: s.unitPoison[id]!,
        roundsForReborn: s.unitRebirth[id]!,
      });
    }
    const money: Json[] = [];
    for (let cell = 0; cell < s.cells; cell++)
      if (s.money[cell]! > 0)
        money.push([Math.floor(cell / s.cols), cell % s.cols, s.money[cell]!]);
    const safes: Json[] = s.hints.map((hints, id) => {
      const door = s.safeDoor[id]!;
      const gold = s.safeGold[id]!;
      return {
        id,
        door: [Math.floor(door / s.cols), door % s.cols],
        gold: [Math.floor(gold / s.cols), gold % s.cols],
        hints: Array.from(hints),
      };
    });
    return {
      round: s.round,
      me: player,
      board,
      units,
      money,
      safes,
      score: Array.from(s.score),
      health: Array.from(s.potHealth),
      poison: Array.from(s.potPoison),
      status: Array.from(s.status),
    };
  }

  /** @internal `.res` text pieces. */
  resPreamble(names: readonly string[]): string {
    return resPreamble(this.state.config, this.seed, names);
  }
  /** @internal */
  resState(): string {
    return resState(this.state);
  }
  /** @internal */
  resCommands(): string {
    return resCommands(this.state);
  }
}
