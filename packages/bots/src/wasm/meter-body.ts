// Browser-safe: the metering pass's work on one function body (see metering.ts). The instructions
// left (the fuel) live in a local of the function while it runs: loaded from the fuel global at its
// entry, charged at the same points as before (function entry, loop iteration, large `if` arm),
// written back to the global wherever anything else may read it — before every call (the callee
// and the imports read the global: WASI's clocks), before leaving the function (`return`, a branch
// to the function's own label, its final `end`, a tail call) and before `unreachable` — and loaded
// again after a call. A counter in a local stays in a register; a global is memory. A function
// that counts at its entry only (no loop, no large `if` arm, no bulk instruction: most small
// functions) writes that count to the global at once, and needs nothing around its calls.
import { OP, scanInstructions } from "./instruction-scan";
import { Reader, Writer } from "./wasm-binary";

/**
 * An `if` arm counts apart (its own decrement when it runs) when it has at least this many
 * instructions; a smaller one is counted with the code around it, whether it runs or not
 * (cheaper than a decrement of its own, and as deterministic).
 */
const OWN_ARM = 16;

/** Bytes that `memory.copy` and `memory.fill` move per instruction counted (see metering.ts). */
export const BYTES_PER_INSTRUCTION = 8;

/** The module trapped because its fuel ran out (the trap global's value). */
export const TRAP_FUEL = 1;

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

/**
 * What the pass inserts at a body offset, in this order where several meet: a part's count, the
 * fuel loaded again after a call, the fuel written back before an instruction (`resumes`: one after
 * which the function may go on with its local, before loading it again); `grow`, `copy`,
 * `fill` replace the instruction at `[at, to)` (growth by a call of the pass's own, the bulk
 * instructions counted by their bytes in line).
 */
type Edit =
  | { at: number; kind: "charge"; part: Part }
  | { at: number; kind: "reload" }
  | { at: number; kind: "store"; resumes?: true }
  | { at: number; kind: "grow" | "copy" | "fill"; to: number };

const ORDER: Record<Edit["kind"], number> = {
  charge: 0,
  reload: 1,
  store: 2,
  grow: 3,
  copy: 3,
  fill: 3,
};

/** Whether a branch at `from` (`br`, `br_if`, `br_table`) may leave the function (`depth` open). */
function leavesFunction(op: number, body: Uint8Array, from: number, depth: number): boolean {
  const reader = new Reader(body, from + 1);
  if (op !== OP.brTable) return reader.u32() === depth;
  const count = reader.u32();
  for (let k = 0; k <= count; k++) if (reader.u32() === depth) return true;
  return false;
}

/** Control instructions: code after one of them may be reached from elsewhere, or not at all. */
const FLOW = new Set<number>([
  OP.unreachable,
  OP.block,
  OP.loop,
  OP.if,
  OP.else,
  OP.end,
  OP.br,
  OP.brIf,
  OP.brTable,
  OP.return,
]);

/**
 * The parts of a function body, the edits of its other instructions, and where its control
 * instructions are (body offsets, ascending).
 */
function scanBody(
  body: Uint8Array,
  start: number,
): { parts: Part[]; edits: Edit[]; flow: number[] } {
  const parts: Part[] = [{ cost: 0, parent: -1, at: start, check: true, counted: true }];
  const edits: Edit[] = [];
  const flow: number[] = [];
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
    if (FLOW.has(op)) flow.push(from);
    if (op === OP.block) open.push({ outer: current, own: false });
    else if (op === OP.loop || op === OP.if) {
      open.push({ outer: current, own: true });
      current = begin(op === OP.loop, to, current);
    } else if (op === OP.else) {
      close(current);
      current = begin(false, to, open[open.length - 1]!.outer);
    } else if (op === OP.end) {
      const block = open.pop();
      if (block === undefined) edits.push({ at: from, kind: "store" });
      else if (block.own) {
        close(current);
        current = block.outer;
      }
    } else if (op === OP.call || op === OP.callIndirect) {
      edits.push({ at: from, kind: "store" }, { at: to, kind: "reload" });
    } else if (op === OP.returnCall || op === OP.returnCallIndirect || op === OP.return) {
      edits.push({ at: from, kind: "store" });
    } else if (op === OP.unreachable) edits.push({ at: from, kind: "store" });
    else if (op === OP.br || op === OP.brIf || op === OP.brTable) {
      if (leavesFunction(op, body, from, open.length)) {
        edits.push(
          op === OP.br ? { at: from, kind: "store" } : { at: from, kind: "store", resumes: true },
        );
      }
    } else if (op === OP.memoryGrow) {
      // The growth's trap is read by the host with the fuel: written back first.
      edits.push({ at: from, kind: "store", resumes: true }, { at: from, kind: "grow", to });
    } else if (op === OP.prefixFC) {
      const sub = new Reader(body, from + 1).u32();
      if (sub === 10 || sub === 11)
        edits.push({ at: from, kind: sub === 10 ? "copy" : "fill", to });
    }
  });
  return { parts, edits, flow };
}

/**
 * Whether the fuel loaded at `reload` (after a call) and written back at `store` are both
 * needless: the local is not read between them (no edit between, no control instruction from
 * which other code could read it) and not after the store before it is loaded again (the store
 * does not `resume`). The global keeps the callee's count meanwhile, the local a stale one.
 */
function needless(reload: Edit, store: Edit | undefined, flow: readonly number[]): boolean {
  if (store?.kind !== "store" || store.resumes) return false;
  let low = 0;
  let high = flow.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (flow[middle]! < reload.at) low = middle + 1;
    else high = middle;
  }
  return low === flow.length || flow[low]! >= store.at;
}

/** The indices the pass's code uses: the fuel and trap globals, the growth function. */
export interface BodyIndices {
  fuel: number;
  trap: number;
  grow: number;
}

/** The indices the pass's code in one body uses: `local`, the first local the pass adds. */
interface Indices extends BodyIndices {
  local: number;
}

/** The code that stops the module, the fuel written back, when the fuel local is below zero. */
function stopWhenOut(out: Writer, at: Indices): void {
  out.byte(OP.i64Const).byte(0).byte(OP.i64LtS).byte(OP.if).byte(0x40);
  out.byte(OP.localGet).u32(at.local).byte(OP.globalSet).u32(at.fuel);
  out.byte(OP.i32Const).u32(TRAP_FUEL).byte(OP.globalSet).u32(at.trap);
  out.byte(OP.unreachable).byte(OP.end);
}

/** The code that counts a part (at the function's entry, from the global). */
function charge(out: Writer, part: Part, entry: boolean, at: Indices, only: boolean): void {
  if (entry) out.byte(OP.globalGet).u32(at.fuel);
  else out.byte(OP.localGet).u32(at.local);
  out.byte(OP.i64Const).s64(BigInt(part.cost)).byte(OP.i64Sub);
  if (only) {
    // The function's only count: the global has it at once, and the local is not needed after.
    out.byte(OP.localTee).u32(at.local).byte(OP.globalSet).u32(at.fuel);
    out.byte(OP.localGet).u32(at.local);
    stopWhenOut(out, at);
    return;
  }
  if (!part.check) {
    out.byte(OP.localSet).u32(at.local);
    return;
  }
  out.byte(OP.localTee).u32(at.local);
  stopWhenOut(out, at);
}

/**
 * `memory.copy` or `memory.fill` (its bytes `[from, to)`), its length counted first
 * (`BYTES_PER_INSTRUCTION` a count) and the module stopped when that leaves no fuel: its three
 * operands kept in the pass's three i32 locals meanwhile.
 */
function bulk(out: Writer, instruction: Uint8Array, at: Indices): void {
  const [first, second, length] = [at.local + 1, at.local + 2, at.local + 3];
  out.byte(OP.localSet).u32(length).byte(OP.localSet).u32(second).byte(OP.localSet).u32(first);
  out.byte(OP.localGet).u32(at.local).byte(OP.localGet).u32(length).byte(OP.i64ExtendI32U);
  out
    .byte(OP.i64Const)
    .s64(BigInt(Math.log2(BYTES_PER_INSTRUCTION)))
    .byte(OP.i64ShrU);
  out.byte(OP.i64Sub).byte(OP.localTee).u32(at.local);
  stopWhenOut(out, at);
  out.byte(OP.localGet).u32(first).byte(OP.localGet).u32(second).byte(OP.localGet).u32(length);
  out.bytes(instruction);
}

/**
 * A function body (without its size) of a function with `params` parameters, metered: its locals
 * with the pass's own appended (the fuel, an i64, and three i32 for the bulk instructions'
 * operands), every part counted, the fuel written back and loaded again around calls, memory
 * growth checked.
 */
export function meterBody(body: Uint8Array, params: number, indices: BodyIndices): Uint8Array {
  const reader = new Reader(body);
  const groups = reader.u32();
  const declared = reader.at;
  let locals = params;
  for (let k = 0; k < groups; k++) {
    locals += reader.u32();
    reader.byte();
  }
  const at: Indices = { ...indices, local: locals };
  const { parts, edits, flow } = scanBody(body, reader.at);
  const counted = parts.filter((p) => p.counted);
  // A function counted at its entry only (no loop, no large arm, no bulk instruction) writes its
  // count to the global there, as version 2 did: nothing to write back or load around its calls.
  const only = counted.length === 1 && !edits.some((e) => e.kind === "copy" || e.kind === "fill");
  const all: Edit[] = [
    ...counted.map((part) => ({ at: part.at, kind: "charge" as const, part })),
    ...edits.filter((e) => !only || (e.kind !== "store" && e.kind !== "reload")),
  ].sort((a, b) => a.at - b.at || ORDER[a.kind] - ORDER[b.kind]);
  const out = new Writer().u32(groups + 2).bytes(body.subarray(declared, reader.at));
  out.u32(1).byte(0x7e).u32(3).byte(0x7f);
  let copied = reader.at;
  for (let k = 0; k < all.length; k++) {
    const edit = all[k]!;
    out.bytes(body.subarray(copied, edit.at));
    copied = edit.at;
    // A call after a call with straight code between, a return after a call: the local is
    // neither loaded after the first nor written back before the second.
    if (edit.kind === "reload" && needless(edit, all[k + 1], flow)) {
      k++;
      continue;
    }
    if (edit.kind === "charge") charge(out, edit.part, edit.part === parts[0], at, only);
    else if (edit.kind === "reload")
      out.byte(OP.globalGet).u32(at.fuel).byte(OP.localSet).u32(at.local);
    else if (edit.kind === "store")
      out.byte(OP.localGet).u32(at.local).byte(OP.globalSet).u32(at.fuel);
    else if (edit.kind === "grow") {
      out.byte(OP.call).u32(at.grow);
      copied = edit.to;
    } else {
      bulk(out, body.subarray(edit.at, edit.to), at);
      copied = edit.to;
    }
  }
  out.bytes(body.subarray(copied));
  return out.done();
}
