import { PARAMETER_NAMES } from "./config";
import { CELL_LETTERS, type MadMaxRevisitedOrder, type MmrState } from "./state";

export function resPreamble(s: MmrState, seed: number, names: readonly string[]): string {
  let text = `mad_max_2020\tv1\nsecgame\t0\nseed\t${seed}\n`;
  for (const name of PARAMETER_NAMES) text += `${name}\t${s.p[name]}\n`;
  return `${text}names ${names.join(" ")}\n\n`;
}

export function resState(s: MmrState): string {
  const parts: string[] = [`\nrnd ${s.round}\n\n`];
  let tens = "   ";
  let units = "   ";
  for (let c = 0; c < s.cols; c++) {
    tens += String(Math.floor(c / 10) % 10);
    units += String(c % 10);
  }
  parts.push(`${tens}\n${units}\n\n`);
  for (let r = 0; r < s.rows; r++) {
    let line = `${String(r).padStart(2, "0")} `;
    for (let c = 0; c < s.cols; c++) line += CELL_LETTERS[s.cell[r * s.cols + c]!];
    parts.push(`${line}\n`);
  }
  parts.push("\n\ncars\ncid\trow\tcolumn\tnb_miss\tgas\talive\ttime\n");
  for (let car = 0; car < s.numCars; car++) {
    const pos = s.carPos[car]!;
    parts.push(
      `${car}\t${Math.floor(pos / s.cols)}\t${pos % s.cols}\t${s.carMiss[car]}\t${s.carGas[car]}\t${s.carAlive[car] ? "y" : "n"}\t${s.carTime[car]}\n`,
    );
  }
  const mids = [...s.missiles.keys()].sort((a, b) => a - b);
  parts.push(`\nmissiles\n${mids.length}\nmid\tcid\trow\tcolumn\n`);
  for (const mid of mids) {
    const m = s.missiles.get(mid)!;
    parts.push(`${mid}\t${m.cid}\t${Math.floor(m.pos / s.cols)}\t${m.pos % s.cols}\n`);
  }
  parts.push("\nplayers\npid\tscore\tstatus\n");
  for (let pl = 0; pl < s.p.nb_players; pl++)
    parts.push(`${pl}\t${s.score[pl]}\t${s.status[pl]}\n`);
  parts.push("\n");
  return parts.join("");
}

const instructionText = (o: MadMaxRevisitedOrder) =>
  o.kind === "shoot" ? `${o.car} s 0 1\n` : `${o.car} m ${o.dir[0]} ${o.dir[1]}\n`;

function block(title: string, lists: MadMaxRevisitedOrder[][]): string {
  let text = `${title}\n`;
  lists.forEach((list, pl) => {
    text += `\n${pl}\n${list.map(instructionText).join("")}-1\n`;
  });
  return text;
}

export function resActions(s: MmrState): string {
  return `${block("actions_asked", s.asked)}\n${block("actions_done", s.done)}\n`;
}
