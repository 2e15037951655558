// How the cli shows a compiler's own messages (a C++ player that does not compile): g++'s lines
// as g++ prints them, the file and line of the first error first, coloured on a terminal.
import { ArenaError } from "@arena/core";
import { escapeControl } from "./format";

/** The error codes whose message is a headline followed by a compiler's own output. */
const COMPILER_CODES = new Set(["CPP_COMPILE", "CPP_KIT"]);

/** True for an error whose message carries a compiler's output (`describeCompilerError`). */
export function isCompilerError(error: unknown): error is ArenaError {
  return (
    error instanceof ArenaError && COMPILER_CODES.has(error.code) && error.message.includes("\n")
  );
}

/** A diagnostic line of g++: `file:line:column: kind: text` (line and column optional). */
const DIAGNOSTIC = /^(.+?):(?:(\d+):)?(?:(\d+):)? (fatal error|error|warning|note): /;

// g++'s own palette (its default GCC_COLORS): the locus bold, errors bold red, warnings bold
// magenta, notes bold cyan, the caret line bold green.
const KIND_COLOUR: Readonly<Record<string, string>> = {
  "fatal error": "\x1b[1;31m",
  error: "\x1b[1;31m",
  warning: "\x1b[1;35m",
  note: "\x1b[1;36m",
};
const BOLD = "\x1b[1m";
const GREEN = "\x1b[1;32m";
const RESET = "\x1b[0m";

/** One line of compiler output with g++'s colours (the line already escaped). */
function colourLine(line: string): string {
  const diagnostic = DIAGNOSTIC.exec(line);
  if (diagnostic !== null) {
    const [whole, , , , kind] = diagnostic;
    // `whole` is `<locus> <kind>: `, the locus ending with its colon.
    const locus = whole.slice(0, whole.length - kind!.length - 3);
    return `${BOLD}${locus}${RESET} ${KIND_COLOUR[kind!]}${kind}:${RESET} ${line.slice(whole.length)}`;
  }
  // The caret line under the source excerpt: `    |    ^~~~`.
  const caret = /^( *\|)( *[~^].*)$/.exec(line);
  if (caret !== null) return `${caret[1]}${GREEN}${caret[2]}${RESET}`;
  return line;
}

/** Escapes a line of compiler output (source excerpts are the player's bytes), keeping tabs. */
const safeLine = (line: string): string => line.split("\t").map(escapeControl).join("\t");

/**
 * The lines of a compiler error (`isCompilerError`) as the cli prints them: the headline with the
 * file and line of the first error put first (`AIMine.cc:12: does not compile (g++ …):`), then
 * the compiler's lines as it printed them, each escaped (a source line is the player's bytes),
 * in g++'s colours when `colour`.
 */
export function describeCompilerError(error: ArenaError, colour: boolean): string[] {
  const [headline = "", ...output] = error.message.split("\n");
  return [safeLine(placeFirst(headline, output)), ...compilerLines(output, colour)];
}

/**
 * `headline` (`AIMine.cc: does not compile (…)`) with the line of the compiler's first error
 * after the file's name where it names that file: `AIMine.cc:12: does not compile (…)`.
 */
export function placeFirst(headline: string, output: readonly string[]): string {
  const first = output.map((line) => DIAGNOSTIC.exec(line)).find((d) => d?.[4]?.endsWith("error"));
  if (first?.[2] === undefined) return headline;
  const named = headline.indexOf(`${first[1]}: `);
  if (named < 0) return headline;
  const end = named + first[1]!.length;
  return `${headline.slice(0, end)}:${first[2]}${headline.slice(end)}`;
}

/** A compiler's lines, each escaped (a source line is the player's bytes), in g++'s colours when `colour`. */
export function compilerLines(output: readonly string[], colour: boolean): string[] {
  return output.map((text) => (colour ? colourLine(safeLine(text)) : safeLine(text)));
}

/** Whether to colour the compiler's output: on a terminal, unless NO_COLOR is set. */
export function compilerColour(interactive: boolean, env = process.env): boolean {
  return interactive && (env.NO_COLOR === undefined || env.NO_COLOR === "");
}
