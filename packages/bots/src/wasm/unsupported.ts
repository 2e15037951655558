// What a C++ player may use natively but not compiled to WebAssembly (wasm32-wasi: no exceptions,
// no threads, no processes or signals, headers the WASI C library lacks), told in one line naming
// it, from clang's and wasm-ld's messages.
import { ArenaError } from "@arena/core";

/** The advice every such error ends with. */
const ADVICE = "play it natively (--cpp native)";

/** A feature clang or wasm-ld complained about: what the player uses, in words. */
interface Found {
  what: string;
  line?: number;
}

/** The patterns of the messages, each with what it means (from the message's captures). */
const PATTERNS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [
    /:(\d+):\d+: error: cannot use '(throw|try)' with exceptions disabled/,
    (m) => `uses C++ exceptions ('${m[2]}'), which players compiled to WebAssembly do not have`,
  ],
  [
    /:(\d+):\d+: error: no (?:type|member) named '(thread|jthread|mutex|recursive_mutex|shared_mutex|future|async|promise|condition_variable|atomic_thread_fence)' in namespace 'std'/,
    (m) => `uses std::${m[2]} (threads), which players compiled to WebAssembly do not have`,
  ],
  [
    /:(\d+):\d+: error: use of undeclared identifier '(fork|vfork|exec[lv]p?e?|wait|waitpid|kill|popen|pclose|pipe|dup2?|alarm|setitimer|sigaction|backtrace|backtrace_symbols_fd|mmap|munmap|socket)'/,
    (m) =>
      `uses ${m[2]}(), which WebAssembly's C library (WASI) does not have (no processes, signals or sockets)`,
  ],
  // A library's header; not a path (`"/etc/passwd"`, `"../x.h"`: a file the compiler's box hides).
  [
    /:(\d+):\d+: (?:fatal )?error: '([^'/.][^']*)' file not found/,
    (m) => `includes <${m[2]}>, which WebAssembly's C and C++ libraries (WASI) do not have`,
  ],
  [
    /:(\d+):\d+: error: "?WASI lacks ([^;."]+)/,
    (m) => `uses ${m[2]!.trim()}, which WebAssembly's C library (WASI) does not have`,
  ],
  [
    /wasm-ld: error: [^:]*: undefined symbol: (.+)/,
    (m) => `uses ${m[1]!.trim()}, which WebAssembly's C library (WASI) does not have`,
  ],
];

/** The first known complaint in `stderr`, with its line in the player's file when it has one. */
function firstFound(stderr: string, sourceName: string): Found | undefined {
  for (const line of stderr.split("\n")) {
    // Only what is said of the player's own file (the kit compiles) or by the linker.
    if (!line.includes(sourceName) && !line.includes("wasm-ld")) continue;
    for (const [pattern, what] of PATTERNS) {
      const match = pattern.exec(line);
      if (match === null) continue;
      const number = /^\d+$/.test(match[1] ?? "") ? Number(match[1]) : undefined;
      return { what: what(match), ...(number !== undefined ? { line: number } : {}) };
    }
  }
  return undefined;
}

/**
 * The error of a compile or link that failed on a feature WebAssembly players lack:
 * `ArenaError("CPP_WASM")`, one line naming it and where (`AIMine.cc:12: uses C++ exceptions
 * ('throw'), …: play it natively (--cpp native)`); undefined for any other failure.
 */
export function explainWasmError(
  stderr: string,
  _messages: string,
  shownAs: string,
): ArenaError | undefined {
  const name = shownAs.split("/").pop() ?? shownAs;
  const found = firstFound(stderr, name);
  if (found === undefined) return undefined;
  return new ArenaError("CPP_WASM", `${found.what}: ${ADVICE}`, {
    file: shownAs,
    ...(found.line !== undefined ? { line: found.line } : {}),
  });
}
