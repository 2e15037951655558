import type { OrderFeedback } from "@arena/core";
import type { DragonBallState } from "./state";
import { DragonBallView } from "./view";
/**
 * The view handed to players, with the random streams of the variant. Under the 2012 rules a
 * player draws from the engine's own streams, as in the original: `randomize()` is the engine's
 * MINSTD stream (the one of Kame Hame grants, combats and positions) and `rand()` the C library
 * `rand()` of the engine's per-round player order. Players are asked in id order before the
 * round is played, so their draws come exactly where the original's came, and a match in which
 * players draw is still the original's. Under the 2015 rules `randomize()` is the player's own
 * generator (seeded `seed + player + 1`) and `rand()` its own C library stream (glibc's state
 * before any `srand`), so players cannot disturb the game's random outcomes.
 */
export class DragonBallPlayerView extends DragonBallView {
  /** @internal */
  constructor(
    s: DragonBallState,
    player: number,
    seed: number,
    shared: boolean,
    feedback?: OrderFeedback,
  ) {
    // The streams live in the base view's private fields: a view holds no state of its own.
    super(s, player, seed, [], shared, feedback);
  }
}

Object.freeze(DragonBallPlayerView.prototype);
Object.freeze(DragonBallPlayerView);
