// The WebAssembly toolchains are found where they are installed: @yowasp/clang (this package's
// devDependency, an optional peer for its users) even with no Debian clang on the machine.
import { describe, expect, it } from "vitest";
import { wasmToolchain, wasmToolchainAvailable } from "./wasm-toolchain";

describe("@yowasp/clang", () => {
  it("is found when installed, though its exports do not export its package.json", async () => {
    const toolchain = await wasmToolchain("yowasp");
    expect(toolchain.shown).toMatch(/^@yowasp\/clang --target=wasm32-wasip1 /);
    expect(toolchain.identity).toMatch(/^@yowasp\/clang \d+\./);
  });

  it("makes a WebAssembly toolchain available on a machine without clang", () => {
    const saved = process.env.ARENA_WASM_CXX;
    process.env.ARENA_WASM_CXX = "/nonexistent/clang++";
    try {
      expect(wasmToolchainAvailable()).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.ARENA_WASM_CXX;
      else process.env.ARENA_WASM_CXX = saved;
    }
  });
});
