// How the commands that play bots run them: in their box (the default), with `--trust` without
// it, with `--sandbox` only in it; C++ players' `--limits`. The same flags for play, tournament,
// contest, test and worker.
import { type CppLimitsProfile, noSandboxWarning, type SandboxMode, usesBox } from "@arena/bots";
import { ArenaError } from "@arena/core";
import { type FlagSpec, type ParsedArgs, stringFlag } from "./args";
import type { CliIo } from "./io";

/** The flags of a bot's box and limits. */
export const botModeFlags: readonly FlagSpec[] = [
  {
    name: "trust",
    type: "boolean",
    help: "run the bots without their box (your own code only: they may use the network and read and write your files; module bots keep Node's permission model)",
  },
  {
    name: "sandbox",
    type: "boolean",
    help: "run the bots only in their box (bubblewrap: no network, nothing visible but their own files, the kernel's limits): an error where it cannot run, instead of a warning",
  },
  {
    name: "limits",
    type: "string",
    value: "default|jutge",
    help: "C++ players' limits: arena's (default) or Jutge's (64 MB, 1 process, 3 s of CPU a match, 6 s a move)",
  },
];

/** The bots' box and C++ limits from the flags (`limits` undefined: the command's default). */
export interface BotMode {
  sandbox: SandboxMode;
  limits?: CppLimitsProfile;
}

/** Reads `--trust`, `--sandbox` and `--limits`. */
export function botMode(args: ParsedArgs): BotMode {
  const trust = args.flags.has("trust");
  const sandbox = args.flags.has("sandbox");
  if (trust && sandbox) throw new ArenaError("BAD_FLAG", "give only one of --trust and --sandbox");
  const limits = stringFlag(args, "limits");
  if (limits !== undefined && limits !== "default" && limits !== "jutge") {
    throw new ArenaError("BAD_FLAG", `option --limits takes default or jutge, got '${limits}'`);
  }
  const mode: BotMode = { sandbox: trust ? false : sandbox ? true : "auto" };
  if (limits !== undefined) mode.limits = limits;
  return mode;
}

/**
 * Says on stderr, once, when bots that run in processes (`specs` other than built-in names) will
 * run without their box because it cannot run here; throws `NO_SANDBOX` for `--sandbox`.
 */
export function warnWithoutBox(
  io: CliIo,
  mode: BotMode,
  specs: readonly string[],
  builtins: readonly string[],
): void {
  if (mode.sandbox === false) return;
  if (specs.every((spec) => builtins.includes(spec))) return;
  if (usesBox(mode.sandbox)) return;
  io.err(`warning: ${noSandboxWarning()}\n`);
}
