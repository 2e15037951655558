import type { Bot } from "@arena/core";
import { type DemoState, ViewState } from "./bots/view-state";
import { BALL, CAPSULE, type DirLetter, ROCK } from "./state";
import { type DragonBallActions, type DragonBallView, ownState } from "./view";

/** Does nothing. */
export class NullBot implements Bot<DragonBallView, DragonBallActions> {
  play(): void {}
}

const MOVES: DirLetter[] = ["t", "b", "l", "r"];

/**
 * The built-in Demo: throws a Kame Hame at an enemy in line when strong enough; otherwise walks
 * (breadth-first) to what it needs most: a capsule when it carries a ball, a bean when weak, a
 * ball, or a kinton cloud.
 */
export class DemoBot implements Bot<DragonBallView, DragonBallActions> {
  private dist = new Int32Array(0);
  private queue = new Int32Array(0);
  /** neighbours[4·q + k]: the cell next to q in MOVES[k], or −1 (rock or off the board). */
  private neighbours = new Int32Array(0);
  /** The state read through the public API, for a view of another copy of the package. */
  private viewState: ViewState | undefined;

  /**
   * The state behind `view`: the live one for a view of this copy of the package, else (a view of
   * another copy: a second install, the arena cli's bundle) the same values read through its
   * public API, so the orders are the same.
   */
  private state(view: DragonBallView): DemoState {
    const own = ownState(view);
    if (own !== undefined) return own;
    this.viewState ??= new ViewState();
    return this.viewState.read(view);
  }

  play(view: DragonBallView, actions: DragonBallActions): void {
    const s = this.state(view);
    const me = view.me();
    if (s.gokuAlive[me] !== 1) return;
    const pos = s.gokuPos[me]!;
    const onKinton = s.gokuKinton[me]! > 0;
    const r = s.round;
    const canAct = onKinton || r % 2 === 0;
    if (!canAct) return;
    if (s.gokuStrength[me]! >= s.p.kamehame_penalty) {
      for (const dir of MOVES) {
        for (let q = s.dest(pos, dir); q >= 0 && s.cell[q] !== ROCK; q = s.dest(q, dir)) {
          const other = s.gokuAt[q]!;
          if (other >= 0 && other !== me) {
            actions.throwKamehame(dir);
            return;
          }
        }
      }
    }
    if (!onKinton && r % 4 === 2 && s.gokuStrength[me]! < s.p.moving_penalty) return;
    const weak = s.gokuStrength[me]! < s.p.max_strength / 3;
    const carrying = s.gokuBall[me] === 1;
    const goals: Array<(q: number) => boolean> = [];
    if (carrying) goals.push((q) => s.cell[q] === CAPSULE);
    if (weak) goals.push((q) => s.beanHome[q]! >= 0 && s.beanPresent[s.beanHome[q]!] === 1);
    if (!carrying) goals.push((q) => s.cell[q] === BALL);
    if (!onKinton)
      goals.push((q) => s.kintonHome[q]! >= 0 && s.kintonPresent[s.kintonHome[q]!] === 1);
    for (const goal of goals) {
      const dist = this.field(s, goal);
      let best: DirLetter | undefined;
      let bestDist = dist[pos]! < 0 ? Number.MAX_SAFE_INTEGER : dist[pos]!;
      for (const dir of MOVES) {
        const q = s.dest(pos, dir);
        if (q < 0 || dist[q]! < 0 || dist[q]! >= bestDist) continue;
        const other = s.gokuAt[q]!;
        // Attack only when clearly stronger.
        if (other >= 0 && s.gokuStrength[other]! * 2 > s.gokuStrength[me]!) continue;
        best = dir;
        bestDist = dist[q]!;
      }
      if (best !== undefined) {
        actions.move(best);
        return;
      }
    }
  }

  private field(s: DemoState, goal: (q: number) => boolean): Int32Array {
    const size = s.rows * s.cols;
    if (this.dist.length !== size) {
      this.dist = new Int32Array(size);
      this.queue = new Int32Array(size);
      this.neighbours = new Int32Array(4 * size);
      for (let q = 0; q < size; q++)
        MOVES.forEach((dir, k) => {
          const next = s.dest(q, dir);
          this.neighbours[4 * q + k] = next >= 0 && s.cell[next] !== ROCK ? next : -1;
        });
    }
    const { dist, queue, neighbours } = this;
    dist.fill(-1);
    let tail = 0;
    for (let q = 0; q < size; q++) {
      if (s.cell[q] !== ROCK && goal(q)) {
        dist[q] = 0;
        queue[tail++] = q;
      }
    }
    for (let head = 0; head < tail; head++) {
      const q = queue[head]!;
      for (let k = 0; k < 4; k++) {
        const next = neighbours[4 * q + k]!;
        if (next < 0 || dist[next] !== -1) continue;
        dist[next] = dist[q]! + 1;
        queue[tail++] = next;
      }
    }
    return dist;
  }
}
