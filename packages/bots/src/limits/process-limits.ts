// Node-only (Linux): the kernel's limits of a bot's process (rlimits), set with util-linux's
// `prlimit` just before the bot's program is started, inside its box.

/**
 * Limits of one bot process, each optional (none: the system's). Bytes and milliseconds; the
 * kernel counts CPU time in whole seconds (`RLIMIT_CPU`): `cpuMs` is rounded up.
 */
export interface ProcessLimits {
  /** Address space (`RLIMIT_AS`): every mapping, reserved or not. */
  readonly addressSpaceBytes?: number;
  /** Data segment (`RLIMIT_DATA`): private writable mappings (what a program allocates). */
  readonly dataBytes?: number;
  /** Stack (`RLIMIT_STACK`). */
  readonly stackBytes?: number;
  /** Open files (`RLIMIT_NOFILE`). */
  readonly openFiles?: number;
  /**
   * Processes and threads of its user (`RLIMIT_NPROC`): counted in the box's own user namespace,
   * so only the box's; the kernel does not apply it to root (see the README).
   */
  readonly processes?: number;
  /** Largest file it may write (`RLIMIT_FSIZE`). */
  readonly fileSizeBytes?: number;
  /** Core dumps (`RLIMIT_CORE`). */
  readonly coreBytes?: number;
  /** CPU time of the process (`RLIMIT_CPU`, soft: SIGXCPU), rounded up to whole seconds. */
  readonly cpuMs?: number;
  /** CPU time at which the kernel kills the process (`RLIMIT_CPU`, hard: SIGKILL). */
  readonly cpuHardMs?: number;
}

const MIB = 1024 * 1024;

/** `1024 * 1024 * n`. */
export const mebibytes = (n: number): number => n * MIB;

const whole = (value: number): string => String(Math.max(0, Math.floor(value)));

/**
 * The `prlimit` options that set `limits` (soft and hard limits alike, but the CPU time's
 * hard limit when given), for `prlimit … -- <program>`.
 */
export function prlimitOptions(limits: ProcessLimits): string[] {
  const options: string[] = [];
  const bytes: Array<[string, number | undefined]> = [
    ["--as", limits.addressSpaceBytes],
    ["--data", limits.dataBytes],
    ["--stack", limits.stackBytes],
    ["--fsize", limits.fileSizeBytes],
    ["--core", limits.coreBytes],
  ];
  for (const [option, value] of bytes)
    if (value !== undefined) options.push(`${option}=${whole(value)}`);
  if (limits.openFiles !== undefined) options.push(`--nofile=${whole(limits.openFiles)}`);
  if (limits.processes !== undefined) options.push(`--nproc=${whole(limits.processes)}`);
  if (limits.cpuMs !== undefined) {
    const soft = Math.max(1, Math.ceil(limits.cpuMs / 1000));
    const hard = Math.max(soft, Math.ceil((limits.cpuHardMs ?? limits.cpuMs) / 1000));
    options.push(`--cpu=${soft}:${hard}`);
  }
  return options;
}

/** The command line that runs `argv` under `limits` (`argv` itself when there are none). */
export function withLimits(argv: readonly string[], limits: ProcessLimits | undefined): string[] {
  const options = limits === undefined ? [] : prlimitOptions(limits);
  return options.length === 0 ? [...argv] : ["prlimit", ...options, "--", ...argv];
}
