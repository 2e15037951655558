import { ArenaError } from "@arena/core";

/**
 * Splits a shell-like command line into words: whitespace separates words, 'single quotes' keep
 * everything literally, "double quotes" allow \" and \\ escapes, a backslash outside quotes escapes
 * the next character. No variables, globs, pipes or redirections (the program is run directly).
 */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!))
        word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) {
    throw new ArenaError("BAD_BOT", `unterminated ${quote} quote in command line: ${text}`);
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new ArenaError("BAD_BOT", "empty command line for an external bot");
  return words;
}
