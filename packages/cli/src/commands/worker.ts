import { resolve } from "node:path";
import { type CppLimitsProfile, noSandboxWarning, type SandboxMode, usesBox } from "@arena/bots";
import { ArenaError } from "@arena/core";
import { integerFlag, listFlag, stringFlag } from "../args";
import { botMode, botModeFlags } from "../bot-mode";
import type { Command } from "../command";
import { gameNames } from "../games";
import type { CliIo } from "../io";
import { loadQueue } from "../queue-package";

/** `arena worker`: plays the match jobs of `--redis` runs. */
export const workerCommand: Command = {
  name: "worker",
  usage: "--redis URL [options]",
  description: `Takes match jobs from Redis and plays them: the other side of 'arena tournament', 'arena test'
and 'arena contest' run with --redis URL, on this machine or many others. Each match runs in a
child process of its own (a BullMQ sandboxed processor), --concurrency at a time.

A job carries no code: it names the game (played with this worker's own engines), built-in bots,
bot files by the SHA-256 of their content (a file of that hash under --dir is played in place,
else the organiser's copy is fetched from Redis and hashed again) and programs by the hash of
their command line and files, played only when given with --allow-exec. Jobs and results are
signed with ARENA_QUEUE_SECRET, the same on the organiser and every worker; a job not signed with
it is refused. See SECURITY.md.

SIGTERM or Ctrl-C: take no more jobs, finish the matches in progress, exit. A second one stops at
once; the matches in progress are then played again by another worker.`,
  flags: [
    { name: "redis", type: "string", value: "URL", help: "the Redis URL, e.g. redis://host:6379" },
    {
      name: "concurrency",
      type: "integer",
      value: "N",
      help: "matches at once (default: the machine's cores)",
    },
    {
      name: "dir",
      type: "string",
      value: "DIR",
      help: "where the bot files are, as the coordinator names them (default: the current directory)",
    },
    {
      name: "queue",
      type: "string",
      value: "NAME",
      help: "the queue's name (default arena-matches; the same as the coordinators')",
    },
    ...botModeFlags,
    {
      name: "allow-exec",
      type: "string",
      value: "COMMAND",
      repeatable: true,
      help: "a program (exec:COMMAND) this worker may run, exactly as the organiser gives it (repeatable)",
    },
    {
      name: "insecure-queue",
      type: "boolean",
      help: "for a Redis on this machine only: no ARENA_QUEUE_SECRET",
    },
    { name: "quiet", type: "boolean", help: "print nothing but errors" },
  ],
  run: (args, io) => {
    if (args.positionals.length > 0) {
      throw new ArenaError(
        "BAD_FLAG",
        `'arena worker' takes no arguments, got: ${args.positionals.join(" ")}`,
      );
    }
    const redis = stringFlag(args, "redis");
    if (redis === undefined) {
      throw new ArenaError("BAD_FLAG", "arena worker needs --redis URL (e.g. redis://host:6379)");
    }
    const concurrency = integerFlag(args, "concurrency");
    if (concurrency !== undefined && concurrency < 1) {
      throw new ArenaError(
        "BAD_FLAG",
        `option --concurrency needs a positive number, got ${concurrency}`,
      );
    }
    const dir = stringFlag(args, "dir");
    const queue = stringFlag(args, "queue");
    const mode = botMode(args);
    // The worker decides how it runs bots, never a job.
    if (mode.sandbox !== false && !usesBox(mode.sandbox))
      io.err(`warning: ${noSandboxWarning()}\n`);
    const allowExec = listFlag(args, "allow-exec").map((command) =>
      command.startsWith("exec:") ? command.slice(5).trim() : command.trim(),
    );
    return work(io, {
      redis,
      dir: resolve(io.cwd, dir ?? "."),
      quiet: args.flags.has("quiet"),
      sandbox: mode.sandbox,
      ...(mode.limits !== undefined ? { limits: mode.limits } : {}),
      allowExec,
      insecure: args.flags.has("insecure-queue"),
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(queue !== undefined ? { queue } : {}),
    });
  },
};

/** The engine module of every game the cli knows, for the worker's match processes. */
function engineUrls(): Record<string, string> {
  const engines: Record<string, string> = {};
  for (const name of gameNames) {
    try {
      engines[name] = import.meta.resolve(`@arena/${name}`);
    } catch {
      // Not installed beside the cli: the worker resolves it from --dir, or fails those jobs.
    }
  }
  return engines;
}

async function work(
  io: CliIo,
  options: {
    redis: string;
    dir: string;
    quiet: boolean;
    allowExec: string[];
    insecure: boolean;
    sandbox: SandboxMode;
    limits?: CppLimitsProfile;
    concurrency?: number;
    queue?: string;
  },
): Promise<number> {
  const { startWorker, shownUrl } = await loadQueue();
  const worker = await startWorker({
    redis: options.redis,
    dir: options.dir,
    engines: engineUrls(),
    sandbox: options.sandbox,
    ...(options.limits !== undefined ? { limits: options.limits } : {}),
    allowExec: options.allowExec,
    ...(options.insecure ? { insecure: true } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.queue !== undefined ? { queue: options.queue } : {}),
    onEvent: (event) => {
      if (event.type !== "completed" || !options.quiet) io.err(`${event.type}: ${event.message}\n`);
    },
  });
  if (!options.quiet) {
    io.err(
      `worker: playing matches from ${shownUrl(options.redis)} (queue ${worker.worker.name}, ${worker.worker.opts.concurrency} at a time, bots from ${options.dir}, ${options.allowExec.length === 0 ? "no programs" : `programs: ${options.allowExec.join("; ")}`}); SIGTERM or Ctrl-C stops it\n`,
    );
  }
  let stop = () => {};
  await new Promise<void>((done) => {
    let stopping = false;
    stop = () => {
      if (stopping) {
        if (!options.quiet) {
          io.err("worker: stopping now; the matches in progress go back to the queue\n");
        }
        worker.close(true).then(done, done);
        return;
      }
      stopping = true;
      if (!options.quiet) io.err("worker: finishing the matches in progress (again to stop now)\n");
      worker.close().then(done, done);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
  process.removeListener("SIGTERM", stop);
  process.removeListener("SIGINT", stop);
  return 0;
}
