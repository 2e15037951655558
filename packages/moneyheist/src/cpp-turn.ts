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

function digitsRow(cols: number, tens: boolean): string {
  let text = "   ";
  for (let c = 0; c < cols; c++) text += tens ? String(Math.floor(c / 10) % 10) : String(c % 10);
  return `${text}\n`;
}

/**
 * The `.res` state block of `state` (byte for byte what `resState` writes: a test checks it),
 * written for speed: the board goes through one byte buffer. It is the turn message of every C++
 * player, every round.
 */
export function cppTurnText(state: MoneyHeistState): string {
  const { rows, cols } = state;
  if (rows > 100) throw new RangeError("the C++ kit supports boards of at most 100 rows");
  const width = cols + 4;
  const bytes = new Uint8Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const at = r * width;
    bytes[at] = ZERO + Math.floor(r / 10);
    bytes[at + 1] = ZERO + (r % 10);
    bytes[at + 2] = 32;
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      let char = DOT;
      if (state.wall[cell] === 1) char = W;
      else {
        const unit = state.unitAt[cell]!;
        if (unit >= 0)
          char = state.unitType[unit] === PROFESSOR ? X : ZERO + state.unitPlayer[unit]!;
        else if (state.kit[cell] === HEALTH_KIT) char = H;
        else if (state.kit[cell] === POISON_KIT) char = P;
        else if (state.door[cell]! >= 0) char = B;
        else if (state.gold[cell]! >= 0) char = G;
        else if (state.money[cell]! > 0) char = M;
      }
      bytes[at + 3 + c] = char;
    }
    bytes[at + width - 1] = 10;
  }
  let text = `\n\n${digitsRow(cols, true)}${digitsRow(cols, false)}${latin1.decode(bytes)}`;
  text += `\nunits\n${state.numUnits}\ntype\tid\tplayer\trow\tcolumn\thealth\tpoison\trounds\n`;
  for (let id = 0; id < state.numUnits; id++) {
    const pos = state.unitPos[id]!;
    text += `${state.unitType[id] === PROFESSOR ? "p" : "s"}\t${id}\t${state.unitPlayer[id]}\t${Math.floor(pos / cols)}\t${pos % cols}\t${state.unitHealth[id]}\t${state.unitPoison[id]}\t${state.unitRebirth[id]}\n`;
  }
  let money = "";
  let count = 0;
  for (let cell = 0; cell < state.cells; cell++) {
    const amount = state.money[cell]!;
    if (amount > 0) {
      money += `${Math.floor(cell / cols)}\t${cell % cols}\t${amount}\n`;
      count++;
    }
  }
  text += `\nmoney\n${count}\nrow\tcolumn\tamount\n${money}\nsafety_box_hints\n${state.hints.length}\n`;
  for (let s = 0; s < state.hints.length; s++) {
    const door = state.safeDoor[s]!;
    const hints = state.hints[s]!;
    text += `${hints.length} ${Math.floor(door / cols)} ${door % cols}\n${hints.join(" ")}${hints.length > 0 ? " " : ""}\n\n`;
  }
  return `${text}round ${state.round}\n\nscore\t${state.score.join("\t")}\n\nhealth\t${state.potHealth.join("\t")}\n\npoison\t${state.potPoison.join("\t")}\n\nstatus\t${state.status.join("\t")}\n\n`;
}
