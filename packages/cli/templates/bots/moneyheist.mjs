const DIRECTIONS = ["d", "r", "u", "l"];

/**
 * A starter Money Heist bot: every soldier walks in a random direction. Make it yours: the whole
 * player API is in the @arena/moneyheist README.
 */
export default class Bot {
  /**
   * @param {import("@arena/moneyheist").MoneyHeistView} view
   * @param {import("@arena/moneyheist").MoneyHeistActions} actions
   */
  play(view, actions) {
    const me = view.me();
    for (const id of view.soldiers(me)) {
      actions.move(id, DIRECTIONS[view.random(0, 3)]);
    }
  }
}
