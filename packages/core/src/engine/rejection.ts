// Feedback on orders: which orders of a player's turn were rejected, and why. Browser-safe.

/**
 * Why an order was rejected. Core gives `malformed` (the order does not fit the game's schema)
 * and `duplicate` (an earlier order of the turn has the same key: the first one wins); engines
 * give the rest from the original's own checks (names in each game's README).
 */
export type RejectionReason =
  | "malformed"
  | "duplicate"
  | "unknown-unit"
  | "not-yours"
  | "dead-unit"
  | "cannot-move"
  | "illegal-move"
  | "wrong-key"
  | (string & {});

/** One rejected order of a turn. */
export interface Rejection {
  /** The order's index (0-based) among the orders the bot gave that turn, in the order given. */
  readonly index: number;
  /** Why, as a short code. */
  readonly reason: RejectionReason;
  /** Why, in words (e.g. `unit 17 is player 2's`). */
  readonly message: string;
}

const NONE: readonly Rejection[] = Object.freeze([]);

/**
 * The rejections of a match's orders: engines record what their rules ignore while they resolve
 * a step (`reject`, indices into the list given to `Match.step`), without changing what they do;
 * the runner then `show`s each player the whole list of its turn (with `malformed` and
 * `duplicate`, indices among the orders as the bot gave them), which the player's view returns
 * until its next turn. Never part of a snapshot or digest.
 */
export class OrderFeedback {
  private recordedLists: Rejection[][] | undefined;
  private readonly shownLists: Array<readonly Rejection[]> = [];

  /** Engines: forgets the previous step's records (call at the start of every step). */
  begin(): void {
    this.recordedLists = undefined;
  }

  /** Engines: order `index` of `player`'s list given to `step` is ignored, for `reason`. */
  reject(player: number, index: number, reason: RejectionReason, message: string): void {
    this.recordedLists ??= [];
    let list = this.recordedLists[player];
    if (list === undefined) {
      list = [];
      this.recordedLists[player] = list;
    }
    list.push({ index, reason, message });
  }

  /** What the engine recorded for `player` in the last step (indices into its list given to `step`). */
  recorded(player: number): readonly Rejection[] {
    return this.recordedLists?.[player] ?? NONE;
  }

  /** The runner (or a bot host's replica): sets what `player`'s view shows as rejected. */
  show(player: number, rejected: readonly Rejection[]): void {
    this.shownLists[player] = rejected.length === 0 ? NONE : Object.freeze([...rejected]);
  }

  /** What `player`'s view shows: the rejected orders of its previous turn, by index. */
  shown(player: number): readonly Rejection[] {
    return this.shownLists[player] ?? NONE;
  }
}
