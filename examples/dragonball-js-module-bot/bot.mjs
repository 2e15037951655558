// A Bola de Drac bot as a JavaScript module: `arena play dragonball ./bot.mjs …` loads it and
// calls `play(view, actions)` every round (in its own process; `--in-process` in arena's),
// with the player API of @arena/dragonball (the original Board's queries in camelCase; see its
// README).
//
// Strategy: without a ball, walk to the nearest ball; with one, to the nearest capsule to score
// it; when weak, to a magic bean first; pick up a kinton cloud on the way when it is close. Never
// step onto a stronger goku. Throw a Kame Hame when an enemy goku carrying a ball stands in line
// (no rock between) and strength to spare.

/** Directions: top, bottom, left, right (the original `Dir` letters). */
const DIRS = ["t", "b", "l", "r"];

export default class DragonBallModuleBot {
  play(view, actions) {
    const me = view.me();
    const goku = view.goku(me);
    if (!goku.alive) return;
    const rows = view.rows();
    const cols = view.cols();
    const index = (pos) => pos.i * cols + pos.j;
    const carrying = goku.type === "With_Ball" || goku.type === "On_Kinton_With_Ball";
    const onKinton = goku.type === "On_Kinton" || goku.type === "On_Kinton_With_Ball";

    // 1. A Kame Hame at an enemy carrying a ball, in line within reach.
    if (goku.strength > view.kamehamePenalty() + 150) {
      for (const dir of DIRS) {
        for (let pos = view.dest(goku.pos, dir); view.posOk(pos); pos = view.dest(pos, dir)) {
          const cell = view.cell(pos);
          if (cell.type === "Rock") break;
          if (cell.id < 0 || cell.id === me) continue;
          const other = view.goku(cell.id).type;
          if (other === "With_Ball" || other === "On_Kinton_With_Ball") {
            actions.throwKamehame(dir);
            return;
          }
        }
      }
    }

    // 2. Breadth-first distances from the goku over every cell that is not rock.
    const dist = new Int32Array(rows * cols).fill(-1);
    const first = new Array(rows * cols);
    const queue = [goku.pos];
    dist[index(goku.pos)] = 0;
    for (let k = 0; k < queue.length; k++) {
      const pos = queue[k];
      for (const dir of DIRS) {
        const next = view.dest(pos, dir);
        if (!view.posOk(next) || dist[index(next)] >= 0) continue;
        const cell = view.cell(next);
        if (cell.type === "Rock") continue;
        // Another goku: a cell to pass through only if we would win the fight more often.
        if (cell.id >= 0 && view.goku(cell.id).strength >= goku.strength) continue;
        dist[index(next)] = dist[index(pos)] + 1;
        first[index(next)] = k === 0 ? dir : first[index(pos)];
        queue.push(next);
      }
    }

    // 3. The nearest cell of the kind wanted now.
    const nearest = (type, within = Number.POSITIVE_INFINITY) => {
      for (const pos of queue) {
        const d = dist[index(pos)];
        if (d > 0 && d <= within && view.cell(pos).type === type) return pos;
      }
      return undefined;
    };
    const weak = goku.strength < view.resStrength() + view.movingPenalty() * 10;
    const target =
      (weak ? nearest("Bean") : undefined) ??
      (onKinton ? undefined : nearest("Kinton", 4)) ??
      nearest(carrying ? "Capsule" : "Ball") ??
      nearest("Bean");
    if (target) actions.move(first[index(target)]);
  }
}
