// The eight moves of the original Dir, in its order (None, "n", is left out).
const DIRECTIONS = ["b", "w", "r", "x", "t", "y", "l", "z"];

/**
 * A starter Mad Max bot: every warrior and car that may move this round moves in a random
 * direction. Make it yours: the whole player API is in the @arena/madmax README.
 */
export default class Bot {
  /**
   * @param {import("@arena/madmax").MadMaxView} view
   * @param {import("@arena/madmax").MadMaxActions} actions
   */
  play(view, actions) {
    const me = view.me();
    for (const id of [...view.warriors(me), ...view.cars(me)]) {
      if (view.canMove(id)) actions.command(id, DIRECTIONS[view.random(0, 7)]);
    }
  }
}
