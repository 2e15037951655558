import { GlibcRand } from "@arena/core";
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
  private readonly ownRand = new GlibcRand(1);

  /** @internal */
  constructor(
    s: DragonBallState,
    player: number,
    seed: number,
    private readonly shared: boolean,
  ) {
    super(s, player, seed);
  }

  /** The next number of the MINSTD stream (0..2^31−3): the engine's under 2012, else own. */
  override randomize(): number {
    return this.shared ? this.raw.rng.randomize() : super.randomize();
  }

  /** The next C library `rand()` (0..2^31−1): the engine's under 2012, else own. */
  rand(): number {
    return this.shared ? this.raw.shuffle.rand() : this.ownRand.rand();
  }
}
