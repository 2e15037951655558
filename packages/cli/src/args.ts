import { ArenaError } from "@arena/core";

/** Parsed command line: positionals in order, flags by name (a flag given twice is an error). */
export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: Map<string, string | true>;
}

/**
 * Splits `argv` into positionals and `--flag value` / `--flag=value` / boolean `--flag`.
 * `booleans` names the flags that take no value; every other flag needs one.
 * A lone `--` ends flag parsing (for bot command lines that start with a dash).
 */
export function parseArgs(argv: readonly string[], booleans: ReadonlySet<string>): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--") || arg === "-") {
      if (arg.startsWith("-") && arg !== "-" && arg !== "-h") {
        throw new ArenaError("BAD_FLAG", `unknown option '${arg}' (options are spelt --name)`);
      }
      positionals.push(arg === "-h" ? "--help" : arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (flags.has(name)) throw new ArenaError("BAD_FLAG", `option --${name} is given twice`);
    if (booleans.has(name)) {
      if (eq >= 0) throw new ArenaError("BAD_FLAG", `option --${name} takes no value`);
      flags.set(name, true);
    } else if (eq >= 0) {
      flags.set(name, arg.slice(eq + 1));
    } else {
      const value = argv[i + 1];
      if (value === undefined || (value.startsWith("--") && value.length > 2)) {
        throw new ArenaError("BAD_FLAG", `option --${name} needs a value`);
      }
      flags.set(name, value);
      i++;
    }
  }
  return { positionals, flags };
}

/** Throws `BAD_FLAG` for any flag not in `allowed`, naming the command. */
export function checkFlags(args: ParsedArgs, allowed: ReadonlySet<string>, command: string): void {
  for (const name of args.flags.keys()) {
    if (!allowed.has(name)) {
      throw new ArenaError(
        "BAD_FLAG",
        `unknown option --${name} for 'arena ${command}' (see 'arena ${command} --help')`,
      );
    }
  }
}

/** The string value of `name`, or undefined. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The integer value of `name`, or `fallback`; throws `BAD_FLAG` for a non-integer. */
export function integerFlag(args: ParsedArgs, name: string, fallback: number): number;
export function integerFlag(args: ParsedArgs, name: string): number | undefined;
export function integerFlag(args: ParsedArgs, name: string, fallback?: number): number | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new ArenaError("BAD_FLAG", `option --${name} needs an integer, got '${value}'`);
  }
  return Number(value);
}
