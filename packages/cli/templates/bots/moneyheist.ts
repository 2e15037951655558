import type { MoneyHeistActions, MoneyHeistView } from "@arena/moneyheist";

const DIRECTIONS = ["d", "r", "u", "l"] as const;

/**
 * A starter Money Heist bot: every soldier walks in a random direction and the professor heals
 * when hurt. Make it yours: the whole player API is in the @arena/moneyheist README.
 */
export default class Bot {
  play(view: MoneyHeistView, actions: MoneyHeistActions): void {
    const me = view.me();
    for (const id of view.soldiers(me)) {
      actions.move(id, DIRECTIONS[view.random(0, 3)]!);
    }
  }
}
