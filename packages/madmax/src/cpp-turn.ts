import { ByteText } from "@arena/core";
import { CAR, CITY, type MadMaxState } from "./state";

const latin1 = new TextDecoder("latin1");
/** `.res` letters of the cell types Desert, Road, City (unused: owner digit), Water, Station, Wall. */
const LETTERS = Array.from(".RCWSX", (char) => char.charCodeAt(0));
const NEWLINE = 10;
const SPACE = 32;
const LOWER_C = 99; // "c"
const LOWER_W = 119; // "w"

/** The frame being written (copied out once done). */
const out = new ByteText(16 * 1024);

/** A state's board rows as last written, the cell types they were written from, its city cells. */
interface BoardRows {
  cell: Uint8Array;
  /** The city cells (row-major indices). */
  cities: Int32Array;
  bytes: Uint8Array;
}
const boards = new WeakMap<MadMaxState, BoardRows>();

/** True when `a` and `b` hold the same bytes (four at a time when both allow it). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  const length = a.length;
  if (length !== b.length) return false;
  let k = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = length >> 2;
    const a4 = new Int32Array(a.buffer, a.byteOffset, words);
    const b4 = new Int32Array(b.buffer, b.byteOffset, words);
    for (; k < words; k++) if (a4[k] !== b4[k]) return false;
    k = words << 2;
  }
  for (; k < length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * The board rows of `state` (each ended by a newline): written again only when the cell types
 * change (never in a match), else the previous frame's with the city cells' owners written again
 * (cities change hands in about half of the rounds).
 */
function boardRows(state: MadMaxState): Uint8Array {
  const { rows, cols, cell, owner } = state;
  const width = cols + 1;
  let known = boards.get(state);
  if (known === undefined || !sameBytes(known.cell, cell)) {
    const bytes = new Uint8Array(rows * width);
    const cities: number[] = [];
    for (let i = 0; i < rows; i++) {
      const at = i * width;
      for (let j = 0; j < cols; j++) {
        const c = i * cols + j;
        const type = cell[c]!;
        if (type === CITY) cities.push(c);
        else bytes[at + j] = LETTERS[type]!;
      }
      bytes[at + cols] = NEWLINE;
    }
    known = { cell: cell.slice(), cities: Int32Array.from(cities), bytes };
    boards.set(state, known);
  }
  const { cities, bytes } = known;
  for (let k = 0; k < cities.length; k++) {
    const c = cities[k]!;
    const i = (c / cols) | 0;
    bytes[c + i] = 48 + owner[c]!; // row i starts at i * (cols + 1) = c - j + i
  }
  return bytes;
}

/**
 * The `.res` state block of `state` (byte for byte what `resState` writes: a test checks it),
 * written for speed: straight into bytes, no string in between. It is the turn message of every
 * C++ player, every round.
 */
export function cppTurnBytes(state: MadMaxState): Uint8Array {
  return writeCppTurn(state).bytes();
}

/** `cppTurnBytes` written into the module's buffer, valid until the next frame of any match. */
export function writeCppTurn(state: MadMaxState): ByteText {
  const { rows, cols } = state;
  out.clear().text("\n\n");
  const base = out.reserve(rows * (cols + 1));
  out.view().set(boardRows(state), base);
  out.text("\nround ").number(state.round);
  out.text("\nnum_cities ").join(state.numCities, SPACE);
  out.text("\ntotal_score ").join(state.totalScore, SPACE);
  out.text("\nstatus ").join(state.status, SPACE).byte(NEWLINE);
  for (let id = 0; id < state.numUnits; id++) {
    const c = state.pos[id]!;
    out
      .byte(state.type[id] === CAR ? LOWER_C : LOWER_W)
      .byte(SPACE)
      .number(state.player[id]!);
    out.byte(SPACE).cell(c, cols, SPACE).byte(SPACE);
    out.number(state.food[id]!).byte(SPACE).number(state.water[id]!).byte(NEWLINE);
  }
  return out.byte(NEWLINE);
}

/** `cppTurnBytes` as text. */
export function cppTurnText(state: MadMaxState): string {
  return latin1.decode(cppTurnBytes(state));
}
