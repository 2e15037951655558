import { ArenaError } from "@arena/core";
import { parseArgs } from "./args";
import { list } from "./commands/list";
import { newProject } from "./commands/new";
import { play, playBooleans } from "./commands/play";
import { replay } from "./commands/replay";
import { view } from "./commands/view";
import type { CliIo } from "./io";

/** The cli's version (kept equal to package.json by the release process). */
export const version = "0.1.0";

const usage = `arena ${version}: exact engines for five AI-programming-contest games

Usage:
  arena list                         the games and their built-in bots
  arena play <game> [bots…] [opts]   play a match (arena play --help)
  arena replay <file> [opts]         verify and summarise a replay (arena replay --help)
  arena view <file> [--html OUT]     watch a replay or .res in the web viewer (arena view --help)
  arena new <game> [--lang L] [DIR]  a starter bot project, L = ts|js|python|cpp (arena new --help)

Games: moneyheist, madmax, madmax-revisited, dragonball, lighthouses
Global options: --debug (stack traces), --help, --version
`;

const booleans = new Set([...playBooleans, "scores", "version"]);

/**
 * Runs the cli with `argv` (without the node and script paths) and returns the exit code:
 * 0 success, 2 bad input (one clear line on stderr), 1 an internal error.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const debug = argv.includes("--debug");
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === "help" || command === "--help") {
      io.out(usage);
      return command === undefined ? 2 : 0;
    }
    if (command === "--version" || command === "-v") {
      io.out(`${version}\n`);
      return 0;
    }
    const args = parseArgs(rest, booleans);
    switch (command) {
      case "list":
        return list(args, io);
      case "play":
        return await play(args, io);
      case "replay":
        return replay(args, io);
      case "view":
        return await view(args, io);
      case "new":
        return newProject(args, io);
      default:
        throw new ArenaError(
          "UNKNOWN_COMMAND",
          `unknown command '${command}'; the commands are list, play, replay, view, new (arena --help)`,
        );
    }
  } catch (error) {
    if (error instanceof ArenaError) {
      io.err(`arena: ${error.message}\n`);
      if (debug && error.stack) io.err(`${error.stack}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`arena: internal error: ${message}\n`);
    if (debug && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    else io.err("arena: run again with --debug for the stack trace, and please report it\n");
    return 1;
  }
}
