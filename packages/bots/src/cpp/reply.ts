// Browser-safe: a C++ player's reply to a turn (`orders <kept> <offered> <cpu µs>[ <extra>]` and
// the kept order lines, see arena-io.hh), read in place from its bytes, and its orders handed to
// the runner: the same for a player's process (pipes) and a WebAssembly player (its memory, in
// Node or in a browser).
import { BotFault, type CppKit, type PlayContext, validatedOrder } from "@arena/core";

/** Distinct order lines remembered per player (the memo starts again when full). */
const ORDER_CACHE = 4096;
/** Most order lines a reply may announce (the adapter keeps one per unit). */
const MAX_ORDERS = 100_000;

/** A turn's answer: every command given, the extra header words, the kept order lines. */
export interface Reply {
  offered: number;
  extra: string | undefined;
  lines: string[];
  /** The seat's CPU time so far (µs). */
  cpu: number;
}

/** The start of a reply's header. */
const ORDERS = new TextEncoder().encode("orders ");
const SPACE = 32;
const CR = 13;

/** The value of the digits `digits` read last. */
let digitsValue = 0;

/** Reads the decimal digits at `at` of `bytes` (before `end`): the offset after them. */
function digits(bytes: Uint8Array, at: number, end: number): number {
  let value = 0;
  let k = at;
  for (; k < end; k++) {
    const c = bytes[k]!;
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
  }
  digitsValue = value;
  return k;
}

const decoder = new TextDecoder();

/** The text of `bytes[from, to)`: ASCII directly (order lines are), else as UTF-8. */
function text(bytes: Uint8Array, from: number, to: number): string {
  let ascii = "";
  for (let k = from; k < to; k++) {
    const c = bytes[k]!;
    if (c >= 0x80) return decoder.decode(bytes.subarray(from, to));
    ascii += String.fromCharCode(c);
  }
  return ascii;
}

/** Whether `bytes` holds `ORDERS` at `at`. */
function startsWithOrders(bytes: Uint8Array, at: number): boolean {
  for (let k = 0; k < ORDERS.length; k++) if (bytes[at + k] !== ORDERS[k]) return false;
  return true;
}

/**
 * The complete reply at `from` in `input` (bytes `[0, filled)` read so far) and the offset after
 * it, or undefined when it is not all there yet. Throws `BotFault` for a header that is not one.
 */
export function parseReply(
  input: Uint8Array,
  from: number,
  filled: number,
): { reply: Reply; end: number } | undefined {
  const end = input.indexOf(10, from);
  if (end < 0 || end >= filled) return undefined;
  // `orders <kept> <offered> <cpu µs>[ <extra>]`, read in place (no regular expression, no
  // string but the extra words).
  let at = from + ORDERS.length;
  let good = end - from > ORDERS.length && startsWithOrders(input, from);
  const numbers = [0, 0, 0];
  for (let k = 0; good && k < 3; k++) {
    const start = k === 0 ? at : at + 1;
    if (k > 0 && input[at] !== SPACE) good = false;
    else {
      at = digits(input, start, end);
      numbers[k] = digitsValue;
      good = at > start;
    }
  }
  let extra: string | undefined;
  if (good && at < end) {
    const cr = input.indexOf(CR, at);
    good = input[at] === SPACE && (cr < 0 || cr >= end);
    if (good) extra = text(input, at + 1, end);
  }
  if (!good) {
    const headerText = text(input, from, end);
    throw new BotFault(
      `wrote '${headerText.slice(0, 80)}' where its orders were expected (a player must not write to stdout through other means than cout)`,
    );
  }
  const count = numbers[0]!;
  if (count > MAX_ORDERS) throw new BotFault(`announced ${count} orders`);
  const lines: string[] = new Array(count);
  at = end + 1;
  for (let k = 0; k < count; k++) {
    const next = input.indexOf(10, at);
    if (next < 0 || next >= filled) return undefined;
    lines[k] = text(input, at, next);
    at = next + 1;
  }
  return {
    reply: { offered: numbers[1]!, extra, lines, cpu: numbers[2]! },
    end: at,
  };
}

/** A seat's replies turned into orders: the kit reads each distinct order line once. */
export class ReplyOrders {
  /** Order lines already read (`CppKit.order`), by line. */
  private readonly orders = new Map<string, unknown>();

  constructor(
    private readonly kit: CppKit,
    /** The game's `Engine.parseOrder`. */
    private readonly parseOrder: (value: unknown) => unknown,
  ) {}

  /** Hands the reply to the kit (its extra words) and the orders to the collector. */
  apply(ctx: PlayContext, { offered, extra, lines }: Reply): void {
    const { match, collector } = ctx;
    if (extra !== undefined && this.kit.reply !== undefined) {
      try {
        this.kit.reply(match, ctx.player, extra);
      } catch (error) {
        throw new BotFault(`bad reply '${extra}': ${(error as Error).message}`);
      }
    }
    // Each distinct order line is read and validated (`Engine.parseOrder`) once, and the frozen
    // order is handed out again when the line comes back (players repeat the same orders round
    // after round: a cheap win on the per-turn cost). One that `parseOrder` rejects is handed
    // to the runner as read, which rejects it as malformed, with the same message every time.
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k]!;
      let order = this.orders.get(line);
      if (order === undefined) {
        try {
          order = this.kit.order(line);
        } catch (error) {
          throw new BotFault(`bad order '${line}': ${(error as Error).message}`);
        }
        order = validatedOrder(this.parseOrder, order) ?? order;
        if (this.orders.size >= ORDER_CACHE) this.orders.clear();
        this.orders.set(line, order);
      }
      collector.add(match.orderKey(order), order);
    }
    // Duplicates were dropped by the adapter (first wins); the limit counts every command given.
    collector.offered += Math.max(0, offered - lines.length);
  }
}
