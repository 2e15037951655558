/**
 * The one error class of arena. Every bad input (a config, a map, a replay, a trace, a bot's
 * reply, a command-line flag) raises an `ArenaError` whose `code` says what kind of problem it
 * is and whose message names where: file, line and field when they are known.
 */
export class ArenaError extends Error {
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
    super(`${place}${message}`);
    this.name = "ArenaError";
    this.code = code;
    this.file = where.file;
    this.line = where.line;
  }
}
