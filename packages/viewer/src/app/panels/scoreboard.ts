// The scoreboard: a card per player (per file when comparing) with number, name, colour, rank,
// score, the game's own figures and OUT for a frozen player. Built once per file; each frame
// only updates the numbers that changed.
import { PLAYER_SHAPES } from "../board";
import { compareCaption } from "../boards";
import { esc } from "../html";
import { type PlayerLine, playerColor } from "../types";
import type { ViewerState } from "../viewer-state";

/** Ranks with ties sharing a rank (1, 2, 2, 4): `rank[p]`. */
export function ranks(scores: number[]): number[] {
  return scores.map((s) => 1 + scores.filter((other) => other > s).length);
}

/** A player's card: the elements a frame updates, and what they show. */
interface ScoreCard {
  score: HTMLElement;
  rank: HTMLElement;
  figures: HTMLElement;
  out: HTMLElement;
  shown: string;
}

/** The scoreboard panel. */
export class Scoreboard {
  private cards: ScoreCard[] = [];

  constructor(
    private readonly box: HTMLElement,
    private readonly state: ViewerState,
  ) {}

  /** The cards of the files open. */
  build(): void {
    const opened = this.state.opened;
    this.box.innerHTML = opened
      .map((o, k) => {
        const heading =
          opened.length > 1
            ? `<div class="board-caption">${compareCaption(k, esc(o.name))}</div>`
            : "";
        const id = (p: number) => `${k === 0 ? "" : `${k}-`}${p}`;
        return `${heading}${o.source.names
          .map(
            (name, p) => `
<div class="player" data-player="${p}" style="--c:${playerColor(p)}">
  <div class="name"><span title="${esc(name)}"><b class="glyph">${p}</b><b class="shape" title="its units' mark on small cells">${PLAYER_SHAPES[p % PLAYER_SHAPES.length]}</b> ${esc(name)}<span class="out" hidden>OUT</span></span><span class="rank" data-testid="rank-${id(p)}"></span></div>
  <div class="score" data-testid="score-${id(p)}"></div>
  <div class="figures"></div>
</div>`,
          )
          .join("")}`;
      })
      .join("");
    this.cards = [...this.box.querySelectorAll<HTMLElement>(".player")].map((card) => ({
      score: card.querySelector(".score")!,
      rank: card.querySelector(".rank")!,
      figures: card.querySelector(".figures")!,
      out: card.querySelector(".out")!,
      shown: "",
    }));
  }

  /** The cards at frame `i`. */
  show(i: number): void {
    let card = 0;
    for (const o of this.state.opened) {
      const source = o.source;
      const lines: PlayerLine[] = source.players(Math.min(i, source.length - 1));
      const rank = ranks(lines.map((l) => l.score));
      lines.forEach((line, p) => {
        const c = this.cards[card++];
        if (c === undefined) return;
        const figures = line.figures.map(([key, v]) => `${key}\u0000${v}`).join("\u0001");
        const shown = `${line.score}|${rank[p]}|${line.out}|${figures}`;
        if (shown === c.shown) return;
        c.shown = shown;
        c.score.textContent = String(line.score);
        c.rank.textContent = `#${rank[p]}`;
        c.out.hidden = !line.out;
        c.figures.innerHTML = line.figures
          .map(([key, v]) => `<span>${esc(key)}</span><b>${esc(String(v))}</b>`)
          .join("");
      });
    }
  }
}
