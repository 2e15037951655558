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
import type { DragonBallConfig } from "./config";
import type { DragonBallEvent } from "./events";
import { DragonBallPlayerView } from "./player-view";
import {
  BALL,
  type DragonBallOrder,
  DragonBallState,
  playRound,
  resActions,
  resPreamble,
  resState,
} from "./state";
import { DragonBallActions, type DragonBallView } from "./view";

const ARRAYS = [
  "cell",
  "gokuAt",
  "gokuPos",
  "gokuTime",
  "gokuAlive",
  "gokuBall",
  "gokuBalls",
  "gokuStrength",
  "gokuKinton",
  "gokuStatus",
  "beanPresent",
  "beanTime",
  "kintonPresent",
  "kintonTime",
] as const;

/** A Bola de Drac match in progress (see `engine`). */
export class DragonBallMatch extends RoundMatch<
  DragonBallState,
  DragonBallOrder,
  DragonBallView,
  DragonBallActions
> {
  private readonly log = new EventLog<DragonBallEvent>();

  constructor(
    readonly config: DragonBallConfig,
    readonly seed: number,
  ) {
    // The match is over after nb_rounds rounds (2015) or nb_rounds − 1 (2012).
    super(
      new DragonBallState(config, seed),
      config.params.nb_players,
      config.variant === "2012" ? config.params.nb_rounds - 1 : config.params.nb_rounds,
    );
  }
  protected createView(player: number): DragonBallView {
    // The 2012 rules: players draw from the engine's streams (see DragonBallPlayerView).
    return new DragonBallPlayerView(
      this.state,
      player,
      this.seed,
      this.config.variant === "2012",
      this.feedback,
    );
  }
  protected playRound(orders: ReadonlyArray<readonly DragonBallOrder[]>): void {
    this.log.begin();
    playRound(this.state, orders, this.feedback, this.log);
  }
  /** What the rules did in the last round (see `DragonBallEvent`). */
  events(): readonly DragonBallEvent[] {
    return this.log.list();
  }
  actions(_player: number, collector: OrderCollector<DragonBallOrder>): DragonBallActions {
    return new DragonBallActions(collector);
  }
  orderKey(): number {
    return 0;
  }
  /** A frozen player's goku never comes back once dead (the original's only rule on status). */
  freeze(player: number): void {
    this.state.gokuStatus[player] = -1;
  }
  /** balls·(max_strength + 1) + strength, per player. */
  scores(): number[] {
    const s = this.state;
    return this.everyone.map((p) => s.gokuBalls[p]! * (s.p.max_strength + 1) + s.gokuStrength[p]!);
  }
  snapshot(): Json {
    const s = this.state;
    const data: Record<string, Json> = {
      config: this.config as unknown as Json,
      seed: this.seed,
      round: s.round,
      rng: s.rng.state,
      shuffle: s.shuffle.state,
    };
    return arraysToJson(s, ARRAYS, data);
  }
  static restore(snapshot: Json): DragonBallMatch {
    const data = snapshotFields(snapshot, "Bola de Drac");
    const match = new DragonBallMatch(data.config as DragonBallConfig, data.seed as number);
    const s = match.state;
    s.round = data.round as number;
    s.rng.state = data.rng as number;
    s.shuffle.state = data.shuffle as { ring: number[]; index: number };
    arraysFromJson(s, ARRAYS, data);
    return match;
  }
  /** A 32-bit digest of the whole state (see `digestNumbers`). */
  digest(): number {
    const s = this.state;
    return digestNumbers([
      s.round,
      s.rng.state,
      s.shuffle.state.index,
      s.shuffle.state.ring,
      ...ARRAYS.map((key) => s[key] as ArrayLike<number>),
    ]);
  }
  viewJson(player: number): Json {
    const s = this.state;
    const map: string[] = [];
    for (let i = 0; i < s.rows; i++) {
      let line = "";
      for (let j = 0; j < s.cols; j++) line += ".XCB"[s.cell[i * s.cols + j]!];
      map.push(line);
    }
    const view = this.view(player);
    return {
      round: s.round,
      me: player,
      map,
      beans: view.beans() as unknown as Json,
      kintons: view.kintons() as unknown as Json,
      gokus: this.everyone.map((id) => view.goku(id)) as unknown as Json,
      scores: this.scores(),
    };
  }
  /** @internal */
  resPreamble(names: readonly string[]): string {
    return resPreamble(this.state, names, this.config.variant);
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

export { BALL };
