// How C++ players are compiled and played (`--cpp native|wasm`) and the instructions WebAssembly
// players may execute: the same flags, read by the same code, for play, tournament, test and
// contest (not worker: a queued job says its run's mode).
import type { CppMode } from "@arena/bots";
import { ArenaError } from "@arena/core";
import { type FlagSpec, type ParsedArgs, stringFlag } from "./args";

/** `--cpp`, `--budget-instructions` and `--turn-instructions` (the last two: `budgetFrom`). */
export const CPP_MODE_FLAGS: readonly FlagSpec[] = [
  {
    name: "cpp",
    type: "string",
    value: "native|wasm",
    help: "C++ players: compiled with g++ and played as a process over pipes (native, the default), or compiled to WebAssembly (clang for wasm32-wasi, or the npm package @yowasp/clang) and played inside arena, deterministic, with instruction budgets (wasm)",
  },
  {
    name: "budget-instructions",
    type: "integer",
    value: "N",
    help: "total instructions per player per match, for C++ players compiled to WebAssembly (frozen when exceeded, at the same round on every machine)",
  },
  {
    name: "turn-instructions",
    type: "integer",
    value: "N",
    help: "instructions per turn, for C++ players compiled to WebAssembly (default: the calibrated equivalent of 10 s)",
  },
];

/** `--cpp` (undefined: not given, native); `BAD_FLAG` for anything but native or wasm. */
export function cppModeFrom(args: ParsedArgs): CppMode | undefined {
  const cpp = stringFlag(args, "cpp");
  if (cpp !== undefined && cpp !== "native" && cpp !== "wasm") {
    throw new ArenaError("BAD_FLAG", "--cpp is native or wasm");
  }
  return cpp;
}
