// `arena play --bot-log DIR`: everything each bot wrote, a file per player.
import { closeSync, lstatSync, mkdirSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { ArenaError, type BotOutputEvent, openOutputFile } from "@arena/core";

/** A player's log file name: `<p>-<name>.log`, the name reduced to safe characters. */
export function botLogName(player: number, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60) || "bot";
  return `${player}-${safe}.log`;
}

/**
 * Writes each bot's output (stderr, or what a module bot printed, and the text of its
 * annotations) to `DIR/<p>-<name>.log` as it comes, uncapped, with a `--- round N ---` line
 * before each round's part. Files are created (and truncated) at the start, never through a
 * symbolic link (the folder itself, or a log file, that is a link is refused: `BAD_OUTPUT`).
 */
export class BotLog {
  private readonly fds: number[] = [];
  private readonly rounds: number[] = [];

  constructor(dir: string, names: readonly string[], flag = "--bot-log") {
    try {
      mkdirSync(dir, { recursive: true });
      if (lstatSync(dir).isSymbolicLink()) {
        throw new ArenaError(
          "BAD_OUTPUT",
          `${flag} is a symbolic link; arena does not write through a link it did not create: remove the link or name another folder`,
          { file: resolve(dir) },
        );
      }
      for (const [p, name] of names.entries()) {
        this.fds.push(openOutputFile(join(dir, botLogName(p, name)), { what: `${flag} file` }));
        this.rounds.push(-1);
      }
    } catch (error) {
      this.close();
      if (error instanceof ArenaError) throw error;
      throw new ArenaError(
        "CANNOT_WRITE",
        `cannot write the bot logs (${flag}): ${(error as Error).message}`,
        { file: resolve(dir) },
      );
    }
  }

  /** Appends one piece of output (`RunOptions.onBotOutput`). */
  write = (event: BotOutputEvent): void => {
    const fd = this.fds[event.player];
    if (fd === undefined) return;
    let text = event.kind === "note" ? `[note] ${event.text}\n` : event.text;
    if (this.rounds[event.player] !== event.round) {
      this.rounds[event.player] = event.round;
      text = `--- round ${event.round} ---\n${text}`;
    }
    writeSync(fd, text);
  };

  /** Closes every file. */
  close(): void {
    for (const fd of this.fds.splice(0)) closeSync(fd);
  }
}
