import type { DragonBallActions, DragonBallView } from "@arena/dragonball";

const DIRECTIONS = ["t", "b", "l", "r"] as const;

/**
 * A starter Bola de Drac bot: the goku walks in a random direction. Make it yours: the whole
 * player API is in the @arena/dragonball README.
 */
export default class Bot {
  play(view: DragonBallView, actions: DragonBallActions): void {
    actions.move(DIRECTIONS[view.randomize() % 4]!);
  }
}
