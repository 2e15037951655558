import { CAR, CITY, type MadMaxState } from "./state";

const latin1 = new TextDecoder("latin1");
/** `.res` letters of the cell types Desert, Road, City (unused: owner digit), Water, Station, Wall. */
const LETTERS = Array.from(".RCWSX", (char) => char.charCodeAt(0));

/**
 * The `.res` state block of `state` (byte for byte what `resState` writes: a test checks it),
 * written for speed: the map goes through one byte buffer. It is the turn message of every C++
 * player, every round.
 */
export function cppTurnText(state: MadMaxState): string {
  const { rows, cols } = state;
  const width = cols + 1;
  const bytes = new Uint8Array(rows * width);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const c = i * cols + j;
      const type = state.cell[c]!;
      bytes[i * width + j] = type === CITY ? 48 + state.owner[c]! : LETTERS[type]!;
    }
    bytes[i * width + cols] = 10;
  }
  let text = `\n\n${latin1.decode(bytes)}\nround ${state.round}\nnum_cities ${state.numCities.join(" ")}\ntotal_score ${state.totalScore.join(" ")}\nstatus ${state.status.join(" ")}\n`;
  for (let id = 0; id < state.numUnits; id++) {
    const c = state.pos[id]!;
    text += `${state.type[id] === CAR ? "c" : "w"} ${state.player[id]} ${Math.floor(c / cols)} ${c % cols} ${state.food[id]} ${state.water[id]}\n`;
  }
  return `${text}\n`;
}
