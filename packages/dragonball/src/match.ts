import { ArenaError, digestNumbers, type Json, type Match, type OrderCollector } from "@arena/core";
import type { DragonBallConfig } from "./config";
import {
  BALL,
  type DragonBallOrder,
  DragonBallState,
  playRound,
  resActions,
  resPreamble,
  resState,
} from "./state";
import { DragonBallActions, DragonBallView } from "./view";

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
export class DragonBallMatch implements Match<DragonBallOrder, DragonBallView, DragonBallActions> {
  readonly numPlayers: number;
  /** @internal */
  readonly state: DragonBallState;
  private readonly views: DragonBallView[] = [];
  private readonly everyone: number[];
  /** The round after which the match is over: nb_rounds (2015) or nb_rounds − 1 (2012). */
  readonly lastRound: number;

  constructor(
    readonly config: DragonBallConfig,
    readonly seed: number,
  ) {
    this.state = new DragonBallState(config, seed);
    this.numPlayers = config.params.nb_players;
    this.everyone = Array.from({ length: this.numPlayers }, (_, p) => p);
    this.lastRound =
      config.variant === "2012" ? config.params.nb_rounds - 1 : config.params.nb_rounds;
  }
  round(): number {
    return this.state.round;
  }
  isOver(): boolean {
    return this.state.round >= this.lastRound;
  }
  toMove(): readonly number[] {
    return this.everyone;
  }
  view(player: number): DragonBallView {
    let view = this.views[player];
    if (view === undefined) {
      view = new DragonBallView(this.state, player, this.seed);
      this.views[player] = view;
    }
    return view;
  }
  actions(_player: number, collector: OrderCollector<DragonBallOrder>): DragonBallActions {
    return new DragonBallActions(collector);
  }
  orderKey(): number {
    return 0;
  }
  step(orders: ReadonlyArray<readonly DragonBallOrder[]>): void {
    if (this.isOver()) throw new ArenaError("MATCH_OVER", "the match is over: no more rounds");
    playRound(this.state, orders);
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
    for (const key of ARRAYS) data[key] = Array.from(s[key] as ArrayLike<number>);
    return data;
  }
  static restore(snapshot: Json): DragonBallMatch {
    const data = snapshot as Record<string, unknown>;
    if (typeof data !== "object" || data === null || typeof data.config !== "object")
      throw new ArenaError("BAD_SNAPSHOT", "not a Bola de Drac snapshot");
    const match = new DragonBallMatch(data.config as DragonBallConfig, data.seed as number);
    const s = match.state;
    s.round = data.round as number;
    s.rng.state = data.rng as number;
    s.shuffle.state = data.shuffle as { ring: number[]; index: number };
    for (const key of ARRAYS)
      (s[key] as { set(values: number[]): void }).set(data[key] as number[]);
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
