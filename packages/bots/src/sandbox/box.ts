// Node-only (Linux): the box every bot process runs in by default — bubblewrap with new
// namespaces, a read-only view of only what the bot needs, a small private scratch directory and
// the kernel's limits (see the README's "The box").
import { accessSync, constants, existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { constants as osConstants } from "node:os";
import { delimiter, dirname, isAbsolute, join, sep } from "node:path";
import { type ProcessLimits, withLimits } from "../limits/process-limits";

/** What a box holds and how it limits what runs in it. */
export interface BoxSpec {
  /** The working directory inside (the same path; an empty folder unless it is readable). */
  readonly cwd: string;
  /** Files and folders visible read-only, at the same paths (the bot's own files, libraries). */
  readonly readable?: readonly string[];
  /** Folders visible read-write (the compiler's build folder): nothing else can be written. */
  readonly writable?: readonly string[];
  /** Size of the private scratch directory `/tmp` (a tmpfs), bytes. */
  readonly scratchBytes: number;
  /** The kernel's limits of the program (set by `prlimit` inside the box). */
  readonly limits?: ProcessLimits;
  /** The devices under `/dev`: a player's (null, zero, full, random, urandom) or only `/dev/null`. */
  readonly devices?: "player" | "null";
}

/** The folders of the system's programs and libraries, visible read-only in every box. */
const SYSTEM_ROOTS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
/** What the dynamic linker and `/usr/bin/*` links need from `/etc` (nothing of the users'). */
const SYSTEM_FILES = [
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/alternatives",
  "/etc/localtime",
];
const PLAYER_DEVICES = ["null", "zero", "full", "random", "urandom"];

/** Whether `path` is `root` or inside it. */
const within = (path: string, root: string): boolean =>
  path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

/** The system folders as bwrap options (a merged `/usr`'s links as links), once per process. */
let systemOptions: string[] | undefined;
function systemMounts(): string[] {
  if (systemOptions !== undefined) return systemOptions;
  const options: string[] = [];
  for (const root of SYSTEM_ROOTS) {
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(root);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) options.push("--symlink", readlinkSync(root), root);
    else if (stat.isDirectory()) options.push("--ro-bind", root, root);
  }
  for (const file of SYSTEM_FILES) options.push("--ro-bind-try", file, file);
  systemOptions = options;
  return options;
}

/** Whether `path` is visible in every box already (under a system folder). */
const isSystemPath = (path: string): boolean =>
  SYSTEM_ROOTS.some((root) => within(path, root)) || SYSTEM_FILES.includes(path);

/** `program` found on `PATH` (or as given when it has a slash), its real path; undefined if not. */
export function findProgram(
  program: string,
  path = process.env.PATH ?? "/usr/bin:/bin",
): string | undefined {
  const candidates = program.includes("/")
    ? [program]
    : path
        .split(delimiter)
        .filter((dir) => dir !== "")
        .map((dir) => join(dir, program));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * What must be visible for `program` (a command's first word) to run when it is not a system
 * program: its installation folder (the parent of its `bin/`, as `/opt/java` for
 * `/opt/java/bin/java`), or its own folder. Nothing for a program under `/usr`.
 */
export function programRuntime(program: string, cwd: string): string[] {
  const found = findProgram(
    isAbsolute(program) || !program.includes("/") ? program : join(cwd, program),
  );
  if (found === undefined || isSystemPath(found)) return [];
  const folder = dirname(found);
  return [folder.endsWith(`${sep}bin`) ? dirname(folder) : found];
}

/**
 * What makes `paths` visible: the real folders and files to bind (the outermost ones, none under
 * the system folders) and the symbolic links on the way to them to make again, as links (a
 * package manager's `node_modules/@arena/x`: a link there, resolved by Node from its real path).
 */
function visible(paths: readonly string[]): { binds: string[]; links: Array<[string, string]> } {
  const real = new Set<string>();
  const links = new Map<string, string>();
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const resolved = realpathSync(path);
    if (!isSystemPath(resolved)) real.add(resolved);
    if (resolved === path) continue;
    let at: string = sep;
    for (const part of path.split(sep).filter((word) => word !== "")) {
      const next = join(at, part);
      if (lstatSync(next).isSymbolicLink()) {
        links.set(next, readlinkSync(next));
        at = realpathSync(next);
      } else at = next;
    }
  }
  const sorted = [...real].sort();
  const binds = sorted.filter(
    (path) => !sorted.some((other) => other !== path && within(path, other)),
  );
  // A link inside a bound folder is there already.
  const made = [...links].filter(
    ([link]) => !isSystemPath(link) && !binds.some((bound) => within(link, bound)),
  );
  return { binds, links: made.map(([link, target]) => [target, link]) };
}

/**
 * The bubblewrap options of a box (`bwrap <options> -- <program>`): every namespace new (no
 * network, its own PID namespace: nothing it starts outlives it, and it cannot see or signal a
 * process outside), no capabilities, killed when the thread that started it ends, however it
 * ends (with `setpriv`'s parent-death signal on the `timeout` above it: `boxCommand`); the
 * system's programs and libraries and `spec.readable` read-only, `/tmp` a private tmpfs of
 * `spec.scratchBytes`, a minimal read-only `/dev`, a fresh `/proc`, everything else absent and
 * the root read-only.
 */
export function boxOptions(spec: BoxSpec): string[] {
  const options = [
    "--unshare-all",
    "--cap-drop",
    "ALL",
    "--die-with-parent",
    ...systemMounts(),
    "--proc",
    "/proc",
    "--tmpfs",
    "/dev",
  ];
  const devices = spec.devices === "null" ? ["null"] : PLAYER_DEVICES;
  for (const device of devices) options.push("--dev-bind", `/dev/${device}`, `/dev/${device}`);
  options.push(
    "--symlink",
    "/proc/self/fd",
    "/dev/fd",
    "--symlink",
    "/proc/self/fd/0",
    "/dev/stdin",
    "--symlink",
    "/proc/self/fd/1",
    "/dev/stdout",
    "--symlink",
    "/proc/self/fd/2",
    "/dev/stderr",
    "--remount-ro",
    "/dev",
    "--perms",
    "1777",
    "--size",
    String(Math.max(4096, Math.floor(spec.scratchBytes))),
    "--tmpfs",
    "/tmp",
  );
  // After /tmp: a bot's files under /tmp are bound over the scratch directory.
  const readable = visible(spec.readable ?? []);
  for (const path of readable.binds) options.push("--ro-bind", path, path);
  for (const [target, link] of readable.links) options.push("--symlink", target, link);
  for (const path of visible(spec.writable ?? []).binds) options.push("--bind", path, path);
  const cwdVisible = [...(spec.readable ?? []), ...(spec.writable ?? [])].some(
    (path) => existsSync(path) && within(spec.cwd, realpathSync(path)),
  );
  if (!cwdVisible && !isSystemPath(spec.cwd) && spec.cwd !== "/tmp")
    options.push("--dir", spec.cwd);
  options.push("--remount-ro", "/", "--chdir", spec.cwd);
  return options;
}

/** The environment of a boxed program: nothing of arena's but a `PATH`, and `/tmp` as home. */
export function boxEnvironment(
  extra: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: "/tmp",
    TMPDIR: "/tmp",
    LANG: "C.UTF-8",
  };
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

/**
 * What starts bubblewrap: coreutils' `timeout` with no time limit, which gives the box a process
 * group of its own (it calls `setpgid`, and passes bubblewrap's exit code on) in arena's session.
 * Not a session of its own (bubblewrap's `--new-session`): the kernel's scheduler puts each
 * session in a group of its own ("autogroup"), and a turn's hand-over between arena and a player
 * in another group cost a C++ match 1.6× the CPU per round and 7× the wall time at load
 * (`bench/box.mjs`). Its own group: a `kill(0, …)` in the box reaches only the box and this
 * `timeout` (outside: the box's parent is bubblewrap's init, which its processes cannot signal).
 * No terminal: nothing in the box has one open or a `/dev/tty` to open (no keystrokes to push
 * into arena's with TIOCSTI).
 */
const OWN_GROUP = ["timeout", "0"];

/**
 * util-linux's `setpriv`, which execs `timeout` (no process of its own) with the parent-death
 * signal set: when the thread that started the box ends, however it ends (a SIGKILLed arena
 * too), the kernel kills `timeout`, and bubblewrap (`--die-with-parent`) and all the box go with
 * it. Without it, `timeout` outlived a killed arena and kept the box running: a bot that slept,
 * or a compile, went on with nobody to stop it.
 */
const DIES_WITH_ARENA = ["setpriv", "--pdeathsig", "KILL", "--"];

/**
 * The levels of a box's process tree above the program it runs: `timeout` (`setpriv` execs it),
 * bubblewrap, and bubblewrap's init in the box's process namespace (`prlimit` execs the program
 * in its place).
 * Their few MiB of resident memory are the box's, not the program's (a memory cap counts the
 * processes below them).
 */
export const BOX_LEVELS = 3;

/** The command line that runs `argv` in a box (`bwrap`: the path of bubblewrap). */
export function boxCommand(bwrap: string, argv: readonly string[], spec: BoxSpec): string[] {
  return [
    ...DIES_WITH_ARENA,
    ...OWN_GROUP,
    bwrap,
    ...boxOptions(spec),
    "--",
    ...withLimits(argv, spec.limits),
  ];
}

/**
 * The signal that killed the program in a box, from bubblewrap's exit code (128 + the signal's
 * number, as a shell reports it); undefined for an ordinary exit code.
 */
export function boxSignal(code: number | null): NodeJS.Signals | undefined {
  if (code === null || code <= 128 || code > 128 + 64) return undefined;
  const signals = osConstants.signals as Record<string, number>;
  return Object.keys(signals).find((name) => signals[name] === code - 128) as
    | NodeJS.Signals
    | undefined;
}
