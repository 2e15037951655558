import { parseArgs as parseTokens } from "node:util";
import { ArenaError } from "@arena/core";
import leven from "leven";

/**
 * One command-line flag a command accepts. Commands declare their flags as a list of these; the
 * parser, `--help` and the "did you mean" suggestions are all generated from the list.
 */
export interface FlagSpec {
  /** The long name without dashes, e.g. `seed` for `--seed`. */
  readonly name: string;
  /** `boolean` takes no value; `string` and `integer` take one (`--seed 7` or `--seed=7`). */
  readonly type: "boolean" | "string" | "integer";
  /** Placeholder of the value in help, e.g. `N` or `FILE` (valued flags only). */
  readonly value?: string;
  /** One line of help. */
  readonly help: string;
  /** A one-letter alias, e.g. `h` for `-h`. */
  readonly short?: string;
  /** A valued flag that may be given more than once (`listFlag` gives every value). */
  readonly repeatable?: boolean;
}

/**
 * Parsed command line: positionals in order, flags by name (a flag given twice is an error, but
 * for a repeatable one: `flags` has its last value, `lists` all of them in order).
 */
export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: Map<string, string | true>;
  readonly lists?: Map<string, string[]>;
}

/** The flags every command takes. */
export const globalFlags: readonly FlagSpec[] = [
  { name: "help", short: "h", type: "boolean", help: "show this help" },
  { name: "debug", type: "boolean", help: "show stack traces of errors" },
];

/** The closest of `candidates` to `word` when it is a plausible typo, else undefined. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const typed = word.toLowerCase();
  const letters = (text: string) => [...text].sort().join("");
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = leven(typed, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined || typed.length === 0) return undefined;
  // A typo changes about one letter in three, swaps two letters, or stops early ("--conf").
  const near =
    bestDistance <= Math.max(1, Math.floor(typed.length / 3)) ||
    letters(typed) === letters(best.toLowerCase()) ||
    best.toLowerCase().startsWith(typed);
  return near ? best : undefined;
}

/**
 * Parses `argv` (everything after the command name) against `flags` (plus the global ones) with
 * `node:util`'s `parseArgs` in tokens mode, then checks what it is lenient about: an unknown flag
 * (with a "did you mean" suggestion), a flag given twice, a valued flag without its value or a
 * boolean given one. A lone `--` ends flag parsing (for bot command lines that start with a dash).
 * Throws `ArenaError` `BAD_FLAG` naming the flag and the command.
 */
export function parseCommandLine(
  argv: readonly string[],
  flags: readonly FlagSpec[],
  command: string,
): ParsedArgs {
  const specs = new Map<string, FlagSpec>();
  for (const spec of [...globalFlags, ...flags]) specs.set(spec.name, spec);
  const options: Record<string, { type: "boolean" | "string"; short?: string }> = {};
  for (const spec of specs.values()) {
    options[spec.name] = {
      type: spec.type === "boolean" ? "boolean" : "string",
      ...(spec.short !== undefined ? { short: spec.short } : {}),
    };
  }
  const { tokens } = parseTokens({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const positionals: string[] = [];
  const values = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const see = `(see 'arena ${command} --help')`;
  for (const token of tokens) {
    if (token.kind === "positional") {
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== "option") continue;
    const spec = specs.get(token.name);
    if (spec === undefined || (token.rawName.length === 2 && spec.short === undefined)) {
      const near = closest(token.name, specs.keys());
      const hint = near !== undefined ? `; did you mean --${near}?` : "";
      throw new ArenaError(
        "BAD_FLAG",
        `unknown option ${token.rawName} for 'arena ${command}'${hint} ${see}`,
      );
    }
    if (values.has(spec.name) && !spec.repeatable) {
      throw new ArenaError("BAD_FLAG", `option --${spec.name} is given twice`);
    }
    if (spec.type === "boolean") {
      if (token.value !== undefined) {
        throw new ArenaError("BAD_FLAG", `option --${spec.name} takes no value`);
      }
      values.set(spec.name, true);
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith("--") && value.length > 2)) {
      const placeholder = spec.value ?? "VALUE";
      throw new ArenaError(
        "BAD_FLAG",
        `option --${spec.name} needs a value (--${spec.name} ${placeholder})`,
      );
    }
    if (spec.type === "integer") integerValue(spec.name, value);
    values.set(spec.name, value);
    if (spec.repeatable) lists.set(spec.name, [...(lists.get(spec.name) ?? []), value]);
  }
  return { positionals, flags: values, lists };
}

/**
 * Splits `argv` into positionals and flags leniently, knowing only which flags are `booleans`
 * (every other flag takes a value). Kept for callers that check flags themselves with
 * `checkFlags`; commands declare a `FlagSpec` list and use `parseCommandLine` instead.
 */
export function parseArgs(argv: readonly string[], booleans: ReadonlySet<string>): ParsedArgs {
  const flags: FlagSpec[] = [];
  for (const arg of argv) {
    if (arg === "--") break;
    if (!arg.startsWith("--")) continue;
    const name = arg.slice(2).split("=")[0]!;
    if (name === "" || flags.some((flag) => flag.name === name)) continue;
    flags.push({ name, type: booleans.has(name) ? "boolean" : "string", help: "" });
  }
  return parseCommandLine(argv, flags, "");
}

/** Throws `BAD_FLAG` for any flag not in `allowed`, naming the command and the nearest flag. */
export function checkFlags(args: ParsedArgs, allowed: ReadonlySet<string>, command: string): void {
  for (const name of args.flags.keys()) {
    if (!allowed.has(name)) {
      const near = closest(name, allowed);
      throw new ArenaError(
        "BAD_FLAG",
        `unknown option --${name} for 'arena ${command}'${near !== undefined ? `; did you mean --${near}?` : ""} (see 'arena ${command} --help')`,
      );
    }
  }
}

/** Every value of the repeatable flag `name`, in order (empty when it is not given). */
export function listFlag(args: ParsedArgs, name: string): string[] {
  return args.lists?.get(name) ?? [];
}

/** The string value of `name`, or undefined. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === "string" ? value : undefined;
}

function integerValue(name: string, value: string): number {
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new ArenaError("BAD_FLAG", `option --${name} needs an integer, got '${value}'`);
  }
  return Number(value);
}

/** The integer value of `name`, or `fallback`; throws `BAD_FLAG` for a non-integer. */
export function integerFlag(args: ParsedArgs, name: string, fallback: number): number;
export function integerFlag(args: ParsedArgs, name: string): number | undefined;
export function integerFlag(args: ParsedArgs, name: string, fallback?: number): number | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return fallback;
  return integerValue(name, value);
}

/** The help text of a list of flags: one aligned line each. */
export function flagsHelp(flags: readonly FlagSpec[]): string {
  const left = flags.map((flag) => {
    const short = flag.short !== undefined ? `-${flag.short}, ` : "";
    const value = flag.type === "boolean" ? "" : ` ${flag.value ?? "VALUE"}`;
    return `  ${short}--${flag.name}${value}`;
  });
  const width = Math.max(22, ...left.map((text) => text.length + 2));
  return flags.map((flag, i) => `${left[i]!.padEnd(width)}${flag.help}`).join("\n");
}
