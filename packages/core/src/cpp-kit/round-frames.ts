import type { ByteText } from "./byte-text";

/** What a game's state shows of a round for its C++ turn frame: the round and the statuses. */
export interface RoundFrameState {
  readonly round: number;
  /** The players' statuses (a player frozen during the round changes its frame). */
  readonly status: ArrayLike<number>;
}

/** True when `a` and `b` hold the same numbers. */
function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * A C++ kit's `turn` for games whose every player of a round sees the same frame (Money Heist,
 * Mad Max): `write` is called once per round of a match (and again only if a player was frozen
 * meanwhile, which shows in the statuses), and its bytes are copied into the match's buffer of
 * the previous round, which went out before this round began (the runner writes a frame as soon
 * as it has it), instead of a new one each round; a second frame of one round gets a buffer of
 * its own. Returns `(match, state) => bytes`, valid until the match's next round.
 */
export function roundFrames<S extends RoundFrameState>(
  write: (state: S) => ByteText,
): (match: object, state: S) => Uint8Array {
  const last = new WeakMap<
    object,
    { round: number; status: number[]; bytes: Uint8Array; buffer: Uint8Array }
  >();
  return (match, state) => {
    const known = last.get(match);
    if (
      known !== undefined &&
      known.round === state.round &&
      sameValues(known.status, state.status)
    )
      return known.bytes;
    const text = write(state);
    let buffer = known !== undefined && known.round !== state.round ? known.buffer : undefined;
    if (buffer === undefined || buffer.length < text.length)
      buffer = new Uint8Array(Math.max(text.length, 2 * (buffer?.length ?? 0)));
    buffer.set(text.view().subarray(0, text.length));
    const bytes = buffer.subarray(0, text.length);
    last.set(match, { round: state.round, status: Array.from(state.status), bytes, buffer });
    return bytes;
  };
}
