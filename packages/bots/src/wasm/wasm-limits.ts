// Browser-safe: the limits of C++ players compiled to WebAssembly, and the calibration that ties
// their instruction counts to CPU time (see the README's "Instruction budgets").

/**
 * Jutge's memory limit for a player (64 MB of address space), in MiB: the default cap of a
 * WebAssembly player's memory (its module's maximum). Jutge's other limits (the native `jutge`
 * profile) live with the bots' confinement; this is the one the WebAssembly players take.
 */
export const JUTGE_MEMORY_MIB = 64;

/** The default memory cap of a WebAssembly player, MiB. */
export const WASM_MEMORY_MIB = JUTGE_MEMORY_MIB;

/**
 * Instructions (as arena counts them, see metering.ts) a WebAssembly player executes in one
 * second of CPU time of the same player compiled natively, on the calibration machine: what turns
 * a time limit into an instruction budget. Measured by `bench/calibrate-instructions.mjs` (set
 * again for metering version 2: 30.9 × 10⁹, 28 Nov; 36 × 10⁹ with version 1).
 */
export const INSTRUCTIONS_PER_SECOND = 31_000_000_000;

/** Jutge's CPU time for a player's whole match (3 s), as an instruction budget. */
export const JUTGE_INSTRUCTIONS = 3 * INSTRUCTIONS_PER_SECOND;

/**
 * The default instruction limit of a turn (and of the start): native C++ players' default turn
 * limit, 10 s of CPU time, as instructions. There is always one: a WebAssembly player runs in
 * arena's thread, and this is what stops an endless loop.
 */
export const DEFAULT_TURN_INSTRUCTIONS = 10 * INSTRUCTIONS_PER_SECOND;
