import { ArenaError } from "@arena/core";
import { closest, type FlagSpec, parseCommandLine } from "./args";
import { type Command, commandHelp } from "./command";
import { commands } from "./commands";
import { compilerColour, describeCompilerError, isCompilerError } from "./compiler-output";
import { describeError } from "./errors";
import { escapeControl } from "./format";
import type { CliIo } from "./io";
import { version } from "./version";

export { version };

/** The top-level help. */
export function usage(): string {
  const width = Math.max(...commands.map((entry) => entry.synopsis.length)) + 4;
  return `arena ${version}: exact engines for five AI-programming-contest games

Usage:
${commands.map((entry) => `  arena ${entry.synopsis.padEnd(width)}${entry.summary}`).join("\n")}

'arena <command> --help' shows a command's options.
Games: moneyheist, madmax, madmax-revisited, dragonball, lighthouses
Global options: -h, --help (help), --version, --debug (stack traces of errors)
`;
}

/** Positionals of `argv` as far as they can be told before positional-dependent flags are known. */
function leadingPositionals(argv: readonly string[], flags: readonly FlagSpec[]): string[] {
  const valued = new Set(flags.filter((flag) => flag.type !== "boolean").map((f) => f.name));
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    if (arg.startsWith("-") && arg !== "-") {
      if (!arg.includes("=") && valued.has(arg.replace(/^--?/, ""))) i++;
      continue;
    }
    positionals.push(arg);
  }
  return positionals;
}

async function runCommand(command: Command, argv: readonly string[], io: CliIo): Promise<number> {
  const end = argv.indexOf("--");
  const flagPart = end < 0 ? argv : argv.slice(0, end);
  const wantsHelp = flagPart.includes("--help") || flagPart.includes("-h");
  let more: readonly FlagSpec[] = [];
  if (command.moreFlags !== undefined) {
    const positionals = leadingPositionals(argv, command.flags);
    try {
      more = await command.moreFlags(positionals);
    } catch (error) {
      if (!wantsHelp) throw error;
    }
  }
  if (wantsHelp) {
    io.out(commandHelp(command, more));
    return 0;
  }
  const args = parseCommandLine(argv, [...command.flags, ...more], command.name);
  if (args.positionals.length < (command.minPositionals ?? 0)) {
    io.err(commandHelp(command, more));
    return 2;
  }
  return await command.run(args, io);
}

/**
 * Runs the cli with `argv` (without the node and script paths) and returns the exit code:
 * 0 success, 2 bad input (one clear line on stderr), 1 an internal error.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const debug = argv.includes("--debug");
  try {
    // `--debug` may also come before the command.
    const [word, ...rest] =
      argv[0] === "--debug" && argv.length > 1 ? [argv[1]!, "--debug", ...argv.slice(2)] : argv;
    if (word === undefined || word === "--debug") {
      io.err(usage());
      return 2;
    }
    if (word === "--help" || word === "-h" || word === "help") {
      const entry = commands.find((candidate) => candidate.name === rest[0]);
      if (entry === undefined) io.out(usage());
      else {
        // As `arena <command> --help`: with the options of every game (none is named yet).
        const command = await entry.load();
        io.out(commandHelp(command, (await command.moreFlags?.([])) ?? []));
      }
      return 0;
    }
    if (word === "--version" || word === "-v" || word === "-V") {
      io.out(`${version}\n`);
      return 0;
    }
    const entry = commands.find((candidate) => candidate.name === word);
    if (entry === undefined) {
      const names = commands.map((candidate) => candidate.name);
      if (word.startsWith("-")) {
        const near = closest(word.replace(/^--?/, ""), ["help", "version"]);
        throw new ArenaError(
          "BAD_FLAG",
          `unknown option '${word}' before the command${near !== undefined ? `; did you mean --${near}?` : ""} (the commands are ${names.join(", ")}; arena --help)`,
        );
      }
      const near = closest(word, names);
      throw new ArenaError(
        "UNKNOWN_COMMAND",
        `unknown command '${word}'${near !== undefined ? `; did you mean '${near}'?` : ""}; the commands are ${names.join(", ")} (arena --help)`,
      );
    }
    return await runCommand(await entry.load(), rest, io);
  } catch (error) {
    if (isCompilerError(error)) {
      // The compiler's own lines, as it printed them (the file and line of the first error first).
      const [head, ...output] = describeCompilerError(error, compilerColour(io.interactive));
      io.err(`arena: ${head}\n${output.map((line) => `${line}\n`).join("")}`);
      if (debug && error.stack) io.err(`${error.stack}\n`);
      return 2;
    }
    const described = describeError(error);
    if (described !== undefined) {
      io.err(`arena: ${escapeControl(described)}\n`);
      if (debug && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`arena: internal error: ${escapeControl(message)}\n`);
    if (debug && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    else io.err("arena: run again with --debug for the stack trace, and please report it\n");
    return 1;
  }
}
