import type { LighthousesActions, LighthousesView } from "@arena/lighthouses";

/**
 * A starter Lighthouses bot: on a lighthouse it does not own, it attacks with all its energy;
 * otherwise it walks to a random island cell next to it. Make it yours: the whole player API is
 * in the @arena/lighthouses README.
 */
export default class Bot {
  // Its own small generator (the game gives Lighthouses bots none), so matches replay the same.
  private seed = 12345;

  private random(n: number): number {
    this.seed = (this.seed * 48271) % 2147483647;
    return this.seed % n;
  }

  play(view: LighthousesView, actions: LighthousesActions): void {
    const [x, y] = view.position;
    const here = view.lighthouses.find((l) => l.position[0] === x && l.position[1] === y);
    if (here && here.owner !== view.playerNum && view.energy > 0) {
      actions.attack(view.energy);
      return;
    }
    const steps: Array<[number, number]> = [];
    for (const dx of [-1, 0, 1])
      for (const dy of [-1, 0, 1])
        if ((dx !== 0 || dy !== 0) && view.isIsland(x + dx, y + dy)) steps.push([dx, dy]);
    if (steps.length === 0) actions.pass();
    else {
      const [dx, dy] = steps[this.random(steps.length)]!;
      actions.move(dx, dy);
    }
  }
}
