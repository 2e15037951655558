// `arena play`: the files a match writes (--out, --res, --transcript, --bot-log), checked before
// it starts, and the errors of writing them, named by the file.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type AnyEngine, ArenaError, type MessageEvent } from "@arena/core";
import { type ParsedArgs, stringFlag } from "../../args";
import { inFile, isSystemError, systemReason } from "../../errors";
import { checkRegularOutput, writeOutputFile } from "../../files";
import type { CliIo } from "../../io";

/** The output paths of `arena play`, as given (relative to the working directory). */
export interface PlayOutputs {
  /** `--out`: the arena replay. */
  readonly out: string | undefined;
  /** `--res`: the original engine's `.res`. */
  readonly res: string | undefined;
  /** `--transcript`: every external-bot message, as JSON lines. */
  readonly transcript: string | undefined;
  /** `--bot-log`: the directory of the bots' logs. */
  readonly botLog: string | undefined;
}

/** The output flags, checked: the game writes a `.res`, and `--out` / `--res` may be written. */
export function checkOutputs(engine: AnyEngine, args: ParsedArgs, io: CliIo): PlayOutputs {
  const transcript = stringFlag(args, "transcript");
  const out = stringFlag(args, "out");
  const res = stringFlag(args, "res");
  if (res !== undefined && engine.res === undefined) {
    throw new ArenaError("BAD_FLAG", `${engine.name} has no .res format (--res)`);
  }
  if (out !== undefined) checkRegularOutput(resolve(io.cwd, out), out, "--out");
  if (res !== undefined) checkRegularOutput(resolve(io.cwd, res), res, "--res");
  return { out, res, transcript, botLog: stringFlag(args, "bot-log") };
}

/** The protocol messages of a match, kept as JSON lines and written once it ends. */
export class Transcript {
  private readonly lines: string[] = [];

  /** Keeps one message (a `RunOptions.onMessage`). */
  readonly add = (event: MessageEvent): void => {
    this.lines.push(JSON.stringify(event));
  };

  /** Writes the lines to `path` (each ended by a newline). */
  save(path: string): void {
    writeOutputFile(path, this.lines.join("\n") + (this.lines.length ? "\n" : ""), "transcript");
  }
}

/**
 * A failure to write the replay or the `.res` as one error naming the file given on the command
 * line; any other error is returned as it is.
 */
export function namedWriteError(error: unknown, outputs: PlayOutputs, cwd: string): unknown {
  const { out, res } = outputs;
  if (out !== undefined && isSystemError(error)) {
    return new ArenaError("CANNOT_WRITE", `cannot write the replay: ${systemReason(error.code)}`, {
      file: out,
    });
  }
  if (out !== undefined && isResWriteError(error, resolve(cwd, out))) {
    // core's ReplayWriter failing to write (a full disk): named by the path as given.
    return new ArenaError("CANNOT_WRITE", `cannot write the replay: ${resReason(error)}`, {
      file: out,
    });
  }
  if (res !== undefined && isResWriteError(error, resolve(cwd, res))) {
    return new ArenaError("CANNOT_WRITE", `cannot write the .res file: ${resReason(error)}`, {
      file: res,
    });
  }
  return out !== undefined && error instanceof ArenaError && error.code === "CANNOT_WRITE"
    ? inFile(error, out)
    : error;
}

/** True for core's `TextFileWriter` (or `ReplayWriter`) failing to write the file at `path`. */
function isResWriteError(error: unknown, path: string): error is ArenaError {
  return error instanceof ArenaError && error.code === "CANNOT_WRITE" && error.file === path;
}

/** The system reason of a `TextFileWriter` error (its message ends with the errno code). */
function resReason(error: ArenaError): string {
  return systemReason(/\((E[A-Z]+)\)$/.exec(error.message)?.[1]);
}

/** Where the replay prefix of an interrupted match is, as a clause of the message. */
export function keptReplay(outPath: string | undefined, cwd: string): string {
  if (outPath === undefined) return "";
  // core's ReplayWriter writes `<out>.partial` and renames it to `<out>` only when the match ends.
  const partial = `${outPath}.partial`;
  if (existsSync(resolve(cwd, partial))) return `; the replay so far is in ${partial}`;
  return existsSync(resolve(cwd, outPath)) ? `; the replay so far is in ${outPath}` : "";
}
