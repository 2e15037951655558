import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { splitCommandLine } from "@arena/bots";
import { ArenaError } from "@arena/core";

/** True when `path` is a regular file this process may execute. */
function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks, before a match starts, that the program of an `exec:<command line>` bot exists: a path
 * (with a `/`) must be an executable file relative to `cwd`; a bare name must be found on `PATH`.
 * Throws `ArenaError` `NO_PROGRAM` naming the bot and what was looked for.
 */
export function checkProgram(spec: string, cwd: string, path = process.env.PATH ?? ""): void {
  const words = splitCommandLine(spec.slice("exec:".length));
  const program = words[0];
  if (program === undefined) {
    throw new ArenaError("NO_PROGRAM", `bot '${spec}' names no program after 'exec:'`);
  }
  if (program.includes("/")) {
    const file = isAbsolute(program) ? program : resolve(cwd, program);
    if (isExecutableFile(file)) return;
    let reason = "no such file";
    try {
      reason = statSync(file).isFile() ? "not executable (chmod +x?)" : "not a file";
    } catch {
      // no such file
    }
    throw new ArenaError("NO_PROGRAM", `bot '${spec}': program ${program}: ${reason}`, {
      file: file,
    });
  }
  for (const dir of path.split(delimiter)) {
    if (dir !== "" && isExecutableFile(join(resolve(cwd, dir), program))) return;
  }
  throw new ArenaError(
    "NO_PROGRAM",
    `bot '${spec}': program '${program}' is not on PATH (give a path such as ./${program} for a file here)`,
  );
}
