import { ByteText } from "@arena/core";
import { CELL_LETTERS, type MmrState } from "./state";

const latin1 = new TextDecoder("latin1");
/** Character codes of the cell letters, by cell value. */
const LETTERS = Array.from(CELL_LETTERS, (char) => char.charCodeAt(0));
const NEWLINE = 10;
const TAB = 9;
const SPACE = 32;
const ZERO = 48;
const LOWER_Y = 121; // "y"
const LOWER_N = 110; // "n"

/** The column labels by board width (the same every round). */
const labels = new Map<number, string>();
/** The frame being written (copied out once done). */
const out = new ByteText(8 * 1024);

function columnLabels(cols: number): string {
  let label = labels.get(cols);
  if (label === undefined) {
    let tens = "   ";
    let units = "   ";
    for (let c = 0; c < cols; c++) {
      tens += String(Math.floor(c / 10) % 10);
      units += String(c % 10);
    }
    label = `${tens}\n${units}\n\n`;
    labels.set(cols, label);
  }
  return label;
}

/**
 * The `.res` state block of `state` (byte for byte what `resState` writes: a test checks it),
 * written for speed: straight into bytes, no string in between. It is the turn message of every
 * C++ player, every round.
 */
export function cppTurnBytes(s: MmrState): Uint8Array {
  const { rows, cols, cell } = s;
  out.clear().text("\nrnd ").number(s.round).text("\n\n").text(columnLabels(cols));
  for (let r = 0; r < rows; r++) {
    if (r < 10) out.byte(ZERO);
    out.number(r).byte(SPACE);
    const at = out.reserve(cols + 1);
    const bytes = out.view();
    for (let c = 0; c < cols; c++) bytes[at + c] = LETTERS[cell[r * cols + c]!]!;
    bytes[at + cols] = NEWLINE;
  }
  out.text("\n\ncars\ncid\trow\tcolumn\tnb_miss\tgas\talive\ttime\n");
  for (let car = 0; car < s.numCars; car++) {
    const pos = s.carPos[car]!;
    out.number(car).byte(TAB).cell(pos, cols, TAB);
    out.byte(TAB).number(s.carMiss[car]!).byte(TAB).number(s.carGas[car]!).byte(TAB);
    out
      .byte(s.carAlive[car] ? LOWER_Y : LOWER_N)
      .byte(TAB)
      .number(s.carTime[car]!)
      .byte(NEWLINE);
  }
  const mids = [...s.missiles.keys()].sort((a, b) => a - b);
  out.text("\nmissiles\n").number(mids.length).text("\nmid\tcid\trow\tcolumn\n");
  for (const mid of mids) {
    const m = s.missiles.get(mid)!;
    out.number(mid).byte(TAB).number(m.cid).byte(TAB).cell(m.pos, cols, TAB).byte(NEWLINE);
  }
  out.text("\nplayers\npid\tscore\tstatus\n");
  for (let pl = 0; pl < s.p.nb_players; pl++)
    out.number(pl).byte(TAB).number(s.score[pl]!).byte(TAB).number(s.status[pl]!).byte(NEWLINE);
  return out.byte(NEWLINE).bytes();
}

/** `cppTurnBytes` as text. */
export function cppTurnText(s: MmrState): string {
  return latin1.decode(cppTurnBytes(s));
}
