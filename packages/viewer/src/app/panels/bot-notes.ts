// The bots' annotations: a toggle per player, their marks, lines and texts drawn on the boards,
// and the "Bot annotations and logs" panel: per bot, every turn's text and stderr up to the
// frame shown (a line's frame number goes there), then the end of its stderr.
import type { Annotation, BotNote } from "../annotations";
import { logLines } from "../bot-log";
import { esc } from "../html";
import type { Source } from "../source";
import { playerColor } from "../types";
import type { ViewerState } from "../viewer-state";

/** What the panel asks of the page. */
export interface BotNotesActions {
  /** Pauses and goes to a frame (a log line was clicked). */
  goTo(frame: number): void;
  /** The players shown changed: draw again. */
  changed(): void;
}

/** The bot annotations panel and the players whose annotations are drawn. */
export class BotNotes {
  /** Players whose bot annotations are drawn and logged. */
  private readonly shown = new Set<number>();
  /** The log's blocks (one per file and player) as last built: rebuilt only when they change. */
  private logShape = "";

  constructor(
    private readonly panel: HTMLElement,
    private readonly toggles: HTMLElement,
    private readonly logs: HTMLElement,
    private readonly state: ViewerState,
    actions: BotNotesActions,
  ) {
    logs.addEventListener("click", (e) => {
      const line = (e.target as HTMLElement).closest<HTMLElement>("button[data-frame]");
      if (line !== null) actions.goTo(Number(line.dataset.frame));
    });
    toggles.addEventListener("change", (e) => {
      const box = e.target as HTMLInputElement;
      const p = Number(box.dataset.player);
      if (box.checked) this.shown.add(p);
      else this.shown.delete(p);
      actions.changed();
    });
  }

  /** After opening: the panel only when some bot wrote something; its toggles and blocks. */
  setup(players: number): void {
    const opened = this.state.opened;
    const has = opened.some((o) => {
      if (o.source.stderr.some((text) => text)) return true;
      for (let i = 0; i < o.source.length; i++) if (o.source.notes(i).some((n) => n)) return true;
      return false;
    });
    this.panel.hidden = !has;
    if (!has) {
      this.shown.clear();
      this.logShape = "";
      return;
    }
    if (this.shown.size === 0) for (let p = 0; p < players; p++) this.shown.add(p);
    this.toggles.innerHTML = Array.from(
      { length: players },
      (_, p) =>
        `<label class="toggle" style="color:${playerColor(p)}"><input type="checkbox" data-player="${p}"${this.shown.has(p) ? " checked" : ""}> ${p}</label>`,
    ).join("");
    this.buildBlocks();
  }

  /**
   * One block per bot (per file when comparing): its log, then the end of its stderr. Built once
   * per file (a live reload keeps them, and a stderr the user opened stays open).
   */
  private buildBlocks(): void {
    const opened = this.state.opened;
    const compare = opened.length > 1;
    const shape = JSON.stringify(opened.map((o) => [o.name, o.source.names, o.source.stderr]));
    if (shape === this.logShape) return;
    this.logShape = shape;
    this.logs.innerHTML = opened
      .flatMap((o, k) =>
        o.source.names.map((name, p) => {
          const stderr = o.source.stderr[p];
          return `<div class="bot-log" data-board="${k}" data-player="${p}" style="--c:${playerColor(p)}"><div class="unit-head"><b class="glyph">${p}</b> ${esc(name)}${
            compare ? ` <small>${esc(o.name)}</small>` : ""
          }</div><ol class="log"></ol>${
            stderr
              ? `<details class="stderr"><summary>end of stderr (its last ${stderr.length} characters)</summary><pre class="stderr">${esc(stderr)}</pre></details>`
              : ""
          }</div>`;
        }),
      )
      .join("");
  }

  /** Empties the log (a file that cannot be shown). */
  clear(): void {
    this.logs.innerHTML = "";
    this.logShape = "";
  }

  /** Each shown bot's log up to frame `i`. */
  show(i: number): void {
    if (this.panel.hidden) return;
    for (const block of Array.from(this.logs.querySelectorAll<HTMLElement>(".bot-log"))) {
      const p = Number(block.dataset.player);
      block.hidden = !this.shown.has(p);
      if (block.hidden) continue;
      const source = this.state.opened[Number(block.dataset.board)]?.source;
      if (source === undefined) continue;
      const list = block.querySelector("ol")!;
      list.innerHTML = logHtml(source, p, Math.min(i, source.length - 1));
      list.scrollTop = list.scrollHeight;
    }
  }

  /** The annotations of frame `i` drawn on board `k` (the players shown only). */
  annotations(k: number, i: number): Annotation[] {
    if (this.shown.size === 0) return [];
    const source = this.state.opened[k]!.source;
    const notes = source.notes(Math.min(i, source.length - 1));
    if (notes.length === 0) return [];
    const place = placeOnBoard(source, Math.min(i, source.length - 1));
    const out: Annotation[] = [];
    notes.forEach((note, p) => {
      if (note === undefined || !this.shown.has(p)) return;
      out.push(place(p, note));
    });
    return out;
  }
}

/**
 * Player `p`'s log up to frame `at`: every turn's text (the newest ones), newest last, each with
 * what the bot wrote on stderr during that turn (styled apart); a line's frame number goes there.
 */
function logHtml(source: Source, p: number, at: number): string {
  const { frames, earlier } = logLines(source, p, at);
  const lines = frames.map((k) => {
    const note = source.notes(k)[p]!;
    const text =
      note.text !== undefined
        ? `<span class="note-text">${esc(note.text)}</span>`
        : note.notesCap !== undefined
          ? `<i class="dim">[annotations not kept: over the match's cap of ${note.notesCap.bytes} bytes]</i>`
          : "";
    const cap = note.stderrCap;
    const dropped =
      note.stderrDropped !== undefined
        ? `<i class="dim">[… ${note.stderrDropped} more characters not kept${cap === undefined ? "" : `: over the cap of ${cap.characters} characters a ${cap.per}`}]</i>`
        : "";
    const stderr =
      note.stderr !== undefined || dropped
        ? `<pre class="turn-stderr" title="stderr of turn ${k}">${esc((note.stderr ?? "").replace(/\n$/, ""))}${dropped}</pre>`
        : "";
    return `<li${k === at ? ' class="now"' : ""} data-frame="${k}"><button type="button" data-frame="${k}" title="go to frame ${k}">${k}</button> ${text}${stderr}</li>`;
  });
  if (earlier > 0) lines.unshift(`<li class="dim">… ${earlier} earlier lines</li>`);
  return lines.join("") || '<li class="dim">no text yet</li>';
}

/** Places a bot's note on the display grid of `source` at frame i. */
function placeOnBoard(source: Source, i: number): (player: number, note: BotNote) => Annotation {
  const view = source.view;
  const frame = source.frame(i);
  const cell = (c: [number, number]): [number, number] =>
    view.displayCell ? view.displayCell(frame, c) : c;
  const pieces = source.pieces(i);
  return (player, note) => ({
    player,
    marks: (note.marks ?? []).map((m) => ({
      at: cell(m.cell),
      ...(m.color !== undefined ? { color: m.color } : {}),
      ...(m.text !== undefined ? { text: m.text } : {}),
    })),
    lines: (note.lines ?? []).map((l) => ({
      from: cell(l.from),
      to: cell(l.to),
      ...(l.color !== undefined ? { color: l.color } : {}),
    })),
    units: (note.units ?? []).map((u) => {
      const piece =
        pieces.find((p) => p.id === u.id && p.player === player && !p.dead) ??
        pieces.find((p) => p.id === u.id && p.player !== undefined);
      return {
        id: u.id,
        text: u.text,
        ...(piece ? { at: [piece.row, piece.col] as [number, number] } : {}),
      };
    }),
    ...(note.text !== undefined ? { text: note.text } : {}),
  });
}
