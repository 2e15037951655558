import type { MadMaxRevisitedActions, MadMaxRevisitedView } from "@arena/madmax-revisited";

/**
 * A starter Mad Max Revisited bot: every car shoots when it has missiles, otherwise drifts one
 * row up or down (or keeps its row) as it advances. Make it yours: the whole player API is in the
 * @arena/madmax-revisited README.
 */
export default class Bot {
  play(view: MadMaxRevisitedView, actions: MadMaxRevisitedActions): void {
    const me = view.me();
    for (let car = view.begin(me); car < view.end(me); car++) {
      const state = view.car(car);
      if (!state.alive) continue;
      if (state.nbMiss > 0 && view.randomize(0, 3) === 0) actions.shoot(car);
      else actions.move(car, [view.randomize(-1, 1), 1]);
    }
  }
}
