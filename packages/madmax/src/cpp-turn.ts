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

/**
 * The `.res` state block of `state` (byte for byte what `resState` writes: a test checks it),
 * written for speed: straight into bytes, no string in between. It is the turn message of every
 * C++ player, every round.
 */
export function cppTurnBytes(state: MadMaxState): Uint8Array {
  const { rows, cols, cell, owner } = state;
  const width = cols + 1;
  out.clear().text("\n\n");
  const base = out.reserve(rows * width);
  const bytes = out.view();
  for (let i = 0; i < rows; i++) {
    const at = base + i * width;
    for (let j = 0; j < cols; j++) {
      const c = i * cols + j;
      const type = cell[c]!;
      bytes[at + j] = type === CITY ? 48 + owner[c]! : LETTERS[type]!;
    }
    bytes[at + cols] = NEWLINE;
  }
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
  return out.byte(NEWLINE).bytes();
}

/** `cppTurnBytes` as text. */
export function cppTurnText(state: MadMaxState): string {
  return latin1.decode(cppTurnBytes(state));
}
