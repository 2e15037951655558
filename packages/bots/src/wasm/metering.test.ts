// The metering pass on small hand-written modules (WebAssembly text, assembled by wabt): the count
// is exact by the pass's rule — a function's straight code charged at its entry, a loop's body at
// each iteration — however a function is left, and the fuel each function keeps in a local is
// written back wherever the host or another function reads it. As the attacker: every way out of
// a function that could leave its count behind, a call followed by code that goes on with the
// local, a copy past the fuel, an endless loop.

import { beforeAll, describe, expect, it } from "vitest";
import wabt from "wabt";
import { FUEL_EXPORT, meterModule, TRAP_EXPORT, TRAP_FUEL } from "./metering";
import { type WasmGlobal, type WasmMemory, WebAssemblyApi } from "./webassembly-api";

let assemble: (wat: string) => Uint8Array;
beforeAll(async () => {
  const tools = await wabt();
  assemble = (wat) =>
    new Uint8Array(
      tools.parseWat("test.wat", wat, { tail_call: true, bulk_memory: true }).toBinary({}).buffer,
    );
});

/** The loop of `$spin`: `n` iterations of 6 counted instructions (its `end` included). */
const SPIN_LOOP = `(loop $l
      local.get $n
      i32.const 1
      i32.sub
      local.tee $n
      br_if $l)`;

/**
 * A module with a memory (2 pages), the import `host.now` (reads the fuel when called), `$spin`
 * (its loop, then `exit`), `$empty` and the functions `extra` (exported as they name themselves).
 */
function module(exit: string, extra: string): Uint8Array {
  return assemble(`(module
    (import "host" "now" (func $now))
    (memory (export "memory") 2)
    (func $empty)
    (func $spin (param $n i32)
      ${SPIN_LOOP}
      ${exit})
    ${extra})`);
}

/** An instance of `bytes` metered: `call(name, ...args)` runs an export with `fuel`. */
function metered(bytes: Uint8Array) {
  const seen: bigint[] = [];
  let fuel: WasmGlobal | undefined;
  const instance = new WebAssemblyApi.Instance(new WebAssemblyApi.Module(meterModule(bytes, 4)), {
    host: { now: () => seen.push(fuel!.value as bigint) },
  });
  const exports = instance.exports as Record<string, unknown>;
  fuel = exports[FUEL_EXPORT] as WasmGlobal;
  const trap = exports[TRAP_EXPORT] as WasmGlobal;
  const memory = exports.memory as WasmMemory;
  /** Runs `name(...args)` with `given` fuel: the instructions it counted, and how it stopped. */
  const call = (name: string, args: number[], given = 1_000_000n) => {
    fuel!.value = given;
    trap.value = 0;
    let error: unknown;
    let result: unknown;
    try {
      result = (exports[name] as (...a: number[]) => unknown)(...args);
    } catch (caught) {
      error = caught;
    }
    return { used: given - (fuel!.value as bigint), trap: trap.value as number, error, result };
  };
  return { call, seen, memory };
}

describe("the metering pass (the fuel in a local of each function)", () => {
  // `run` (local.get, call, end: 3) calls `$spin`, whose entry counts `loop`, the exit's
  // instructions and its final `end`; its loop 6 per iteration.
  const run = `(func (export "run") (param $n i32) local.get $n call $spin)`;
  const exits: Array<[string, string, number]> = [
    ["falling off its end", "", 2],
    ["return", "return", 3],
    ["br to the function's label", "br 0", 3],
    ["br_if to the function's label", "i32.const 1 br_if 0", 4],
    ["br_table to the function's label", "i32.const 0 br_table 0 0", 4],
    ["br out of a nested block", "(block br 1)", 5],
    ["a tail call (return_call)", "return_call $empty", 3 + 1],
  ];

  it.each(exits)("a function left by %s counts its instructions, exactly", (_, exit, entry) => {
    const { call } = metered(module(exit, run));
    for (const n of [1, 10, 1000]) {
      const { used, error } = call("run", [n]);
      expect(error).toBeUndefined();
      expect(used, `n = ${n}`).toBe(BigInt(3 + entry + 6 * n));
    }
  });

  it("code that goes on right after a call (a br_if not taken, a memory growth) keeps the callee's count", () => {
    // Right after the first call, each goes on with the fuel local: it must be the callee's, not
    // the one from before the call, or the second call's write-back loses the first call's count.
    const second = "local.get $n call $spin";
    const cases: Array<[string, number]> = [
      // Its instructions (its final end included), the calls to $spin aside.
      [`i32.const 0 local.get $n call $spin br_if 0 ${second}`, 7],
      [`(block i32.const 0 local.get $n call $spin br_table 0 1) ${second}`, 9],
      [`i32.const 0 local.get $n call $spin memory.grow drop ${second}`, 8],
      [`local.get $n call $spin call $empty ${second}`, 6 + 1],
      // Straight code between two calls: the local is not loaded between them, and not needed.
      [`local.get $n call $spin local.get $n i32.const 1 i32.add call $spin`, 7],
      [`local.get $n call $spin (block) ${second}`, 7],
    ];
    for (const [body, cost] of cases) {
      const { call } = metered(module("", `(func (export "twice") (param $n i32) ${body})`));
      const n = body.includes("i32.add") ? 201 : 200;
      expect(call("twice", [100]).used, body).toBe(BigInt(cost + 2 * 2 + 6 * n));
    }
  });

  it("a path that skips a call keeps its count when it joins the path through the call", () => {
    // The block's end joins the path through the first call (fuel in the global, the local
    // stale) and the br_if's, which skips it with its own loop's count still in the local.
    const { call } = metered(
      module(
        "",
        `(func (export "merge") (param $n i32) (param $m i32)
           (block $b ${SPIN_LOOP} i32.const 1 br_if $b local.get $m call $spin)
           local.get $m call $spin)`,
      ),
    );
    // merge: block, loop, i32.const, br_if, local.get, call, end, local.get, call, end (10).
    expect(call("merge", [100, 5]).used).toBe(BigInt(10 + 6 * 100 + 2 + 6 * 5));
  });

  it("an abort (unreachable) has counted every instruction up to it; a crash, up to its last call", () => {
    const { call } = metered(
      module(
        "",
        `(func (export "abort") (param $n i32) ${SPIN_LOOP} unreachable)
         (func (export "crash") (param $n i32) local.get $n call $spin ${SPIN_LOOP}
           i32.const -1 i32.load drop)`,
      ),
    );
    // abort: loop, unreachable, end (3) and its loop.
    const abort = call("abort", [10]);
    expect(abort.error).toBeInstanceOf(WebAssemblyApi.RuntimeError);
    expect(abort.used).toBe(3n + 6n * 10n);
    // crash: 7 instructions, $spin's, then its own loop, not counted: its fuel was in its local
    // when the load trapped (metering version 3; version 2 counted it).
    const crash = call("crash", [10]);
    expect(String(crash.error)).toMatch(/out of bounds/);
    expect(crash).toMatchObject({ used: 7n + 2n + 6n * 10n, trap: 0 });
  });

  it("an import reads the count so far (the player's clock), and sees the callee's work", () => {
    const { call, seen } = metered(
      module("", `(func (export "clock") (param $n i32) local.get $n call $spin call $now)`),
    );
    // clock: local.get, call, call, end (4); $spin 2 + 6n; `now` counts nothing of its own.
    call("clock", [50], 10_000n);
    expect(seen).toEqual([10_000n - BigInt(4 + 2 + 6 * 50)]);
  });

  it("an endless loop stops at the first check past its fuel, the count written back", () => {
    const { call } = metered(
      module("", `(func (export "forever") (loop $l (br $l))) (func (export "idle"))`),
    );
    // forever's entry: loop, end (2); its loop: br, end (2) at each iteration.
    for (const given of [0n, 1n, 2n, 3n, 1000n, 1001n]) {
      const { used, trap, error } = call("forever", [], given);
      expect(error, `fuel ${given}`).toBeInstanceOf(WebAssemblyApi.RuntimeError);
      expect(trap).toBe(TRAP_FUEL);
      // Stopped at the first charge that leaves the fuel below zero.
      let expected = 2n;
      while (expected <= given) expected += 2n;
      expect(used, `fuel ${given}`).toBe(expected);
    }
    // With none at all, a function stops at its entry.
    expect(call("idle", [], 0n)).toMatchObject({ used: 1n, trap: TRAP_FUEL });
  });

  it("memory.copy and memory.fill count their bytes through the local, before moving them", () => {
    const { call, memory } = metered(
      module(
        "",
        `(func (export "copy") (param $n i32) i32.const 0 i32.const 65536 local.get $n memory.copy)
         (func (export "fill") (param $n i32) i32.const 0 i32.const 7 local.get $n memory.fill)
         (func (export "copies") (param $n i32) (local $k i32) (local $x i64)
           (loop $l
             i32.const 0 i32.const 4096 local.get $n memory.copy
             local.get $k i32.const 1 i32.add local.tee $k i32.const 10 i32.lt_u br_if $l))`,
      ),
    );
    const bytes = new Uint8Array(memory.buffer);
    // copy and fill: three operands, the instruction, end (5), and one per 8 bytes.
    expect(call("copy", [8000]).used).toBe(5n + 1000n);
    expect(call("fill", [8000]).used).toBe(5n + 1000n);
    expect(bytes[0]).toBe(7);
    // copies: loop, end (2); its body 4 + 8 instructions and one per 8 bytes, 10 times.
    expect(call("copies", [800]).used).toBe(2n + 10n * (12n + 100n));
    // Not enough fuel for the bytes: stopped before the copy moves any.
    bytes.fill(0, 0, 16);
    bytes.fill(9, 65_536, 65_536 + 16);
    const stopped = call("copy", [60_000], 1000n);
    expect(stopped).toMatchObject({ used: 5n + 7500n, trap: TRAP_FUEL });
    expect(bytes[0]).toBe(0);
  });

  it("a function's parameters and locals of every kind keep their indices; the pass's come after", () => {
    const { call } = metered(
      module(
        "",
        `(func $mixed (param $a i32) (param $b i64) (param $c f64) (result i64)
           (local $x i32) (local $y i32) (local $z f32)
           local.get $a local.set $x
           (loop $l local.get $x i32.const 1 i32.sub local.tee $x br_if $l)
           local.get $b local.get $c i64.trunc_f64_s i64.add)
         (func (export "mixed") (param $n i32) (result i64)
           local.get $n i64.const 40 f64.const 2 call $mixed)`,
      ),
    );
    // mixed: four instructions and end (5); $mixed: 8 and its loop, 6 per iteration.
    expect(call("mixed", [10])).toMatchObject({ used: 5n + 8n + 6n * 10n, result: 42n });
  });
});
