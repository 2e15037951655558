// Node-only: the fault of a bot whose process was ended by Ctrl-C at a terminal. Its process (or
// its box's bubblewrap) is in arena's process group, so the terminal's SIGINT ends it at once,
// also while arena's thread waits in a C++ player's turn; a bot in a box cannot send it (it sees
// no process outside, and its own death by SIGINT is a crash).

/** The fault of a bot whose process got SIGINT from outside (Ctrl-C): the match was interrupted. */
export const INTERRUPTED_FAULT = "was interrupted (SIGINT: Ctrl-C)";

/**
 * Whether a fault says the bot's process was interrupted (Ctrl-C), not that the bot failed: a
 * match with such a fault is no result (a run stops, to be resumed).
 */
export function isInterrupted(fault: string | undefined): boolean {
  return fault?.includes(INTERRUPTED_FAULT) === true;
}
