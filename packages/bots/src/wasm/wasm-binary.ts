// Browser-safe: reading and writing the WebAssembly binary format's pieces that the metering
// pass needs (LEB128 numbers, sections, vectors). No Node module.
import { ArenaError } from "@arena/core";

/** A module's section: its id and content bytes (custom sections included, in file order). */
export interface Section {
  id: number;
  bytes: Uint8Array;
}

/** Section ids of the WebAssembly binary format. */
export const SECTION = {
  custom: 0,
  type: 1,
  import: 2,
  function: 3,
  table: 4,
  memory: 5,
  global: 6,
  export: 7,
  start: 8,
  element: 9,
  code: 10,
  data: 11,
  dataCount: 12,
} as const;

/** The order sections must appear in (custom sections aside). */
const ORDER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 10, 11];

/** An error in a module arena cannot read: `WASM_MODULE`. */
export const badModule = (message: string): ArenaError =>
  new ArenaError("WASM_MODULE", `not a WebAssembly module arena can run: ${message}`);

/** A cursor over bytes, reading the format's numbers. */
export class Reader {
  at: number;
  constructor(
    readonly bytes: Uint8Array,
    at = 0,
    readonly end = bytes.length,
  ) {
    this.at = at;
  }

  byte(): number {
    if (this.at >= this.end) throw badModule(`it ends early (at byte ${this.at})`);
    return this.bytes[this.at++]!;
  }

  /** An unsigned LEB128 number (up to 32 bits). */
  u32(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return result;
      shift += 7;
      if (shift > 35) throw badModule(`a number is too long (at byte ${this.at})`);
    }
  }

  /** Skips a signed LEB128 number (any width). */
  skipLeb(): void {
    for (let n = 0; (this.byte() & 0x80) !== 0; n++) {
      if (n > 10) throw badModule(`a number is too long (at byte ${this.at})`);
    }
  }

  skip(count: number): void {
    if (this.at + count > this.end) throw badModule(`it ends early (at byte ${this.at})`);
    this.at += count;
  }

  /** A length-prefixed name. */
  name(): string {
    const length = this.u32();
    const start = this.at;
    this.skip(length);
    return new TextDecoder().decode(this.bytes.subarray(start, start + length));
  }
}

/** Growing bytes, writing the format's numbers. */
export class Writer {
  private buffer = new Uint8Array(1024);
  length = 0;

  private room(count: number): void {
    if (this.length + count <= this.buffer.length) return;
    const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + count));
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
  }

  byte(value: number): this {
    this.room(1);
    this.buffer[this.length++] = value;
    return this;
  }

  bytes(values: ArrayLike<number>): this {
    this.room(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
    return this;
  }

  /** An unsigned LEB128 number. */
  u32(value: number): this {
    let rest = value;
    do {
      const low = rest % 128;
      rest = Math.floor(rest / 128);
      this.byte(rest > 0 ? low | 0x80 : low);
    } while (rest > 0);
    return this;
  }

  /** A signed LEB128 number (a safe integer). */
  s64(value: bigint): this {
    let rest = value;
    for (;;) {
      const low = Number(rest & 0x7fn);
      rest >>= 7n;
      const done = (rest === 0n && (low & 0x40) === 0) || (rest === -1n && (low & 0x40) !== 0);
      this.byte(done ? low : low | 0x80);
      if (done) return this;
    }
  }

  name(text: string): this {
    const encoded = new TextEncoder().encode(text);
    return this.u32(encoded.length).bytes(encoded);
  }

  done(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

const MAGIC = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** The sections of a module, in order. */
export function readSections(bytes: Uint8Array): Section[] {
  if (bytes.length < 8 || MAGIC.some((b, k) => bytes[k] !== b))
    throw badModule("no WebAssembly header (version 1)");
  const reader = new Reader(bytes, 8);
  const sections: Section[] = [];
  while (reader.at < bytes.length) {
    const id = reader.byte();
    const size = reader.u32();
    const start = reader.at;
    reader.skip(size);
    sections.push({ id, bytes: bytes.subarray(start, start + size) });
  }
  return sections;
}

/** A module from its sections. */
export function writeSections(sections: readonly Section[]): Uint8Array {
  const out = new Writer().bytes(MAGIC);
  for (const { id, bytes } of sections) out.byte(id).u32(bytes.length).bytes(bytes);
  return out.done();
}

/**
 * Replaces the section `id` by `bytes` (or inserts it where the format's order puts it): the
 * sections, changed in place.
 */
export function putSection(sections: Section[], id: number, bytes: Uint8Array): void {
  const index = sections.findIndex((section) => section.id === id);
  if (index >= 0) {
    sections[index] = { id, bytes };
    return;
  }
  const rank = ORDER.indexOf(id);
  let at = sections.length;
  for (let k = 0; k < sections.length; k++) {
    const other = ORDER.indexOf(sections[k]!.id);
    if (other > rank) {
      at = k;
      break;
    }
  }
  sections.splice(at, 0, { id, bytes });
}

/** A vector section's entries: its count and the reader after the count. */
export function vector(section: Section | undefined): { count: number; reader: Reader } {
  if (section === undefined) return { count: 0, reader: new Reader(new Uint8Array(0)) };
  const reader = new Reader(section.bytes);
  return { count: reader.u32(), reader };
}

/** A vector section with `extra` entries appended (each already encoded). */
export function appendEntries(
  section: Section | undefined,
  extra: readonly Uint8Array[],
): Uint8Array {
  const { count, reader } = vector(section);
  const out = new Writer().u32(count + extra.length);
  if (section !== undefined) out.bytes(section.bytes.subarray(reader.at));
  for (const entry of extra) out.bytes(entry);
  return out.done();
}
