// The legend under the side panels: the colours and shapes of the game's board.
import { esc } from "../html";
import type { GameView } from "../types";

/** Shows the legend of `view`. */
export function showLegend(box: HTMLElement, view: Pick<GameView, "legend">): void {
  box.innerHTML = (view.legend ?? [])
    .map(
      ([color, text, shape]) =>
        `<i class="${shape ?? "square"}" style="background:${color}"></i><span>${esc(text)}</span>`,
    )
    .join("");
}
