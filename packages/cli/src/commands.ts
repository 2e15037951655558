import type { Command } from "./command";

/** A registered command: its name and summary for the top-level help, and how to load it. */
export interface CommandEntry {
  /** The command word. */
  readonly name: string;
  /** Its synopsis in the top-level help, e.g. `play <game> [bots…] [opts]`. */
  readonly synopsis: string;
  /** One line for the top-level help. */
  readonly summary: string;
  /** Imports the command's module (only the chosen command is ever loaded). */
  load(): Promise<Command>;
}

/**
 * Every command, in the order the top-level help lists them. Adding a command is one line here
 * and a file `commands/<name>.ts` exporting a `Command` (or a folder, as `commands/play/`, when
 * it has many steps).
 */
export const commands: readonly CommandEntry[] = [
  {
    name: "list",
    synopsis: "list",
    summary: "the games and their built-in bots",
    load: async () => (await import("./commands/list")).listCommand,
  },
  {
    name: "play",
    synopsis: "play <game> [bots…] [opts]",
    summary: "play a match",
    load: async () => (await import("./commands/play/command")).playCommand,
  },
  {
    name: "replay",
    synopsis: "replay <file> [opts]",
    summary: "verify and summarise a replay",
    load: async () => (await import("./commands/replay")).replayCommand,
  },
  {
    name: "view",
    synopsis: "view <file> [--html OUT]",
    summary: "watch a replay or .res in the web viewer",
    load: async () => (await import("./view-command")).viewCommand,
  },
  {
    name: "tournament",
    synopsis: "tournament <game> <bot>… [opts]",
    summary: "every bot on every seed in every seat, with ratings",
    load: async () => (await import("./commands/tournament")).tournamentCommand,
  },
  {
    name: "test",
    synopsis: "test <game> <bot> --vs <bot> [opts]",
    summary: "is the candidate better than the baseline? (a verdict)",
    load: async () => (await import("./commands/test")).testCommand,
  },
  {
    name: "contest",
    synopsis: "contest <game> <player>… [opts]",
    summary: "the Joc d'EDA contest: qualification, elimination, final",
    load: async () => (await import("./commands/contest")).contestCommand,
  },
  {
    name: "worker",
    synopsis: "worker --redis URL [opts]",
    summary: "play the matches of --redis runs, here and on other machines",
    load: async () => (await import("./commands/worker")).workerCommand,
  },
  {
    name: "serve",
    synopsis: "serve [--db FILE|URL] [--port N] [opts]",
    summary: "a contest and ladder server: uploads, ratings, pages, API",
    load: async () => (await import("./commands/serve")).serveCommand,
  },
  {
    name: "new",
    synopsis: "new <game> [--lang L] [DIR]",
    summary: "a starter bot project, L = ts|js|python|cpp",
    load: async () => (await import("./commands/new")).newCommand,
  },
];
