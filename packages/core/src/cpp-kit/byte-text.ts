/**
 * An ASCII text written straight into bytes, for the C++ kits' turn frames (the `.res` state block
 * every round): no intermediate strings, no UTF-8 encoding pass. Only ASCII may be written.
 */
export class ByteText {
  private buffer: Uint8Array;
  private at = 0;

  constructor(capacity = 4096) {
    this.buffer = new Uint8Array(capacity);
  }

  /** Room for `count` more bytes. */
  private room(count: number): void {
    if (this.at + count <= this.buffer.length) return;
    const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.at + count));
    bigger.set(this.buffer.subarray(0, this.at));
    this.buffer = bigger;
  }

  /** Starts again from empty (the buffer is kept). */
  clear(): this {
    this.at = 0;
    return this;
  }

  /** One byte (a character code). */
  byte(code: number): this {
    this.room(1);
    this.buffer[this.at++] = code;
    return this;
  }

  /** An ASCII string. */
  text(ascii: string): this {
    const length = ascii.length;
    this.room(length);
    const buffer = this.buffer;
    let at = this.at;
    for (let k = 0; k < length; k++) buffer[at++] = ascii.charCodeAt(k);
    this.at = at;
    return this;
  }

  /** A number as `String(value)` writes it (integers without a string in between). */
  number(value: number): this {
    // Integers of up to 9 digits by hand (the common case: coordinates, ids, amounts).
    if (!(value === (value | 0)) || value > 999_999_999 || value < -999_999_999)
      return this.text(String(value));
    this.room(11);
    const buffer = this.buffer;
    let at = this.at;
    let rest = value;
    if (rest < 0) {
      buffer[at++] = 45; // "-"
      rest = -rest;
    }
    if (rest < 10) buffer[at++] = 48 + rest;
    else {
      let digits = 2;
      for (let limit = 100; rest >= limit; limit *= 10) digits++;
      at += digits;
      for (let k = 1; k <= digits; k++) {
        const next = (rest / 10) | 0;
        buffer[at - k] = 48 + rest - next * 10;
        rest = next;
      }
    }
    this.at = at;
    return this;
  }

  /** `values` as `values.join(separator)` writes them (`separator`: a character code). */
  join(values: ArrayLike<number>, separator: number): this {
    for (let k = 0; k < values.length; k++) {
      if (k > 0) this.byte(separator);
      this.number(values[k]!);
    }
    return this;
  }

  /** A board cell given as `row * cols + column`: its row, `separator`, its column. */
  cell(index: number, cols: number, separator: number): this {
    return this.number(Math.floor(index / cols))
      .byte(separator)
      .number(index % cols);
  }

  /**
   * `count` bytes to fill in place (e.g. a board's rows), from the returned offset of `bytes()`'s
   * buffer: `view()` gives the buffer to write them in.
   */
  reserve(count: number): number {
    this.room(count);
    const at = this.at;
    this.at += count;
    return at;
  }

  /** The number of bytes written so far. */
  get length(): number {
    return this.at;
  }

  /** The buffer being written (valid until the next write). */
  view(): Uint8Array {
    return this.buffer;
  }

  /** A copy of the bytes written so far. */
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.at);
  }
}
