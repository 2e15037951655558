// The WebAssembly toolchain, attacked (issue 38: "the compiler is confined too"): an uploaded C++
// player compiled with `--cpp wasm` — by Debian's clang and by @yowasp/clang (LLVM compiled to
// WebAssembly, run by Node), each where installed — tries to read a file outside its source and
// the kit (`#include`, `.incbin`, a device) and to exhaust the machine (a macro bomb, a constant-
// evaluation loop, a flood of messages, a huge object file). Each is one clear `CPP_COMPILE`
// error naming the player's file, and nothing of the file it tried to read is in it. The
// compiles are made unique to the run (nothing cached); the time limits here are hang nets.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ArenaError } from "@arena/core";
import { describe, expect, inject, it } from "vitest";
import { kit, kitDir } from "../__fixtures__/cpp-counter-kit";
import { tempDir } from "../__fixtures__/helpers";
import { buildCppPlayer, type CompileLimits } from "../cpp/compile";
import { mebibytes } from "../limits/process-limits";
import { sandboxSupport } from "../sandbox/sandbox";
import { type WasmCompiler, wasmToolchain, wasmToolchainLimits } from "./wasm-toolchain";

const support = sandboxSupport();
const installed = async (which: WasmCompiler) =>
  wasmToolchain(which).then(
    () => true,
    () => false,
  );
const toolchains: Array<[Exclude<WasmCompiler, "auto">, boolean]> = [
  ["clang", await installed("clang")],
  ["yowasp", await installed("yowasp")],
];
/** A word of this run in every source: nothing is a cache hit. */
const marker = `arena-wasm-attack-${process.pid}-${Date.now()}`;
/** A working player: what an attack rides on, so that only the attack can make it fail. */
const counter = readFileSync(join(kitDir, "AICounter.cc"), "utf8");

/** `n` copies of `text`, built by the preprocessor from 10 at a time (`NAME`1, `NAME`10, …). */
function repeated(name: string, text: string, powerOfTen: number): string {
  const lines = [`#define ${name}1 ${text}`];
  for (let k = 1; k <= powerOfTen; k++) {
    const below = `${name}${10 ** (k - 1)}`;
    lines.push(`#define ${name}${10 ** k} ${Array(10).fill(below).join(" ")}`);
  }
  return `${lines.join("\n")}\n${name}${10 ** powerOfTen}\n`;
}

describe.each(toolchains)(
  "the WebAssembly toolchain (%s) in its box, with its limits",
  (which, available) => {
    const cacheDir = inject("cppCacheDir");
    /** Builds a player made of `source`: the error it fails with. */
    async function compileError(
      name: string,
      source: string,
      compileLimits?: CompileLimits,
    ): Promise<ArenaError> {
      const file = join(tempDir(), `${name}.cc`);
      writeFileSync(file, `// ${marker}\n${source}`);
      const error = await buildCppPlayer(await wasmToolchain(which), kit, file, {
        cacheDir,
        shownAs: `${name}.cc`,
        ...(compileLimits !== undefined ? { compileLimits } : {}),
      }).then(
        (built) => built,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ArenaError);
      return error as ArenaError;
    }
    /** A secret of the user's, outside the source and the kit, valid C++ if it were read. */
    function secretFile(): string {
      const secret = join(tempDir(), "secret.h");
      writeFileSync(secret, `const char* stolen = "the organiser's secret ${marker}";\n`);
      return secret;
    }
    /** The toolchain's own limits with `change`. */
    const limits = (change: object): CompileLimits => ({
      limits: { ...wasmToolchainLimits(which), ...change },
    });
    const skip = !available || !support.available;

    it.skipIf(skip)("#include of a file outside the source and the kit: not found", async () => {
      const secret = secretFile();
      const error = await compileError("AIInclude", `#include "${secret}"\n${counter}`);
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(/^AIInclude\.cc: does not compile/);
      expect(error.message).toContain("not found");
      expect(error.message).not.toContain("organiser's secret");
    });

    it.skipIf(skip)('#include "/etc/passwd": not read, not quoted in the error', async () => {
      const error = await compileError("AIPasswd", `#include "/etc/passwd"\n${counter}`);
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(/^AIPasswd\.cc: does not compile/);
      expect(error.message).not.toMatch(/root:/);
    });

    it.skipIf(skip)(".incbin of a file it may not see: not assembled in", async () => {
      const secret = secretFile();
      const error = await compileError(
        "AIIncbin",
        `__asm__(".section .rodata.stolen,\\"\\",@\\n.incbin \\"${secret}\\"\\n.text\\n");\n${counter}`,
      );
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(/^AIIncbin\.cc: does not compile/);
      expect(error.message).not.toContain("organiser's secret");
    });

    it.skipIf(skip)('#include "/dev/zero": one clear error naming the file', async () => {
      const error = await compileError("AIZero", `#include "/dev/zero"\n${counter}`);
      expect(error.code).toBe("CPP_COMPILE");
      expect(error.message).toMatch(/^AIZero\.cc: does not compile/);
    });

    it.skipIf(skip)(
      "a macro bomb: stopped at the compiler's memory limit, one clear error",
      { timeout: 600_000 },
      async () => {
        const error = await compileError(
          "AIBomb",
          `#define A(x) x x x x x x x x x x
#define B(x) A(A(A(A(x))))
#define C(x) B(B(x))
const char* s[] = { C(C("xxxxxxxxxxxxxxxx")) };
${counter}`,
        );
        expect(error.code).toBe("CPP_COMPILE");
        expect(error.message).toMatch(
          /^AIBomb\.cc: does not compile: the compiler went over its memory limit/,
        );
      },
    );

    it.skipIf(skip)(
      "a constant-evaluation loop: stopped at the compiler's CPU time limit",
      { timeout: 300_000 },
      async () => {
        const spin = `constexpr unsigned spin(unsigned k) {
  unsigned s = 0;
  for (unsigned i = 0; i < 100000; i++) s += i ^ k;
  return s;
}
${repeated("SPIN", 'static_assert(spin(__COUNTER__) != 1u, "");', 4)}`;
        const error = await compileError(
          "AISpin",
          `${spin}${counter}`,
          limits({ cpuMs: 4000, cpuHardMs: 6000 }),
        );
        expect(error.code).toBe("CPP_COMPILE");
        expect(error.message).toBe(
          "AISpin.cc: does not compile: the compiler went over its time limit (4 s of CPU time)",
        );
      },
    );

    it.skipIf(skip)(
      "a flood of messages: stopped at 1 MiB, one clear error",
      { timeout: 300_000 },
      async () => {
        const message = `_Pragma("message \\"${"x".repeat(200)}\\"")`;
        const error = await compileError("AIFlood", `${repeated("SAY", message, 5)}${counter}`);
        expect(error.code).toBe("CPP_COMPILE");
        expect(error.message).toBe(
          "AIFlood.cc: does not compile: the compiler printed more than 1 MiB of messages",
        );
        expect(error.message.length).toBeLessThan(1000);
      },
    );

    it.skipIf(skip)(
      "a huge object file: stopped at the file-size limit",
      { timeout: 300_000 },
      async () => {
        const error = await compileError(
          "AIHuge",
          `char huge[${mebibytes(8)}] = {1};\n${counter}`,
          limits({ fileSizeBytes: mebibytes(4) }),
        );
        expect(error.code).toBe("CPP_COMPILE");
        expect(error.message).toBe(
          "AIHuge.cc: does not compile: the compiler's output went over its size limit (4 MiB a file)",
        );
      },
    );
  },
);
