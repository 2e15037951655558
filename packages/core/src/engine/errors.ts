/** The most characters of a quoted excerpt of the input an error message keeps. */
export const EXCERPT_CHARS = 80;
/** The most characters of a line of an error message (a compiler's messages may take several). */
const LINE_CHARS = 1000;

/**
 * `text` shortened to at most `max` characters (its start, then `…` and how much was left out):
 * for the part of an input an error message quotes. A surrogate pair is never cut in two.
 */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end--;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/**
 * `message` with every quoted excerpt ('…' or "…", on one line) longer than `EXCERPT_CHARS`
 * shortened (`excerpt`). One pass, each search resumed where the last one stopped: linear in the
 * length of the message, however many quotes it holds (a regular expression overflowed V8's stack
 * on a quote of a few megabytes).
 */
function shortenQuotes(message: string): string {
  let out = "";
  let at = 0;
  const next = { "'": -1, '"': -1, "\n": -1 };
  const find = (char: keyof typeof next, from: number): number => {
    if (next[char] !== Number.POSITIVE_INFINITY && next[char] < from) {
      const found = message.indexOf(char, from);
      next[char] = found < 0 ? Number.POSITIVE_INFINITY : found;
    }
    return next[char];
  };
  for (;;) {
    const open = Math.min(find("'", at), find('"', at));
    if (open === Number.POSITIVE_INFINITY) break;
    const quote = message[open] as "'" | '"';
    const close = find(quote, open + 1);
    if (close === Number.POSITIVE_INFINITY || find("\n", open + 1) < close) {
      out += message.slice(at, open + 1);
      at = open + 1;
      continue;
    }
    const inner = message.slice(open + 1, close);
    out += `${message.slice(at, open + 1)}${excerpt(inner)}${quote}`;
    at = close + 1;
  }
  return out + message.slice(at);
}

/**
 * An error message with every quoted excerpt longer than `EXCERPT_CHARS` shortened
 * (`shortenQuotes`), and each line cut at `LINE_CHARS`: a config of one 200 MB line gives an error
 * line of a few dozen characters, not of 200 MB.
 */
function boundedMessage(message: string): string {
  if (message.length <= EXCERPT_CHARS) return message;
  const shortened = shortenQuotes(message);
  if (shortened.length <= LINE_CHARS) return shortened;
  return shortened
    .split("\n")
    .map((line) => excerpt(line, LINE_CHARS))
    .join("\n");
}

/** The brand of every `ArenaError`, shared by every copy of @arena/core in the process. */
const ARENA_ERROR = Symbol.for("@arena/core.ArenaError");

/**
 * The one error class of arena. Every bad input (a config, a map, a replay, a trace, a bot's
 * reply, a command-line flag) raises an `ArenaError` whose `code` says what kind of problem it
 * is and whose message names where: file, line and field when they are known.
 */
export class ArenaError extends Error {
  /**
   * `instanceof ArenaError` (and of a subclass, e.g. the tournament's `RunnerFailure`) holds for
   * an error of any copy of the @arena packages loaded in the process (the cli's bundle and an
   * installed package such as @arena/queue each have their own): an error is one by its brand, the
   * names of its classes under a symbol of the global registry, not by its class object.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    const brand =
      typeof value === "object" && value !== null
        ? (value as Record<symbol, unknown>)[ARENA_ERROR]
        : undefined;
    // `this` is the class on the right of `instanceof`, a subclass too: not `ArenaError` itself.
    return Array.isArray(brand)
      ? // biome-ignore lint/complexity/noThisInStatic: the subclass `instanceof` names, see above
        brand.includes(this.name)
      : // biome-ignore lint/complexity/noThisInStatic: the subclass `instanceof` names, see above
        Function.prototype[Symbol.hasInstance].call(this, value);
  }

  /** A stable machine-readable code, e.g. `BAD_CONFIG`, `BAD_REPLAY`, `REPLAY_MISMATCH`. */
  readonly code: string;
  /** The file the problem is in, when there is one. */
  readonly file: string | undefined;
  /** The 1-based line the problem is on, when known. */
  readonly line: number | undefined;

  constructor(
    code: string,
    message: string,
    where: { file?: string | undefined; line?: number | undefined } = {},
  ) {
    const place =
      where.file !== undefined
        ? where.line !== undefined
          ? `${where.file}:${where.line}: `
          : `${where.file}: `
        : "";
    super(boundedMessage(`${place}${message}`));
    this.name = "ArenaError";
    const classes: string[] = [];
    for (let c: unknown = new.target; typeof c === "function" && c !== Error; ) {
      classes.push((c as { name: string }).name);
      c = Object.getPrototypeOf(c);
    }
    Object.defineProperty(this, ARENA_ERROR, { value: classes });
    this.code = code;
    this.file = where.file;
    this.line = where.line;
  }
}
