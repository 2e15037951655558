import { type FlagSpec, flagsHelp, globalFlags, type ParsedArgs } from "./args";
import type { CliIo } from "./io";

/**
 * A cli command, declared in its own file under `commands/` and registered with one line in
 * `commands.ts`. The parser, `--help`, "did you mean" and the usage shown on a missing argument
 * are generated from `flags`; `run` gets the parsed arguments only when they are valid.
 */
export interface Command {
  /** The command word, e.g. `play`. */
  readonly name: string;
  /** What follows the command word in the usage line, e.g. `<game> [bots…] [options]`. */
  readonly usage: string;
  /** A paragraph (or a few) saying what the command does, shown by `--help`. */
  readonly description: string;
  /** The flags the command takes (`--help` and `--debug` are added to every command). */
  readonly flags: readonly FlagSpec[];
  /** Help sections printed after the options (e.g. the kinds of bots). */
  readonly notes?: string;
  /** Positionals the command needs; with fewer, the usage goes to stderr and the exit code is 2. */
  readonly minPositionals?: number;
  /**
   * Flags that depend on the positionals (e.g. a game's own options, found once the game named
   * by the first positional is loaded). Called before parsing and for `--help`.
   */
  moreFlags?(positionals: readonly string[]): Promise<readonly FlagSpec[]>;
  /** Runs the command; returns the process exit code (0, or 2 for bad input). */
  run(args: ParsedArgs, io: CliIo): Promise<number> | number;
}

/** The `--help` text of `command` (with `more`, its positional-dependent flags). */
export function commandHelp(command: Command, more: readonly FlagSpec[] = []): string {
  const sections = [
    `Usage: arena ${command.name}${command.usage ? ` ${command.usage}` : ""}`,
    command.description.trim(),
    `Options:\n${flagsHelp([...command.flags, ...more, ...globalFlags])}`,
  ];
  if (command.notes !== undefined) sections.push(command.notes.trim());
  return `${sections.join("\n\n")}\n`;
}
