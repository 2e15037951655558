import { BALL, CAPSULE, type DirLetter, type DragonBallState, EMPTY, ROCK } from "../state";
import type { DragonBallView } from "../view";

/** The parts of the match state the built-in Demo reads. */
export type DemoState = Pick<
  DragonBallState,
  | "rows"
  | "cols"
  | "round"
  | "cell"
  | "gokuAt"
  | "beanHome"
  | "beanPresent"
  | "kintonHome"
  | "kintonPresent"
  | "gokuPos"
  | "gokuAlive"
  | "gokuBall"
  | "gokuStrength"
  | "gokuKinton"
  | "dest"
> & {
  readonly p: Pick<DragonBallState["p"], "kamehame_penalty" | "moving_penalty" | "max_strength">;
};

const DI: Record<DirLetter, number> = { n: 0, t: -1, b: 1, l: 0, r: 0 };
const DJ: Record<DirLetter, number> = { n: 0, t: 0, b: 0, l: -1, r: 1 };
const CELLS: Record<string, number> = { Rock: ROCK, Capsule: CAPSULE, Ball: BALL };

/**
 * The Demo's state read through a view's public API only, for a view made by another copy of the
 * package (its private fields are not this copy's). Same arrays, same values as the engine's
 * state for everything the Demo reads, refreshed by `read` once per round.
 */
export class ViewState implements DemoState {
  rows = 0;
  cols = 0;
  round = 0;
  cell = new Uint8Array(0);
  gokuAt = new Int8Array(0);
  beanHome = new Int16Array(0);
  beanPresent = new Uint8Array(0);
  kintonHome = new Int16Array(0);
  kintonPresent = new Uint8Array(0);
  gokuPos = new Int32Array(0);
  gokuAlive = new Uint8Array(0);
  gokuBall = new Uint8Array(0);
  gokuStrength = new Int32Array(0);
  gokuKinton = new Int32Array(0);
  readonly p = { kamehame_penalty: 0, moving_penalty: 0, max_strength: 0 };

  /** The cell next to `pos` in `dir`, or −1 off the board (as the state's). */
  dest(pos: number, dir: DirLetter): number {
    const i = Math.floor(pos / this.cols) + DI[dir];
    const j = (pos % this.cols) + DJ[dir];
    if (i < 0 || j < 0 || i >= this.rows || j >= this.cols) return -1;
    return i * this.cols + j;
  }

  /** Reads the current round of `view`. */
  read(view: DragonBallView): this {
    const rows = view.rows();
    const cols = view.cols();
    const players = view.nbPlayers();
    if (rows !== this.rows || cols !== this.cols) {
      this.rows = rows;
      this.cols = cols;
      this.cell = new Uint8Array(rows * cols);
      this.gokuAt = new Int8Array(rows * cols);
      this.beanHome = new Int16Array(rows * cols);
      this.kintonHome = new Int16Array(rows * cols);
    }
    if (players !== this.gokuPos.length) {
      this.gokuPos = new Int32Array(players);
      this.gokuAlive = new Uint8Array(players);
      this.gokuBall = new Uint8Array(players);
      this.gokuStrength = new Int32Array(players);
      this.gokuKinton = new Int32Array(players);
    }
    this.round = view.round();
    this.p.kamehame_penalty = view.kamehamePenalty();
    this.p.moving_penalty = view.movingPenalty();
    this.p.max_strength = view.maxStrength();
    for (let i = 0, q = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++, q++) {
        const cell = view.cell({ i, j });
        // A bean or a kinton shows on an empty cell only.
        this.cell[q] = CELLS[cell.type] ?? EMPTY;
        this.gokuAt[q] = cell.id;
      }
    }
    const items = (list: ReturnType<DragonBallView["beans"]>, home: Int16Array) => {
      home.fill(-1);
      const present = new Uint8Array(list.length);
      list.forEach((item, k) => {
        home[item.pos.i * cols + item.pos.j] = k;
        present[k] = item.present ? 1 : 0;
      });
      return present;
    };
    this.beanPresent = items(view.beans(), this.beanHome);
    this.kintonPresent = items(view.kintons(), this.kintonHome);
    for (let id = 0; id < players; id++) {
      const goku = view.goku(id);
      this.gokuPos[id] = goku.pos.i * cols + goku.pos.j;
      this.gokuAlive[id] = goku.alive ? 1 : 0;
      this.gokuBall[id] = goku.type === "With_Ball" || goku.type === "On_Kinton_With_Ball" ? 1 : 0;
      this.gokuStrength[id] = goku.strength;
      this.gokuKinton[id] = goku.kinton;
    }
    return this;
  }
}
