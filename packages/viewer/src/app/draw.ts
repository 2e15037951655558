// Small Canvas 2D helpers shared by the game renderers.

/** Linear interpolation. */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Fills cell (row, col). */
export function fillCell(
  ctx: CanvasRenderingContext2D,
  row: number,
  col: number,
  cell: number,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.fillRect(col * cell, row * cell, cell, cell);
}

/** A square centred in cell (row, col) (fractional positions allowed), `size` of the cell. */
export function square(
  ctx: CanvasRenderingContext2D,
  row: number,
  col: number,
  cell: number,
  size: number,
  fill: string,
  stroke?: string,
): void {
  const s = cell * size;
  const x = col * cell + (cell - s) / 2;
  const y = row * cell + (cell - s) / 2;
  ctx.fillStyle = fill;
  ctx.fillRect(x, y, s, s);
  if (stroke !== undefined) {
    ctx.lineWidth = Math.max(1, cell / 8);
    ctx.strokeStyle = stroke;
    ctx.strokeRect(x, y, s, s);
  }
}

/** A circle centred in cell (row, col), radius `size`/2 of the cell. */
export function disc(
  ctx: CanvasRenderingContext2D,
  row: number,
  col: number,
  cell: number,
  size: number,
  fill: string | undefined,
  stroke?: string,
  lineWidth?: number,
): void {
  ctx.beginPath();
  ctx.arc((col + 0.5) * cell, (row + 0.5) * cell, (cell * size) / 2, 0, Math.PI * 2);
  if (fill !== undefined) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke !== undefined) {
    ctx.lineWidth = lineWidth ?? Math.max(1, cell / 8);
    ctx.strokeStyle = stroke;
    ctx.stroke();
  }
}

/** Text centred in cell (row, col). */
export function cellText(
  ctx: CanvasRenderingContext2D,
  row: number,
  col: number,
  cell: number,
  text: string,
  color: string,
  scale = 0.6,
): void {
  ctx.fillStyle = color;
  ctx.font = `bold ${Math.max(6, Math.floor(cell * scale))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, (col + 0.5) * cell, (row + 0.5) * cell + 0.5);
}

/** Splits text into lines, dropping one trailing empty line. */
export function lines(text: string): string[] {
  const out = text.split("\n");
  if (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out;
}

/** Reads whitespace-separated integers; throws naming `what` when one is not an integer. */
export function ints(text: string, what: string): number[] {
  const parts = text.trim().split(/\s+/);
  return parts.map((part) => {
    const value = Number(part);
    if (!Number.isInteger(value)) throw new Error(`${what}: '${part}' is not an integer`);
    return value;
  });
}

/** A cursor over lines, for the `.res` parsers: errors name the line within the piece. */
export class LineReader {
  private index = 0;
  private readonly all: string[];
  constructor(
    text: string,
    private readonly where: string,
  ) {
    this.all = text.split("\n");
  }
  fail(message: string): never {
    throw new Error(`${this.where}, line ${this.index}: ${message}`);
  }
  get done(): boolean {
    return this.index >= this.all.length;
  }
  peek(): string | undefined {
    return this.all[this.index];
  }
  next(what: string): string {
    if (this.index >= this.all.length) this.fail(`the text ends where ${what} was expected`);
    return this.all[this.index++]!;
  }
  /** Skips empty lines. */
  skipBlank(): void {
    while (this.index < this.all.length && this.all[this.index]!.trim() === "") this.index++;
  }
  /** The next non-empty line, which must start with `word`; returns the rest, trimmed. */
  expect(word: string): string {
    this.skipBlank();
    const line = this.next(`'${word}'`);
    if (!(line === word || line.startsWith(`${word} `) || line.startsWith(`${word}\t`)))
      this.fail(`expected '${word}', found '${line.slice(0, 40)}'`);
    return line.slice(word.length).trim();
  }
  /** Integers on the next line. */
  ints(what: string): number[] {
    const line = this.next(what);
    try {
      return ints(line, what);
    } catch (error) {
      this.fail((error as Error).message);
    }
  }
}
