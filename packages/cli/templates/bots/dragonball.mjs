const DIRECTIONS = ["t", "b", "l", "r"];

/**
 * A starter Bola de Drac bot: the goku walks in a random direction free of rocks, when the rules
 * let it move. Make it yours: the whole player API is in the @arena/dragonball README.
 */
export default class Bot {
  /**
   * @param {import("@arena/dragonball").DragonBallView} view
   * @param {import("@arena/dragonball").DragonBallActions} actions
   */
  play(view, actions) {
    const goku = view.goku(view.me());
    if (!goku.alive) return;
    if (goku.kinton === 0) {
      // Without a kinton cloud, a goku acts only in even rounds, and a move in a round ≡ 2
      // (mod 4) costs movingPenalty() strength: too weak, it must wait (the game would reject it).
      if (view.round() % 2 !== 0) return;
      if (view.round() % 4 === 2 && goku.strength < view.movingPenalty()) return;
    }
    const free = DIRECTIONS.filter(
      (dir) => view.posOk(goku.pos, dir) && view.cell(view.dest(goku.pos, dir)).type !== "Rock",
    );
    if (free.length > 0) actions.move(free[view.randomize() % free.length]);
  }
}
