// A C++ player's annotations of a round, as its adapter sends them before the round's orders
// (`notes <n>` and n lines, written by the kits' arena-notes.hh: `arena::log`, `arena::annotate`…),
// turned into the note every bot kind attaches to its turn.
import { type BotNote, checkNote } from "@arena/core";

/** Annotation lines a reply may announce (16 KiB of them is about 2 000 of the shortest). */
export const MAX_NOTE_LINES = 4096;

const INTEGER = /^-?\d{1,9}$/;

/** The integer words `words[from…from + count)`, or an error naming the line. */
function integers(words: readonly string[], from: number, count: number, line: string): number[] {
  const out: number[] = [];
  for (let k = from; k < from + count; k++) {
    const word = words[k];
    if (word === undefined || !INTEGER.test(word))
      throw new Error(`annotation line '${line.slice(0, 80)}': expected ${count} integers`);
    out.push(Number(word));
  }
  return out;
}

/** `color` of a record (`-`: none), as the note's optional field. */
const colorField = (color: string | undefined): { color?: string } =>
  color === undefined || color === "-" ? {} : { color };

/**
 * The note of a round from its annotation lines: `text <t>` (one line of the round's text),
 * `mark <i> <j> <color|-> <label>`, `unit <id> <text>`, `line <i1> <j1> <i2> <j2> <color|->`,
 * `truncated` (the kit dropped what went over its cap: `truncated` is then true). Checked and
 * capped as every bot's note (`checkNote`); throws an `Error` naming a line or field that is not one.
 */
export function noteFromLines(lines: readonly string[]): { note: BotNote; truncated: boolean } {
  const texts: string[] = [];
  const marks: Array<{ cell: [number, number]; color?: string; text?: string }> = [];
  const units: Array<{ id: number; text: string }> = [];
  const drawn: Array<{ from: [number, number]; to: [number, number]; color?: string }> = [];
  let truncated = false;
  for (const line of lines) {
    const space = line.indexOf(" ");
    const kind = space < 0 ? line : line.slice(0, space);
    const words = line.split(" ");
    if (kind === "text") texts.push(space < 0 ? "" : line.slice(space + 1));
    else if (kind === "mark") {
      const [i, j] = integers(words, 1, 2, line);
      const text = words.slice(4).join(" ");
      marks.push({ cell: [i!, j!], ...colorField(words[3]), ...(text ? { text } : {}) });
    } else if (kind === "unit") {
      const [id] = integers(words, 1, 1, line);
      units.push({ id: id!, text: words.slice(2).join(" ") });
    } else if (kind === "line") {
      const [i1, j1, i2, j2] = integers(words, 1, 4, line);
      drawn.push({ from: [i1!, j1!], to: [i2!, j2!], ...colorField(words[5]) });
    } else if (kind === "truncated" && space < 0) truncated = true;
    else throw new Error(`unknown annotation line '${line.slice(0, 80)}'`);
  }
  // Cut here too when its JSON is over NOTE_LIMIT: the flag goes apart (a bot may not give it).
  const { truncated: cut, ...note } = checkNote({
    ...(texts.length > 0 ? { text: texts.join("\n") } : {}),
    ...(marks.length > 0 ? { marks } : {}),
    ...(units.length > 0 ? { units } : {}),
    ...(drawn.length > 0 ? { lines: drawn } : {}),
  });
  return { note, truncated: truncated || cut === true };
}
