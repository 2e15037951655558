import { ArenaError, systemReason } from "@arena/core";

/** The words for a system error code, e.g. `no space left on the device (ENOSPC)` (core's). */
export { systemReason };

/** True for an error raised by the operating system (it has an errno code such as `ENOSPC`). */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === "string" &&
    /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!) &&
    typeof (error as NodeJS.ErrnoException).syscall === "string"
  );
}

/**
 * The one-line message of an error that is the user's input or environment (exit code 2), or
 * undefined for an internal error (a bug: exit code 1). `ArenaError`s are input errors; so are
 * system errors (a full disk, an unreadable file), named by their path when Node gives one.
 */
export function describeError(error: unknown): string | undefined {
  if (error instanceof ArenaError) return error.message;
  if (isSystemError(error)) {
    const where = error.path !== undefined ? `${error.path}: ` : "";
    return `${where}cannot ${error.syscall}: ${systemReason(error.code)}`;
  }
  return undefined;
}

/**
 * Names `file` in an `ArenaError` raised by core or an engine without it (or naming only a field
 * such as `config`), so every error the cli prints says which file is wrong. Other errors are
 * returned as they are.
 */
export function inFile(error: unknown, file: string): unknown {
  if (!(error instanceof ArenaError) || error.file === file) return error;
  const wrapped = new ArenaError(error.code, error.message, { file });
  if (error.stack !== undefined) wrapped.stack = error.stack;
  return wrapped;
}
