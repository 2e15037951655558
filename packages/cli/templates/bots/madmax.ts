import type { Dir, MadMaxActions, MadMaxView, Unit } from "@arena/madmax";

/** The eight moves of the original Dir, in its order (None, "n", is left out): [rows, columns]. */
const STEPS: Record<Exclude<Dir, "n">, [number, number]> = {
  b: [1, 0],
  w: [1, 1],
  r: [0, 1],
  x: [-1, 1],
  t: [-1, 0],
  y: [-1, -1],
  l: [0, -1],
  z: [1, -1],
};

/**
 * A starter Mad Max bot: every warrior and car that may move this round moves in a random
 * direction it may take. Make it yours: the whole player API is in the @arena/madmax README.
 */
export default class Bot {
  play(view: MadMaxView, actions: MadMaxActions): void {
    const me = view.me();
    const taken = new Set<string>(); // the cells my units move to this round, as "i,j"
    for (const id of [...view.warriors(me), ...view.cars(me)]) {
      if (!view.canMove(id)) continue;
      const unit = view.unit(id);
      const dirs = (Object.keys(STEPS) as Array<keyof typeof STEPS>).filter((dir) =>
        canEnter(view, unit, STEPS[dir], taken),
      );
      if (dirs.length === 0) continue;
      const dir = dirs[view.random(0, dirs.length - 1)]!;
      taken.add(`${unit.pos.i + STEPS[dir][0]},${unit.pos.j + STEPS[dir][1]}`);
      actions.command(id, dir);
    }
  }
}

/**
 * Whether `unit` may take `step`: onto the board, desert or road, or a city for a warrior (the
 * game rejects a move into water, a station, a wall or off the board), with no unit of its player
 * on it and none moving there (`taken`): a move onto one's own unit captures one of them.
 */
function canEnter(
  view: MadMaxView,
  unit: Unit,
  [di, dj]: [number, number],
  taken: Set<string>,
): boolean {
  const to = { i: unit.pos.i + di, j: unit.pos.j + dj };
  if (!view.posOk(to) || taken.has(`${to.i},${to.j}`)) return false;
  const { type, id } = view.cell(to);
  if (id !== -1 && view.unit(id).player === unit.player) return false;
  return type === "Desert" || type === "Road" || (type === "City" && unit.type === "Warrior");
}
