const DIRECTIONS = ["t", "b", "l", "r"];

/**
 * A starter Bola de Drac bot: the goku walks in a random direction. Make it yours: the whole
 * player API is in the @arena/dragonball README.
 */
export default class Bot {
  /**
   * @param {import("@arena/dragonball").DragonBallView} view
   * @param {import("@arena/dragonball").DragonBallActions} actions
   */
  play(view, actions) {
    actions.move(DIRECTIONS[view.randomize() % 4]);
  }
}
