import type { MadMaxRevisitedActions, MadMaxRevisitedView } from "@arena/madmax-revisited";

/**
 * A starter Mad Max Revisited bot: every car shoots now and then when it has missiles, otherwise
 * drifts one row up or down (or keeps its row) as it advances, never off the board. Make it
 * yours: the whole player API is in the @arena/madmax-revisited README.
 */
export default class Bot {
  play(view: MadMaxRevisitedView, actions: MadMaxRevisitedActions): void {
    const me = view.me();
    for (let car = view.begin(me); car < view.end(me); car++) {
      const state = view.car(car);
      if (!state.alive) continue;
      if (state.nbMiss > 0 && view.randomize(0, 3) === 0) actions.shoot(car);
      else {
        // Up (−1), straight (0) or down (+1), but within rows 0..numberRows()−1: the game rejects
        // a move off the board.
        const row = state.pos.first;
        const up = row > 0 ? -1 : 0;
        const down = row < view.numberRows() - 1 ? 1 : 0;
        actions.move(car, [view.randomize(up, down), 1]);
      }
    }
  }
}
