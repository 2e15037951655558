import type { MoneyHeistConfig } from "./config";
import { PARAMETERS } from "./config";
import { HEALTH_KIT, type MoneyHeistState, POISON_KIT, PROFESSOR } from "./state";

// The original prints each parameter name with its own fixed run of tabs.
const TABS: Record<string, number> = {
  NUM_PLAYERS: 3,
  NUM_ROUNDS: 3,
  BOARD_ROWS: 3,
  BOARD_COLS: 3,
  INITIAL_SOLDIERS_PER_CLAN: 1,
  INITIAL_SOLDIERS_POISONS: 1,
  SOLDIER_MAX_POISONS: 1,
  POINTS_FOR_KILLING_SOLDIER: 1,
  PROFESSOR_MAX_HEALTH: 2,
  INITIAL_PROFESSOR_HEALTH: 2,
  PROFESSOR_HEALTH_DECREASE: 1,
  POINTS_FOR_KILLING_PROFESSOR: 1,
  PROFESSOR_ROUNDS_REBIRTH: 1,
  NUM_MONEY: 3,
  MIN_MONEY_VALUE: 3,
  MAX_MONEY_VALUE: 3,
  NUM_HEALTH_KITS: 3,
  HEALTH_KIT_VALUE: 2,
  NUM_POISON_KITS: 3,
  POISON_KIT_VALUE: 2,
  NUM_SAFETY_BOXES: 2,
  GOLD_VALUE: 2,
  SIZE_HINTS_PER_BOX: 2,
};

/** The `.res` preamble: game, seed, parameters and player names. */
export function resPreamble(
  config: MoneyHeistConfig,
  seed: number,
  names: readonly string[],
): string {
  let text = `Game\n\nSeed ${seed}\n\nMoneyHeist 1.0\n\n`;
  for (const [name, key] of PARAMETERS)
    text += `${name}${"\t".repeat(TABS[name]!)}${config[key]}\n`;
  return `${text}names          ${names.join(" ")}\n`;
}

/** The `.res` letter of a cell. */
function cellChar(state: MoneyHeistState, cell: number): string {
  if (state.wall[cell] === 1) return "W";
  const unit = state.unitAt[cell]!;
  if (unit >= 0) return state.unitType[unit] === PROFESSOR ? "X" : String(state.unitPlayer[unit]);
  if (state.kit[cell] === HEALTH_KIT) return "H";
  if (state.kit[cell] === POISON_KIT) return "P";
  if (state.door[cell]! >= 0) return "B";
  if (state.gold[cell]! >= 0) return "G";
  if (state.money[cell]! > 0) return "M";
  return ".";
}

function digitsRow(cols: number, tens: boolean): string {
  let text = "   ";
  for (let c = 0; c < cols; c++) text += tens ? String(Math.floor(c / 10) % 10) : String(c % 10);
  return `${text}\n`;
}

/** One state block, as the original prints it between rounds. */
export function resState(state: MoneyHeistState): string {
  const { rows, cols } = state;
  const parts: string[] = ["\n\n", digitsRow(cols, true), digitsRow(cols, false)];
  for (let r = 0; r < rows; r++) {
    let line = `${String(r).padStart(2, "0")} `;
    for (let c = 0; c < cols; c++) line += cellChar(state, r * cols + c);
    parts.push(`${line}\n`);
  }
  parts.push(`\nunits\n${state.numUnits}\ntype\tid\tplayer\trow\tcolumn\thealth\tpoison\trounds\n`);
  for (let id = 0; id < state.numUnits; id++) {
    const pos = state.unitPos[id]!;
    const prof = state.unitType[id] === PROFESSOR;
    parts.push(
      `${prof ? "p" : "s"}\t${id}\t${state.unitPlayer[id]}\t${Math.floor(pos / cols)}\t${pos % cols}\t${state.unitHealth[id]}\t${state.unitPoison[id]}\t${state.unitRebirth[id]}\n`,
    );
  }
  const money: string[] = [];
  for (let cell = 0; cell < state.cells; cell++) {
    const amount = state.money[cell]!;
    if (amount > 0) money.push(`${Math.floor(cell / cols)}\t${cell % cols}\t${amount}\n`);
  }
  parts.push(`\nmoney\n${money.length}\nrow\tcolumn\tamount\n`, ...money);
  parts.push(`\nsafety_box_hints\n${state.hints.length}\n`);
  for (let s = 0; s < state.hints.length; s++) {
    const hints = state.hints[s]!;
    const door = state.safeDoor[s]!;
    let values = "";
    for (const value of hints) values += `${value} `;
    parts.push(`${hints.length} ${Math.floor(door / cols)} ${door % cols}\n${values}\n\n`);
  }
  parts.push(
    `round ${state.round}\n\nscore\t${state.score.join("\t")}\n\nhealth\t${state.potHealth.join("\t")}\n\npoison\t${state.potPoison.join("\t")}\n\nstatus\t${Array.from(state.status).join("\t")}\n\n`,
  );
  return parts.join("");
}

/** The commands block that follows a state: the successful commands of the round just played. */
export function resCommands(state: MoneyHeistState): string {
  return `commands\n${state.lastCommands.length}\n${state.lastCommands.join("")}`;
}
