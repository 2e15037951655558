// The order collector of a bot's own thread or process (the bot host's and the isolated worker's
// scripts, which run outside arena's modules): JavaScript source, interpolated into each script.

/** The `Collector` class as source: the orders of a turn, up to the limit, and its notes. */
export const COLLECTOR_SOURCE = `
class Collector {
  constructor(limit) {
    this.limit = limit;
    this.orders = [];
    this.offered = 0;
    this.keys = new Set();
    this.orderKeys = [];
  }
  // Every order goes back (duplicates too: the runner rejects them by index), up to the limit.
  add(key, order) {
    this.offered++;
    if (this.orders.length <= this.limit) {
      this.orders.push(order);
      this.orderKeys.push(key);
    }
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }
  annotate(note) {
    (this.notes ??= []).push(note);
  }
  get overflow() {
    return this.offered > this.limit;
  }
}
`;
