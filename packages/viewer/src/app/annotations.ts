// Bot annotations: the debug drawings and text a bot attaches to a turn (recorded in the replay
// beside its orders), drawn on the board per player.
import { playerColor } from "./types";

export type { BotNote } from "@arena/core";

/** A bot's note placed on the display grid (rows from the top), ready to draw. */
export interface Annotation {
  player: number;
  marks: Array<{ at: [number, number]; color?: string; text?: string }>;
  lines: Array<{ from: [number, number]; to: [number, number]; color?: string }>;
  /** Unit texts, placed at the unit's display cell when it is on the board. */
  units: Array<{ at?: [number, number]; id: number; text: string }>;
  text?: string;
}

/** Draws annotations (board coordinates, `cell` pixels per cell). */
export function drawAnnotations(
  ctx: CanvasRenderingContext2D,
  annotations: Annotation[],
  cell: number,
): void {
  for (const a of annotations) {
    const own = playerColor(a.player);
    ctx.lineCap = "round";
    for (const line of a.lines) {
      ctx.beginPath();
      ctx.moveTo((line.from[1] + 0.5) * cell, (line.from[0] + 0.5) * cell);
      ctx.lineTo((line.to[1] + 0.5) * cell, (line.to[0] + 0.5) * cell);
      ctx.lineWidth = Math.max(2, cell / 5);
      ctx.strokeStyle = "#000a";
      ctx.stroke();
      ctx.lineWidth = Math.max(1, cell / 10);
      ctx.strokeStyle = line.color ?? own;
      ctx.stroke();
    }
    ctx.lineCap = "butt";
    for (const mark of a.marks) {
      const [r, c] = mark.at;
      ctx.lineWidth = Math.max(1.5, cell / 7);
      ctx.strokeStyle = "#000";
      ctx.strokeRect(c * cell + 1, r * cell + 1, cell - 2, cell - 2);
      ctx.setLineDash([Math.max(2, cell / 5), Math.max(2, cell / 8)]);
      ctx.strokeStyle = mark.color ?? own;
      ctx.strokeRect(c * cell + 1, r * cell + 1, cell - 2, cell - 2);
      ctx.setLineDash([]);
      if (mark.text && cell >= 10) {
        ctx.font = `bold ${Math.max(7, Math.floor(cell * 0.4))}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "top";
        ctx.lineWidth = 3;
        ctx.strokeStyle = "#000";
        ctx.strokeText(mark.text.slice(0, 12), (c + 0.5) * cell, (r + 1) * cell);
        ctx.fillStyle = "#fff";
        ctx.fillText(mark.text.slice(0, 12), (c + 0.5) * cell, (r + 1) * cell);
      }
    }
    for (const unit of a.units) {
      if (unit.at === undefined || cell < 10) continue;
      ctx.font = `${Math.max(7, Math.floor(cell * 0.38))}px system-ui, sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "bottom";
      const x = (unit.at[1] + 0.9) * cell;
      const y = unit.at[0] * cell + cell * 0.1;
      ctx.lineWidth = 3;
      ctx.strokeStyle = "#000";
      ctx.strokeText(unit.text.slice(0, 24), x, y);
      ctx.fillStyle = own;
      ctx.fillText(unit.text.slice(0, 24), x, y);
    }
  }
}
