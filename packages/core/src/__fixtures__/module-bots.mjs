// Module bots for the counter game (resolveBot / isolatedBot tests).

/** Plays like Demo, then loops forever at round 3. */
export class LoopingBot {
  play(view, actions) {
    if (view.round() === 3) for (;;) {}
    for (const unit of view.units()) actions.add(unit, 9);
  }
}

/** Plays like Demo, then throws at round 3. */
export class ThrowingBot {
  play(view, actions) {
    if (view.round() === 3) throw new Error("boom at round 3");
    for (const unit of view.units()) actions.add(unit, 9);
  }
}

/** Gives 1001 distinct orders at round 3. */
export class FloodingBot {
  play(view, actions) {
    const count = view.round() === 3 ? 1001 : 3;
    for (let unit = 0; unit < count; unit++) actions.add(unit, 9);
  }
}

/** Gives an invalid order at round 3 (only caught when orders are validated: isolated bots). */
export class BadOrderBot {
  play(view, actions) {
    if (view.round() === 3) actions.add(0, 99);
    else for (const unit of view.units()) actions.add(unit, 9);
  }
}

/**
 * At round 3 gives a malformed order (0), a good one (1), a duplicate (2), one for an unknown
 * unit (3) and a good one (4); at round 4 attaches what its view says was rejected as its note.
 */
export class FeedbackBot {
  play(view, actions) {
    if (view.round() === 3) {
      actions.add(0, 99);
      actions.add(1, 9);
      actions.add(1, 5);
      actions.add(7, 9);
      actions.add(2, 9);
      return;
    }
    if (view.round() === 4) actions.annotate({ text: JSON.stringify(view.rejected()) });
    for (const unit of view.units()) actions.add(unit, 9);
  }
}

/** Loops forever in setup. */
export class SlowSetupBot {
  setup() {
    for (;;) {}
  }
  play() {}
}

/** Orders that depend on the state it sees (to compare an isolated replica with the real match). */
export class EchoBot {
  play(view, actions) {
    actions.add(0, view.lastDraw() + 1);
    actions.add(1, view.score(view.me()) % 10);
  }
}

/** Prints on the console at round 0 (captured, not mixed into the runner's stdout). */
export class ChattyBot {
  play(view, actions) {
    if (view.round() === 0) console.log("hello from the worker");
    actions.add(0, 1);
  }
}
