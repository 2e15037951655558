// Browser-safe: the metering pass. Rewrites a WebAssembly module so that it counts the
// instructions it executes in a global (`arena_fuel`, decremented) and stops, trapping, when
// the count runs out; and so that a failed memory growth stops it too. `memory.copy` and
// `memory.fill` (what `memcpy`, `memmove` and `memset` are with bulk memory, see wasm-toolchain.ts)
// count by the bytes they move. Deterministic: the count depends only on the path the code takes,
// never on the machine.
import { ArenaError } from "@arena/core";
import { OP, scanInstructions } from "./instruction-scan";
import {
  appendEntries,
  badModule,
  putSection,
  Reader,
  readSections,
  SECTION,
  type Section,
  vector,
  Writer,
  writeSections,
} from "./wasm-binary";

/**
 * The version of the metering: the same code counts the same instructions within a version. 2:
 * `memory.copy` and `memory.fill` count one instruction per `BYTES_PER_INSTRUCTION` bytes.
 */
export const METERING_VERSION = 2;
/** The export of the fuel global (i64): the instructions left; below 0, the module traps. */
export const FUEL_EXPORT = "arena_fuel";
/** The export of the trap-reason global (i32): `TRAP_FUEL`, `TRAP_MEMORY`, or 0. */
export const TRAP_EXPORT = "arena_trap";
/** The module trapped because its fuel ran out. */
export const TRAP_FUEL = 1;
/** The module trapped because it could not grow its memory (over its maximum). */
export const TRAP_MEMORY = 2;
/** Bytes of a WebAssembly memory page. */
export const PAGE_BYTES = 65_536;
/**
 * An `if` arm counts apart (its own decrement when it runs) when it has at least this many
 * instructions; a smaller one is counted with the code around it, whether it runs or not
 * (cheaper than a decrement of its own, and as deterministic).
 */
const OWN_ARM = 16;
/**
 * Bytes that `memory.copy` and `memory.fill` move per instruction counted (on top of the
 * instruction itself): a loop moving 64-bit words, the least a copy costs without them.
 */
export const BYTES_PER_INSTRUCTION = 8;

/**
 * A part of a function counted at once: the function's body, a loop's body (counted at each
 * iteration), a large `if` arm. `cost`: its instructions, nested counted parts aside; `at`: the
 * body offset where its count goes (after the instruction that opens it); `check`: whether the
 * module stops there when the fuel is gone (function entries and loop headers: every endless
 * execution passes one).
 */
interface Part {
  cost: number;
  parent: number;
  at: number;
  check: boolean;
  counted: boolean;
}

/** The instructions the metering replaces by a call of its own: growing, copying, filling memory. */
type Routed = "grow" | "copy" | "fill";

/** An instruction replaced by a call (`routed`), at body offsets `[from, to)`. */
interface Replaced {
  from: number;
  to: number;
  routed: Routed;
}

/** `memory.copy` and `memory.fill`: the 0xFC-prefixed instruction at `from`, or undefined. */
function bulkMemory(body: Uint8Array, from: number): Routed | undefined {
  const sub = new Reader(body, from + 1).u32();
  return sub === 10 ? "copy" : sub === 11 ? "fill" : undefined;
}

/** The parts of a function body and the instructions it routes through the metering's calls. */
function partsOf(body: Uint8Array, start: number): { parts: Part[]; replaced: Replaced[] } {
  const parts: Part[] = [{ cost: 0, parent: -1, at: start, check: true, counted: true }];
  const replaced: Replaced[] = [];
  // Each open block: the part it belongs to, and whether it opened a part of its own.
  const open: Array<{ outer: number; own: boolean }> = [];
  let current = 0;
  const close = (part: number) => {
    const p = parts[part]!;
    if (!p.check && p.cost < OWN_ARM) {
      parts[p.parent]!.cost += p.cost;
      p.counted = false;
    }
  };
  const begin = (check: boolean, at: number, outer: number) => {
    parts.push({ cost: 0, parent: outer, at, check, counted: true });
    return parts.length - 1;
  };
  scanInstructions(new Reader(body, start), (op, from, to) => {
    parts[current]!.cost++;
    if (op === OP.block) open.push({ outer: current, own: false });
    else if (op === OP.loop || op === OP.if) {
      open.push({ outer: current, own: true });
      current = begin(op === OP.loop, to, current);
    } else if (op === OP.else) {
      close(current);
      current = begin(false, to, open[open.length - 1]!.outer);
    } else if (op === OP.end) {
      const block = open.pop();
      if (block?.own) {
        close(current);
        current = block.outer;
      }
    } else if (op === OP.memoryGrow) replaced.push({ from, to, routed: "grow" });
    else if (op === OP.prefixFC) {
      const routed = bulkMemory(body, from);
      if (routed !== undefined) replaced.push({ from, to, routed });
    }
  });
  return { parts, replaced };
}

/** The code that counts `cost` instructions (and stops the module when `check` and none left). */
function charge(out: Writer, cost: number, check: boolean, fuel: number, trap: number): void {
  out.byte(OP.globalGet).u32(fuel).byte(OP.i64Const).s64(BigInt(cost)).byte(OP.i64Sub);
  out.byte(OP.globalSet).u32(fuel);
  if (!check) return;
  out.byte(OP.globalGet).u32(fuel).byte(OP.i64Const).byte(0).byte(OP.i64LtS);
  out.byte(OP.if).byte(0x40).byte(OP.i32Const).u32(TRAP_FUEL).byte(OP.globalSet).u32(trap);
  out.byte(OP.unreachable).byte(OP.end);
}

/** The indices the metering adds: its globals and its functions (memory growth, copy, fill). */
interface Added {
  fuel: number;
  trap: number;
  grow: number;
  copy: number;
  fill: number;
}

/** A function body (without its size) with the counts and the checked memory growth. */
function meterBody(body: Uint8Array, added: Added): Uint8Array {
  const reader = new Reader(body);
  const groups = reader.u32();
  for (let k = 0; k < groups; k++) {
    reader.u32();
    reader.byte();
  }
  const { parts, replaced } = partsOf(body, reader.at);
  const inserts: Array<{ at: number; part?: Part; call?: Replaced }> = [
    ...parts.filter((p) => p.counted).map((part) => ({ at: part.at, part })),
    ...replaced.map((call) => ({ at: call.from, call })),
  ].sort((a, b) => a.at - b.at);
  const out = new Writer();
  let copied = 0;
  for (const insert of inserts) {
    out.bytes(body.subarray(copied, insert.at));
    copied = insert.at;
    if (insert.part !== undefined) {
      charge(out, insert.part.cost, insert.part.check, added.fuel, added.trap);
    } else {
      out.byte(OP.call).u32(added[insert.call!.routed]);
      copied = insert.call!.to;
    }
  }
  out.bytes(body.subarray(copied));
  return out.done();
}

/** `memory.grow`, trapping (`TRAP_MEMORY`) when it fails: `(i32) -> i32`, one local. */
function growBody(trap: number): Uint8Array {
  const code = new Writer()
    .bytes([0x01, 0x01, 0x7f]) // one i32 local
    .bytes([OP.localGet, 0, OP.memoryGrow, 0, OP.localTee, 1, OP.i32Const, 0x7f, OP.i32Eq])
    .bytes([OP.if, 0x40, OP.i32Const, TRAP_MEMORY, OP.globalSet])
    .u32(trap)
    .bytes([OP.unreachable, OP.end, OP.localGet, 1, OP.end])
    .done();
  return new Writer().u32(code.length).bytes(code).done();
}

/**
 * `memory.copy` (`fill` false) or `memory.fill`, counting the bytes first (`BYTES_PER_INSTRUCTION`
 * a count) and trapping (`TRAP_FUEL`) when that leaves no fuel: `(i32, i32, i32) -> ()`.
 */
function bulkBody(fill: boolean, fuel: number, trap: number): Uint8Array {
  const out = new Writer().byte(0); // no locals: the three parameters
  out.byte(OP.globalGet).u32(fuel).bytes([OP.localGet, 2, OP.i64ExtendI32U]);
  out
    .byte(OP.i64Const)
    .s64(BigInt(Math.log2(BYTES_PER_INSTRUCTION)))
    .byte(OP.i64ShrU);
  out.byte(OP.i64Sub).byte(OP.globalSet).u32(fuel);
  out.byte(OP.globalGet).u32(fuel).byte(OP.i64Const).byte(0).byte(OP.i64LtS);
  out.byte(OP.if).byte(0x40).byte(OP.i32Const).u32(TRAP_FUEL).byte(OP.globalSet).u32(trap);
  out.byte(OP.unreachable).byte(OP.end);
  out.bytes([OP.localGet, 0, OP.localGet, 1, OP.localGet, 2, OP.prefixFC]);
  out.bytes(fill ? [11, 0] : [10, 0, 0]).byte(OP.end);
  const code = out.done();
  return new Writer().u32(code.length).bytes(code).done();
}

/** The functions and globals a module imports. */
function importCounts(section: Section | undefined): { functions: number; globals: number } {
  const { count, reader } = vector(section);
  let functions = 0;
  let globals = 0;
  const limits = () => {
    const flags = reader.byte();
    reader.u32();
    if ((flags & 1) !== 0) reader.u32();
  };
  for (let k = 0; k < count; k++) {
    reader.name();
    reader.name();
    const kind = reader.byte();
    if (kind === 0) {
      reader.u32();
      functions++;
    } else if (kind === 1) {
      reader.byte();
      limits();
    } else if (kind === 2) throw badModule("it imports its memory");
    else if (kind === 3) {
      reader.byte();
      reader.byte();
      globals++;
    } else throw badModule(`an import of unknown kind ${kind}`);
  }
  return { functions, globals };
}

/** The code section with every body metered and the metering's functions appended. */
function meterCode(section: Section | undefined, added: Added): Uint8Array {
  const { count, reader } = vector(section);
  const out = new Writer().u32(count + 3);
  for (let k = 0; k < count; k++) {
    const size = reader.u32();
    const body = reader.bytes.subarray(reader.at, reader.at + size);
    reader.skip(size);
    const metered = meterBody(body, added);
    out.u32(metered.length).bytes(metered);
  }
  out.bytes(growBody(added.trap));
  out.bytes(bulkBody(false, added.fuel, added.trap)).bytes(bulkBody(true, added.fuel, added.trap));
  return out.done();
}

/** The memory section with its maximum set to `pages` (its minimum must fit). */
function capMemory(section: Section | undefined, pages: number): Uint8Array {
  const { count, reader } = vector(section);
  if (count !== 1) throw badModule(`it has ${count} memories (one expected)`);
  const flags = reader.byte();
  if ((flags & ~1) !== 0) throw badModule("its memory is shared or 64-bit");
  const minimum = reader.u32();
  if (minimum > pages) {
    throw new ArenaError(
      "WASM_MEMORY",
      `needs ${Math.ceil((minimum * PAGE_BYTES) / 2 ** 20)} MiB of memory to start (its static data and stack), over the cap of ${(pages * PAGE_BYTES) / 2 ** 20} MiB`,
    );
  }
  return new Writer().u32(1).byte(1).u32(minimum).u32(pages).done();
}

/** An exported global (`name`, index). */
const globalExport = (name: string, index: number): Uint8Array =>
  new Writer().name(name).byte(0x03).u32(index).done();

/**
 * Meters a WebAssembly module (see this file's head): the module, instrumented, with its memory's
 * maximum set to `memoryPages` pages. Throws `ArenaError`: `WASM_MODULE` for a module arena cannot
 * read (instructions it does not know: SIMD, threads, exceptions), `WASM_MEMORY` when the module's
 * initial memory is over the cap.
 */
export function meterModule(bytes: Uint8Array, memoryPages: number): Uint8Array {
  const sections = readSections(bytes);
  const find = (id: number) => sections.find((section) => section.id === id);
  const imported = importCounts(find(SECTION.import));
  const types = vector(find(SECTION.type)).count;
  const functions = vector(find(SECTION.function)).count;
  const globals = vector(find(SECTION.global)).count;
  const fuel = imported.globals + globals;
  const grow = imported.functions + functions;
  const added: Added = { fuel, trap: fuel + 1, grow, copy: grow + 1, fill: grow + 2 };
  const growSignature = new Uint8Array([0x60, 0x01, 0x7f, 0x01, 0x7f]);
  const bulkSignature = new Uint8Array([0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x00]);
  putSection(
    sections,
    SECTION.type,
    appendEntries(find(SECTION.type), [growSignature, bulkSignature]),
  );
  const growType = new Writer().u32(types).done();
  const bulkType = new Writer().u32(types + 1).done();
  putSection(
    sections,
    SECTION.function,
    appendEntries(find(SECTION.function), [growType, bulkType, bulkType]),
  );
  putSection(sections, SECTION.memory, capMemory(find(SECTION.memory), memoryPages));
  const fuelGlobal = new Uint8Array([0x7e, 0x01, OP.i64Const, 0x00, OP.end]);
  const trapGlobal = new Uint8Array([0x7f, 0x01, OP.i32Const, 0x00, OP.end]);
  putSection(
    sections,
    SECTION.global,
    appendEntries(find(SECTION.global), [fuelGlobal, trapGlobal]),
  );
  const exports = [globalExport(FUEL_EXPORT, added.fuel), globalExport(TRAP_EXPORT, added.trap)];
  putSection(sections, SECTION.export, appendEntries(find(SECTION.export), exports));
  putSection(sections, SECTION.code, meterCode(find(SECTION.code), added));
  return writeSections(sections);
}
