// A tiny test-only game for core's tests (plain JS so that worker threads can import it).
//
// Each player has 3 units (0, 1, 2); an order {"unit": u, "add": k} (0 ≤ k ≤ 9) adds k to the
// player's score. After the orders of a step, a draw random(0, n−1) of the match's generator
// (the formula of core's Lcg31) gives one bonus point to that player, frozen or not. The match
// lasts `rounds` steps. With `turnBased`, only player (step mod n) moves at each step. An order
// for a unit other than 0..2 is ignored (recorded in `feedback` as `unknown-unit`).

class Lcg {
  constructor(seed) {
    const x = seed < 0 ? -seed : seed;
    this.s = (x >>> 0) & 0x7fffffff;
  }
  next() {
    this.s = (Math.imul(843314861, this.s) + 453816693) & 0x7fffffff;
    return this.s;
  }
  random(l, u) {
    const n = u - l + 1;
    this.next();
    return l + Math.trunc(n * (this.next() / 2147483648));
  }
}

class BadOrder extends Error {
  constructor(message) {
    super(message);
    this.name = "ArenaError";
    this.code = "BAD_ORDER";
  }
}

// The shape of core's OrderFeedback, written out (a fixture imports nothing).
class Feedback {
  constructor() {
    this.recordedLists = [];
    this.shownLists = [];
  }
  begin() {
    this.recordedLists = [];
  }
  reject(player, index, reason, message) {
    (this.recordedLists[player] ??= []).push({ index, reason, message });
  }
  recorded(player) {
    return this.recordedLists[player] ?? [];
  }
  show(player, rejected) {
    this.shownLists[player] = [...rejected];
  }
  shown(player) {
    return this.shownLists[player] ?? [];
  }
}

class CounterMatch {
  constructor(config, numPlayers, state) {
    this.config = config;
    this.numPlayers = numPlayers;
    this.state = state;
    this.rng = new Lcg(0);
    this.rng.s = state.rng;
    this.feedback = new Feedback();
    this.views = Array.from({ length: numPlayers }, (_, p) => ({
      me: () => p,
      round: () => this.state.round,
      score: (q) => this.state.scores[q],
      lastDraw: () => this.state.lastDraw,
      units: () => [0, 1, 2],
      rejected: () => this.feedback.shown(p),
    }));
  }
  round() {
    return this.state.round;
  }
  isOver() {
    return this.state.round >= this.config.rounds;
  }
  toMove() {
    if (this.config.turnBased) return [this.state.round % this.numPlayers];
    return Array.from({ length: this.numPlayers }, (_, p) => p);
  }
  view(player) {
    return this.views[player];
  }
  actions(player, collector) {
    return {
      add: (unit, k) => collector.add(unit, { unit, add: k }),
    };
  }
  orderKey(order) {
    return order.unit;
  }
  step(orders) {
    const s = this.state;
    this.feedback.begin();
    orders.forEach((list, p) => {
      list.forEach((order, k) => {
        if (order.unit >= 0 && order.unit <= 2) s.scores[p] += order.add;
        else this.feedback.reject(p, k, "unknown-unit", `no unit ${order.unit} (units are 0..2)`);
      });
    });
    const draw = this.rng.random(0, this.numPlayers - 1);
    s.scores[draw] += 1;
    s.lastDraw = draw;
    s.rng = this.rng.s;
    s.round++;
  }
  freeze(player) {
    this.state.frozen[player] = true;
  }
  scores() {
    return this.state.scores.slice();
  }
  snapshot() {
    return JSON.parse(JSON.stringify({ config: this.config, numPlayers: this.numPlayers, state: this.state }));
  }
  digest() {
    let h = 0x811c9dc5;
    const mix = (v) => {
      h ^= v & 0xff;
      h = Math.imul(h, 0x01000193);
      h ^= (v >>> 8) & 0xffffff;
      h = Math.imul(h, 0x01000193);
    };
    const s = this.state;
    mix(s.round);
    mix(s.rng);
    mix(s.lastDraw + 1);
    for (const x of s.scores) mix(x);
    for (const f of s.frozen) mix(f ? 1 : 0);
    return h >>> 0;
  }
  viewJson(player) {
    return { me: player, round: this.state.round, scores: this.state.scores.slice(), lastDraw: this.state.lastDraw };
  }
}

export class Null {
  play() {}
}

export class Demo {
  play(view, actions) {
    for (const unit of view.units()) actions.add(unit, 9);
  }
}

export const engine = {
  name: "counter",
  title: "Counter",
  version: "1.0.0",
  module: new URL(import.meta.url).href,
  players: { min: 1, max: 8, default: 2 },
  defaultConfig: () => ({ rounds: 10, turnBased: false }),
  parseConfig(text) {
    return JSON.parse(text);
  },
  create(config, seed, numPlayers) {
    const rng = new Lcg(seed);
    return new CounterMatch(config, numPlayers, {
      round: 0,
      scores: new Array(numPlayers).fill(0),
      frozen: new Array(numPlayers).fill(false),
      lastDraw: -1,
      rng: rng.s,
    });
  },
  restore(snapshot) {
    return new CounterMatch(snapshot.config, snapshot.numPlayers, snapshot.state);
  },
  parseOrder(value) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new BadOrder("an order must be an object");
    if (!Number.isInteger(value.unit)) throw new BadOrder("field 'unit' must be an integer");
    if (!Number.isInteger(value.add) || value.add < 0 || value.add > 9) throw new BadOrder("field 'add' must be an integer 0..9");
    return { unit: value.unit, add: value.add };
  },
  settingsJson(match) {
    return { rounds: match.config.rounds, units: 3 };
  },
  bots: { Null: () => new Null(), Demo: () => new Demo() },
  res(match, names, sink) {
    const lines = [`counter ${names.join(" ")}`, `round 0 ${match.scores().join(" ")}`];
    if (sink) {
      sink(`${lines.join("\n")}\n`);
      return {
        afterStep() {
          sink(`round ${match.round()} ${match.scores().join(" ")}\n`);
        },
        text: () => "",
      };
    }
    return {
      afterStep() {
        lines.push(`round ${match.round()} ${match.scores().join(" ")}`);
      },
      text: () => `${lines.join("\n")}\n`,
    };
  },
};
