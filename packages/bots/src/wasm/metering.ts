// Browser-safe: the metering pass. Rewrites a WebAssembly module so that it counts the
// instructions it executes (`arena_fuel`, a global, decremented; each function keeps it in a local
// while it runs, meter-body.ts) and stops, trapping, when the count runs out; and so that a failed
// memory growth stops it too. `memory.copy` and `memory.fill` (what `memcpy`, `memmove` and
// `memset` are with bulk memory, see wasm-toolchain.ts) count by the bytes they move.
// Deterministic: the count depends only on the path the code takes, never on the machine.
import { ArenaError } from "@arena/core";
import { OP } from "./instruction-scan";
import { type BodyIndices, BYTES_PER_INSTRUCTION, meterBody, TRAP_FUEL } from "./meter-body";
import {
  appendEntries,
  badModule,
  putSection,
  readSections,
  SECTION,
  type Section,
  vector,
  Writer,
  writeSections,
} from "./wasm-binary";

export { BYTES_PER_INSTRUCTION, TRAP_FUEL };

/**
 * The version of the metering: the same code counts the same instructions within a version. 2:
 * `memory.copy` and `memory.fill` count one instruction per `BYTES_PER_INSTRUCTION` bytes. 3: the
 * fuel in a local of each function that counts more than at its entry (meter-body.ts), written
 * back to the global at calls, returns and `unreachable`: the same counts as 2 at the same points
 * wherever the module stops by itself or by the metering (its fuel, its memory, an exit, an
 * abort); in a turn where it traps on its own (a memory access out of bounds, a division by zero),
 * what such a function counted since its entry or its last call is not in the turn's count.
 */
export const METERING_VERSION = 3;
/** The export of the fuel global (i64): the instructions left; below 0, the module traps. */
export const FUEL_EXPORT = "arena_fuel";
/** The export of the trap-reason global (i32): `TRAP_FUEL`, `TRAP_MEMORY`, or 0. */
export const TRAP_EXPORT = "arena_trap";
/** The module trapped because it could not grow its memory (over its maximum). */
export const TRAP_MEMORY = 2;
/** Bytes of a WebAssembly memory page. */
export const PAGE_BYTES = 65_536;

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

/** The number of parameters of each type of the type section (function types only). */
function parameterCounts(section: Section | undefined): number[] {
  const { count, reader } = vector(section);
  const counts: number[] = [];
  for (let k = 0; k < count; k++) {
    const form = reader.byte();
    if (form !== 0x60) throw badModule(`a type of form 0x${form.toString(16)} (type ${k})`);
    const params = reader.u32();
    reader.skip(params);
    reader.skip(reader.u32());
    counts.push(params);
  }
  return counts;
}

/** The number of parameters of each function the module defines (function section, types). */
function functionParameters(functions: Section | undefined, types: Section | undefined): number[] {
  const params = parameterCounts(types);
  const { count, reader } = vector(functions);
  const counts: number[] = [];
  for (let k = 0; k < count; k++) {
    const type = reader.u32();
    if (params[type] === undefined) throw badModule(`function ${k} has no type ${type}`);
    counts.push(params[type]);
  }
  return counts;
}

/** The code section with every body metered and the metering's function appended. */
function meterCode(
  section: Section | undefined,
  params: readonly number[],
  indices: BodyIndices,
): Uint8Array {
  const { count, reader } = vector(section);
  if (count !== params.length) {
    throw badModule(`it declares ${params.length} functions and has ${count} bodies`);
  }
  const out = new Writer().u32(count + 1);
  for (let k = 0; k < count; k++) {
    const size = reader.u32();
    const body = reader.bytes.subarray(reader.at, reader.at + size);
    reader.skip(size);
    const metered = meterBody(body, params[k]!, indices);
    out.u32(metered.length).bytes(metered);
  }
  out.bytes(growBody(indices.trap));
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
  const params = functionParameters(find(SECTION.function), find(SECTION.type));
  const globals = vector(find(SECTION.global)).count;
  const fuel = imported.globals + globals;
  const indices: BodyIndices = { fuel, trap: fuel + 1, grow: imported.functions + params.length };
  const growSignature = new Uint8Array([0x60, 0x01, 0x7f, 0x01, 0x7f]);
  putSection(sections, SECTION.type, appendEntries(find(SECTION.type), [growSignature]));
  const growType = new Writer().u32(types).done();
  putSection(sections, SECTION.function, appendEntries(find(SECTION.function), [growType]));
  putSection(sections, SECTION.memory, capMemory(find(SECTION.memory), memoryPages));
  const fuelGlobal = new Uint8Array([0x7e, 0x01, OP.i64Const, 0x00, OP.end]);
  const trapGlobal = new Uint8Array([0x7f, 0x01, OP.i32Const, 0x00, OP.end]);
  putSection(
    sections,
    SECTION.global,
    appendEntries(find(SECTION.global), [fuelGlobal, trapGlobal]),
  );
  const exports = [
    globalExport(FUEL_EXPORT, indices.fuel),
    globalExport(TRAP_EXPORT, indices.trap),
  ];
  putSection(sections, SECTION.export, appendEntries(find(SECTION.export), exports));
  putSection(sections, SECTION.code, meterCode(find(SECTION.code), params, indices));
  return writeSections(sections);
}
