import { ByteText } from "@arena/core";
import { HEALTH_KIT, type MoneyHeistState, POISON_KIT, PROFESSOR } from "./state";

const latin1 = new TextDecoder("latin1");
const W = 87; // "W"
const H = 72; // "H"
const P = 80; // "P"
const B = 66; // "B"
const G = 71; // "G"
const M = 77; // "M"
const X = 88; // "X"
const DOT = 46; // "."
const ZERO = 48; // "0"
const NEWLINE = 10;
const TAB = 9;
const SPACE = 32;
const LOWER_P = 112; // "p"
const LOWER_S = 115; // "s"

/** The two rows of column labels (tens, units) of a board `cols` wide. */
function digitsRows(cols: number): string {
  let tens = "   ";
  let units = "   ";
  for (let c = 0; c < cols; c++) {
    tens += String(Math.floor(c / 10) % 10);
    units += String(c % 10);
  }
  return `${tens}\n${units}\n`;
}

/** The column labels by board width (the same every round). */
const labels = new Map<number, string>();
/** The frame being written (copied out once done). */
const out = new ByteText(16 * 1024);

/** The board rows with only walls, doors and gold, and the safes they were drawn for. */
interface StaticRows {
  safes: Int32Array;
  bytes: Uint8Array;
}
const staticLayers = new WeakMap<MoneyHeistState, StaticRows>();
/** Money cells found in a frame (reused). */
let found = new Int32Array(4096);

/**
 * The board rows (labels and newlines included) with only what changes with the safes: walls,
 * doors and gold cells; `.` elsewhere. Drawn again whenever a safe is erased or placed.
 */
function staticRows(state: MoneyHeistState): Uint8Array {
  const { rows, cols, wall, door, gold, safeGold, safeDoor } = state;
  const known = staticLayers.get(state);
  const safes = known?.safes;
  let same = safes !== undefined && safes.length === safeGold.length + safeDoor.length;
  for (let s = 0; same && s < safeGold.length; s++)
    same = safes![s] === safeGold[s] && safes![safeGold.length + s] === safeDoor[s];
  if (same) return known!.bytes;
  const width = cols + 4;
  const bytes = new Uint8Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const at = r * width;
    bytes[at] = ZERO + Math.floor(r / 10);
    bytes[at + 1] = ZERO + (r % 10);
    bytes[at + 2] = SPACE;
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      let char = DOT;
      if (wall[cell] === 1) char = W;
      else if (door[cell]! >= 0) char = B;
      else if (gold[cell]! >= 0) char = G;
      bytes[at + 3 + c] = char;
    }
    bytes[at + width - 1] = NEWLINE;
  }
  const key = new Int32Array(safeGold.length + safeDoor.length);
  key.set(safeGold);
  key.set(safeDoor, safeGold.length);
  staticLayers.set(state, { safes: key, bytes });
  return bytes;
}

/**
 * The `.res` state block of `state` (byte for byte what `resState` writes: a test checks it),
 * written for speed: straight into bytes, no string in between. It is the turn message of every
 * C++ player, every round.
 */
export function cppTurnBytes(state: MoneyHeistState): Uint8Array {
  return writeCppTurn(state).bytes();
}

/** `cppTurnBytes` written into the module's buffer, valid until the next frame of any match. */
export function writeCppTurn(state: MoneyHeistState): ByteText {
  const { rows, cols } = state;
  if (rows > 100) throw new RangeError("the C++ kit supports boards of at most 100 rows");
  let label = labels.get(cols);
  if (label === undefined) {
    label = digitsRows(cols);
    labels.set(cols, label);
  }
  out.clear().text("\n\n").text(label);
  const width = cols + 4;
  const base = out.reserve(rows * width);
  const bytes = out.view();
  // The walls, safes' doors and gold first (they change only with the safes), then what moves
  // over them, each over what it hides: money, then kits, then units (walls hide everything).
  bytes.set(staticRows(state), base);
  if (found.length < state.cells) found = new Int32Array(state.cells);
  const { wall, unitAt, unitType, unitPlayer, kit, money } = state;
  const at = (cell: number): number => base + Math.floor(cell / cols) * width + 3 + (cell % cols);
  let count = 0;
  for (let cell = 0; cell < state.cells; cell++) {
    if (money[cell]! > 0) {
      found[count++] = cell;
      const where = at(cell);
      if (bytes[where] === DOT) bytes[where] = M;
    }
  }
  for (let cell = 0; cell < state.cells; cell++) {
    const kind = kit[cell]!;
    if (kind !== 0 && wall[cell] !== 1) {
      if (kind === HEALTH_KIT) bytes[at(cell)] = H;
      else if (kind === POISON_KIT) bytes[at(cell)] = P;
    }
  }
  for (let id = 0; id < state.numUnits; id++) {
    const cell = state.unitPos[id]!;
    if (cell >= 0 && cell < state.cells && unitAt[cell] === id && wall[cell] !== 1)
      bytes[at(cell)] = unitType[id] === PROFESSOR ? X : ZERO + unitPlayer[id]!;
  }
  out.text("\nunits\n").number(state.numUnits);
  out.text("\ntype\tid\tplayer\trow\tcolumn\thealth\tpoison\trounds\n");
  for (let id = 0; id < state.numUnits; id++) {
    const pos = state.unitPos[id]!;
    out
      .byte(unitType[id] === PROFESSOR ? LOWER_P : LOWER_S)
      .byte(TAB)
      .number(id)
      .byte(TAB);
    out
      .number(unitPlayer[id]!)
      .byte(TAB)
      .cell(pos, cols, TAB)
      .byte(TAB)
      .number(state.unitHealth[id]!)
      .byte(TAB);
    out.number(state.unitPoison[id]!).byte(TAB).number(state.unitRebirth[id]!).byte(NEWLINE);
  }
  out.text("\nmoney\n").number(count).text("\nrow\tcolumn\tamount\n");
  for (let k = 0; k < count; k++) {
    const cell = found[k]!;
    out.cell(cell, cols, TAB).byte(TAB);
    out.number(money[cell]!).byte(NEWLINE);
  }
  out.text("\nsafety_box_hints\n").number(state.hints.length).byte(NEWLINE);
  for (let s = 0; s < state.hints.length; s++) {
    const at = state.safeDoor[s]!;
    const hints = state.hints[s]!;
    out.number(hints.length).byte(SPACE).cell(at, cols, SPACE).byte(NEWLINE);
    for (let h = 0; h < hints.length; h++) out.number(hints[h]!).byte(SPACE);
    out.text("\n\n");
  }
  out.text("round ").number(state.round).text("\n\nscore\t").join(state.score, TAB);
  out.text("\n\nhealth\t").join(state.potHealth, TAB);
  out.text("\n\npoison\t").join(state.potPoison, TAB);
  out.text("\n\nstatus\t").join(state.status, TAB).text("\n\n");
  return out;
}

/** `cppTurnBytes` as text. */
export function cppTurnText(state: MoneyHeistState): string {
  return latin1.decode(cppTurnBytes(state));
}
