// Browser-safe: the bytes of C++ players' turn frames, compared to send one frame to several
// seats (a process's, or a WebAssembly instance's).

const encoder = new TextEncoder();

/** Frame bytes of a turn: a string as UTF-8. */
export const frameBytes = (frame: string | Uint8Array): Uint8Array =>
  typeof frame === "string" ? encoder.encode(frame) : frame;

/**
 * True when two frames hold the same bytes (the kits hand out one object per round, so the first
 * test is the usual answer).
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** `0, 1, 2 and 3`. */
export const listSeats = (players: readonly number[]): string =>
  players.length <= 1
    ? players.join("")
    : `${players.slice(0, -1).join(", ")} and ${players[players.length - 1]}`;
