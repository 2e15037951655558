/** The four directions, and the step each one takes: [rows, columns]. */
const STEPS = { d: [1, 0], r: [0, 1], u: [-1, 0], l: [0, -1] };

/**
 * A starter Money Heist bot: every soldier walks to a random free cell next to it and the
 * professor heals when hurt. Make it yours: the whole player API is in the @arena/moneyheist
 * README.
 */
export default class Bot {
  /**
   * @param {import("@arena/moneyheist").MoneyHeistView} view
   * @param {import("@arena/moneyheist").MoneyHeistActions} actions
   */
  play(view, actions) {
    const me = view.me();
    const taken = new Set(); // the cells my soldiers walk to this round, as "i,j"
    for (const id of view.soldiers(me)) {
      const { pos, poison } = view.unit(id);
      // The directions to a free cell: a corridor with no unit or safe door, not taken yet (the
      // game rejects a move into a wall, a door, the edge or one of my own units), and with no
      // enemy next to it for a soldier without poison.
      const free = Object.keys(STEPS).filter((dir) => {
        const i = pos.i + STEPS[dir][0];
        const j = pos.j + STEPS[dir][1];
        if (!view.posOk(i, j) || taken.has(`${i},${j}`)) return false;
        const cell = view.cell(i, j);
        if (cell.type !== "corridor" || cell.id !== -1 || cell.box !== -1) return false;
        return poison > 0 || !enemyNextTo(view, i, j);
      });
      if (free.length === 0) continue;
      const dir = free[view.random(0, free.length - 1)];
      taken.add(`${pos.i + STEPS[dir][0]},${pos.j + STEPS[dir][1]}`);
      actions.move(id, dir);
    }
    const professor = view.unit(view.professor(me));
    // A dead professor waits roundsForReborn rounds to come back: it cannot heal till then.
    if (professor.roundsForReborn === 0 && professor.health < view.professorMaxHealth()) {
      actions.heal(professor.id);
    }
  }
}

/**
 * Whether a unit of another player stands next to cell (i, j): it could step onto it first, and a
 * move there would then be an attack (the game rejects one by a soldier without poison).
 * @param {import("@arena/moneyheist").MoneyHeistView} view
 * @param {number} i
 * @param {number} j
 */
function enemyNextTo(view, i, j) {
  return Object.values(STEPS).some(([di, dj]) => {
    if (!view.posOk(i + di, j + dj)) return false;
    const { id } = view.cell(i + di, j + dj);
    return id !== -1 && view.unit(id).player !== view.me();
  });
}
