import { ByteText } from "@arena/core";
import type { DragonBallState } from "./state";

const latin1 = new TextDecoder("latin1");
/** Character codes of the `.res` cell letters (empty, wall, capsule, ball), by cell value. */
const LETTERS = Array.from(".XCB", (char) => char.charCodeAt(0));
/** The goku types' words: kinton ×1 + ball ×2. */
const GOKU_TYPE = ["normal", "on_kinton", "with_ball", "on_kinton_with_ball"];
const NEWLINE = 10;
const SPACE = 32;
const LOWER_Y = 121; // "y"
const LOWER_N = 110; // "n"
const LOWER_A = 97; // "a"
const LOWER_D = 100; // "d"

/** The frame being written (copied out once done). */
const out = new ByteText(4 * 1024);

function items(cols: number, pos: Int32Array, present: Uint8Array, time: Int32Array): void {
  for (let k = 0; k < pos.length; k++) {
    const at = pos[k]!;
    out.cell(at, cols, SPACE).byte(SPACE);
    out
      .byte(present[k] ? LOWER_Y : LOWER_N)
      .byte(SPACE)
      .number(time[k]!)
      .byte(NEWLINE);
  }
}

/**
 * The `.res` state block of `s` (byte for byte what `resState` writes: a test checks it), written
 * for speed: straight into bytes, no string in between. It is the turn message of every C++
 * player, every round.
 */
export function cppTurnBytes(s: DragonBallState): Uint8Array {
  const { rows, cols, cell } = s;
  out.clear().text("round ").number(s.round).byte(NEWLINE);
  const at = out.reserve(rows * (cols + 1));
  const bytes = out.view();
  for (let i = 0; i < rows; i++) {
    const row = at + i * (cols + 1);
    for (let j = 0; j < cols; j++) bytes[row + j] = LETTERS[cell[i * cols + j]!]!;
    bytes[row + cols] = NEWLINE;
  }
  out.text("beans\n");
  items(cols, s.beanPos, s.beanPresent, s.beanTime);
  out.text("kintons\n");
  items(cols, s.kintonPos, s.kintonPresent, s.kintonTime);
  for (let id = 0; id < s.n; id++) {
    const pos = s.gokuPos[id]!;
    out.text(GOKU_TYPE[(s.gokuKinton[id]! > 0 ? 1 : 0) + (s.gokuBall[id] === 1 ? 2 : 0)]!);
    out.byte(SPACE).cell(pos, cols, SPACE).byte(SPACE);
    out
      .number(s.gokuTime[id]!)
      .byte(SPACE)
      .byte(s.gokuAlive[id] ? LOWER_A : LOWER_D)
      .byte(SPACE);
    out.number(s.gokuBalls[id]!).byte(SPACE).number(s.gokuStrength[id]!).byte(SPACE);
    out.number(s.gokuKinton[id]!).byte(SPACE).number(s.gokuStatus[id]!).byte(SPACE).byte(NEWLINE);
  }
  return out.byte(NEWLINE).bytes();
}

/** `cppTurnBytes` as text. */
export function cppTurnText(s: DragonBallState): string {
  return latin1.decode(cppTurnBytes(s));
}
