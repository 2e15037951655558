import type { CppLimitsProfile, CppMode } from "@arena/bots";
import { ArenaError, type Budget, canonicalJson, type Json } from "@arena/core";

/**
 * What a run's records depend on beyond what its match ids name (game, engine version, config,
 * seed, seats): how C++ players are played and the players' limits. A resumed run must play under
 * the same rules, or its file would mix records of two kinds under the same match ids.
 */
export interface RunRules {
  cpp: CppMode;
  /** The players' limits (`RunOptions.budget`; `{}`: none). */
  budget: Budget;
  limits: CppLimitsProfile;
}

/** The rules of a run from its options (`BAD_OPTION` for a `cpp` other than native or wasm). */
export function runRules(options: {
  cpp?: unknown;
  budget?: Budget;
  limits?: CppLimitsProfile;
}): RunRules {
  const { cpp } = options;
  if (cpp !== undefined && cpp !== "native" && cpp !== "wasm") {
    throw new ArenaError("BAD_OPTION", `cpp is native or wasm, not ${JSON.stringify(cpp)}`);
  }
  return {
    cpp: cpp ?? "native",
    budget: options.budget ?? {},
    limits: options.limits ?? "default",
  };
}

/**
 * The results header's fields of `rules` (its `options`): only those other than the defaults, so
 * that a run with none reads as the files written before they were recorded.
 */
export function rulesFields(rules: RunRules): { [key: string]: Json } {
  return {
    ...(rules.cpp === "wasm" ? { cpp: rules.cpp } : {}),
    ...(Object.keys(rules.budget).length > 0 ? { budget: rules.budget as Json } : {}),
    ...(rules.limits !== "default" ? { limits: rules.limits } : {}),
  };
}

/**
 * Each rule's words in an error: what a value means, and the flags that set it (no apostrophe:
 * the error would take the text up to the next one for a quote, and shorten it).
 */
const RULE_WORDS: Record<
  keyof RunRules,
  { shown: (value: Json | undefined) => string; flags: string }
> = {
  cpp: {
    shown: (value) =>
      value === "wasm"
        ? "C++ players as WebAssembly (--cpp wasm)"
        : value === undefined || value === "native"
          ? "native C++ players (--cpp native)"
          : `cpp ${JSON.stringify(value)}`,
    flags: "--cpp",
  },
  budget: {
    shown: (value) => (value === undefined ? "no budget" : `the budget ${canonicalJson(value)}`),
    flags:
      "--budget, --turn-timeout, --start-timeout, --budget-instructions and --turn-instructions",
  },
  limits: {
    shown: (value) =>
      value === undefined
        ? "the default C++ limits (--limits default)"
        : `--limits ${String(value)}`,
    flags: "--limits",
  },
};

/**
 * Refuses to resume a results file written under other rules (its header's `options`: `cpp`,
 * `budget`, `limits`; absent: the default): one `BAD_RESULTS` naming the first that differs.
 */
export function checkSameRules(
  written: { [key: string]: Json },
  rules: RunRules,
  file: string,
): void {
  const now = rulesFields(rules);
  for (const field of Object.keys(RULE_WORDS) as Array<keyof RunRules>) {
    const before = written[field];
    const after = now[field];
    if (canonicalJson(before ?? null) === canonicalJson(after ?? null)) continue;
    const { shown, flags } = RULE_WORDS[field];
    throw new ArenaError(
      "BAD_RESULTS",
      `written by a run of ${shown(before)}, not of ${shown(after)} as this one (header field 'options.${field}'); resume with the same ${flags}, or give another --out`,
      { file },
    );
  }
}
