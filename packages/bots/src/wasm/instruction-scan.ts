// Browser-safe: walks the instructions of a WebAssembly function body (MVP, sign extension,
// saturating truncation, bulk memory, reference types, multi-value, tail calls: what clang emits
// for wasm32-wasi without SIMD, threads or exceptions), telling each one's opcode and extent.
import { badModule, type Reader } from "./wasm-binary";

/** Opcodes the metering pass acts on. */
export const OP = {
  unreachable: 0x00,
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  brTable: 0x0e,
  return: 0x0f,
  call: 0x10,
  callIndirect: 0x11,
  returnCall: 0x12,
  returnCallIndirect: 0x13,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  globalGet: 0x23,
  globalSet: 0x24,
  i32Const: 0x41,
  i64Const: 0x42,
  memoryGrow: 0x40,
  i32Eq: 0x46,
  i64LtS: 0x53,
  i64Sub: 0x7d,
  i64ShrU: 0x88,
  i64ExtendI32U: 0xad,
  prefixFC: 0xfc,
} as const;

/** Value types that a block type may be, as one byte. */
const ONE_BYTE_TYPES = new Set([0x40, 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f]);

function blockType(reader: Reader): void {
  const byte = reader.bytes[reader.at]!;
  if (ONE_BYTE_TYPES.has(byte)) reader.skip(1);
  else reader.skipLeb(); // a type index (s33)
}

/** A memory access's immediate: alignment (with a memory index when bit 6 is set), offset. */
function memarg(reader: Reader): void {
  const align = reader.u32();
  if ((align & 0x40) !== 0) reader.u32();
  reader.u32();
}

/** The immediates of a 0xFC-prefixed instruction. */
function prefixedFC(reader: Reader, at: number): void {
  const sub = reader.u32();
  if (sub <= 7) return; // saturating truncations
  switch (sub) {
    case 8: // memory.init
      reader.u32();
      reader.u32();
      return;
    case 9: // data.drop
    case 13: // elem.drop
    case 15: // table.grow
    case 16: // table.size
    case 17: // table.fill
      reader.u32();
      return;
    case 10: // memory.copy
    case 12: // table.init
    case 14: // table.copy
      reader.u32();
      reader.u32();
      return;
    case 11: // memory.fill
      reader.u32();
      return;
    default:
      throw badModule(`unknown instruction 0xfc ${sub} at byte ${at}`);
  }
}

/** Skips the immediates of the instruction `op` (read at `at`); throws on an unknown one. */
function immediates(op: number, reader: Reader, at: number): void {
  if (op >= 0x45 && op <= 0xc4) return; // numeric instructions, sign extension
  if (op >= 0x28 && op <= 0x3e) {
    memarg(reader); // loads and stores
    return;
  }
  switch (op) {
    case 0x00: // unreachable
    case 0x01: // nop
    case 0x05: // else
    case 0x0b: // end
    case 0x0f: // return
    case 0x1a: // drop
    case 0x1b: // select
    case 0xd1: // ref.is_null
      return;
    case 0x02: // block
    case 0x03: // loop
    case 0x04: // if
      blockType(reader);
      return;
    case 0x0c: // br
    case 0x0d: // br_if
    case 0x10: // call
    case 0x12: // return_call
    case 0x20: // local.get
    case 0x21: // local.set
    case 0x22: // local.tee
    case 0x23: // global.get
    case 0x24: // global.set
    case 0x25: // table.get
    case 0x26: // table.set
    case 0x3f: // memory.size
    case 0x40: // memory.grow
    case 0xd2: // ref.func
      reader.u32();
      return;
    case 0x0e: {
      // br_table: the targets, then the default
      const count = reader.u32();
      for (let k = 0; k <= count; k++) reader.u32();
      return;
    }
    case 0x11: // call_indirect
    case 0x13: // return_call_indirect
      reader.u32();
      reader.u32();
      return;
    case 0x1c: {
      // select with types
      const count = reader.u32();
      reader.skip(count);
      return;
    }
    case 0x41: // i32.const
    case 0x42: // i64.const
      reader.skipLeb();
      return;
    case 0x43: // f32.const
      reader.skip(4);
      return;
    case 0x44: // f64.const
      reader.skip(8);
      return;
    case 0xd0: // ref.null
      blockType(reader);
      return;
    case 0xfc:
      prefixedFC(reader, at);
      return;
    default: {
      const what =
        op === 0xfd
          ? "a SIMD instruction"
          : op === 0xfe
            ? "an atomic (threads) instruction"
            : op >= 0x06 && op <= 0x19
              ? "an exception-handling instruction"
              : `unknown instruction 0x${op.toString(16)}`;
      throw badModule(`${what} at byte ${at}`);
    }
  }
}

/**
 * Calls `visit(op, start, end)` for every instruction of the expression at the reader (a function
 * body after its locals), up to and including its final `end`; the reader is left after it.
 */
export function scanInstructions(
  reader: Reader,
  visit: (op: number, start: number, end: number) => void,
): void {
  let depth = 1;
  while (depth > 0) {
    const start = reader.at;
    const op = reader.byte();
    immediates(op, reader, start);
    if (op === OP.block || op === OP.loop || op === OP.if) depth++;
    else if (op === OP.end) depth--;
    visit(op, start, reader.at);
  }
}
