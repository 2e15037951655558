// The legend under the side panels: the colours and shapes of the game's board, the players'
// marks on small cells, and the rejected-order sign.
import { PLAYER_SHAPES } from "../board";
import { esc } from "../html";
import type { GameView } from "../types";

/** Shows the legend of `view` for `players` players. */
export function showLegend(box: HTMLElement, view: Pick<GameView, "legend">, players = 0): void {
  const shapes = Array.from(
    { length: Math.min(players, PLAYER_SHAPES.length) },
    (_, p) => `${p} ${PLAYER_SHAPES[p]}`,
  ).join("  ");
  box.innerHTML = `${(view.legend ?? [])
    .map(
      ([color, text, shape]) =>
        `<i class="${shape ?? "square"}" style="background:${color}"></i><span>${esc(text)}</span>`,
    )
    .join(
      "",
    )}<b class="mark">⊘</b><span>a unit whose order this turn was rejected (listed with why)</span>${
    shapes
      ? `<b class="mark">#</b><span>a unit's player: its number, or on small cells its mark (${esc(shapes)})</span>`
      : ""
  }`;
}
