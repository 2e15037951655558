// Bots that leave something behind in their process after a match, each counting its turns
// like module-state-bot.mjs but somewhere a fresh module instance does not reset.

const play = (turns, actions) => actions.add(0, Math.min(turns, 9));

/** Counts on the global object. */
export class Global {
  play(_view, actions) {
    globalThis.arenaTurns = (globalThis.arenaTurns ?? 0) + 1;
    play(globalThis.arenaTurns, actions);
  }
}

/** Counts on a property it adds to a built-in prototype. */
export class Prototype {
  play(_view, actions) {
    Array.prototype.arenaTurns = (Array.prototype.arenaTurns ?? 0) + 1;
    play([].arenaTurns, actions);
  }
}

/** Counts in a built-in function it replaced. */
export class Builtin {
  play(_view, actions) {
    if (Math.arenaTurns === undefined) {
      let turns = 0;
      Math.arenaTurns = () => ++turns;
    }
    play(Math.arenaTurns(), actions);
  }
}

/** Counts fine, but leaves a timer running. */
let turns = 0;
export class Timer {
  play(_view, actions) {
    turns++;
    if (turns === 1) setInterval(() => {}, 60_000);
    play(turns, actions);
  }
}

/** Throws at round 3 (frozen, its process still alive). */
export class Throws {
  play(view, actions) {
    if (view.round() === 3) throw new Error("boom");
    actions.add(0, 1);
  }
}
