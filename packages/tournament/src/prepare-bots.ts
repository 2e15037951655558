import { availableParallelism } from "node:os";
import { type CppLimitsProfile, type CppMode, resolveBot, type SandboxMode } from "@arena/bots";
import { type AnyEngine, ArenaError } from "@arena/core";
import type { BotInfo } from "./record";

/** What `RunOptions.onPrepare` hears about a bot file being compiled or loaded before a run. */
export interface PrepareEvent {
  /** The bot's name in the run. */
  bot: string;
  /** Its spec (the file as given). */
  spec: string;
  /** `start`, then `done` or `failed` (the bot's own fault: it is disqualified). */
  state: "start" | "done" | "failed";
  /** With `done` and `failed`: how long it took (ms). */
  ms?: number;
  /** With `failed`: why (e.g. the compiler's messages). */
  error?: string;
}

/**
 * Errors that are the bot file's own fault (it does not compile, load or register a player, or
 * uses a feature WebAssembly players lack: `CPP_WASM`): the bot is disqualified and the run goes
 * on. Anything else (no compiler, a broken kit, no sandbox) is the machine's and stops the run.
 */
const OWN_FAULTS = new Set(["CPP_COMPILE", "CPP_WASM", "BAD_BOT"]);

/**
 * Compiles or loads every bot given as a file (C++ players compiled once into the cache, by g++
 * or, with `cpp: "wasm"`, to WebAssembly; modules and TypeScript bots loaded once to see that
 * they do), at most `availableParallelism()` at a time, so a run compiles its players side by
 * side and before any match. Returns each bot whose file is its own fault, by name, with the
 * error (`OWN_FAULTS`); throws the first other error, once every file has been tried.
 */
export async function prepareBots(
  engine: AnyEngine,
  bots: readonly BotInfo[],
  options: {
    cwd: string;
    engineUrl?: string;
    sandbox?: SandboxMode;
    limits?: CppLimitsProfile;
    cpp?: CppMode;
    onPrepare?: (event: PrepareEvent) => void;
  },
): Promise<Map<string, ArenaError>> {
  // One preparation per file as given (a bot entered twice is compiled once).
  const bySpec = new Map<string, BotInfo[]>();
  for (const bot of bots) {
    if (!bot.identity.startsWith("file:")) continue;
    bySpec.set(bot.spec, [...(bySpec.get(bot.spec) ?? []), bot]);
  }
  const files = [...bySpec.values()];
  const faults = new Map<string, ArenaError>();
  let fatal: unknown;
  let next = 0;
  const prepareNext = async (): Promise<void> => {
    for (let same = files[next++]; same !== undefined; same = files[next++]) {
      const bot = same[0]!;
      const started = performance.now();
      const event = { bot: bot.name, spec: bot.spec };
      options.onPrepare?.({ ...event, state: "start" });
      try {
        const controller = await resolveBot(engine, bot.spec, {
          cwd: options.cwd,
          ...(options.engineUrl !== undefined ? { engineUrl: options.engineUrl } : {}),
          ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
          ...(options.limits !== undefined ? { limits: options.limits } : {}),
          ...(options.cpp !== undefined ? { cpp: options.cpp } : {}),
        });
        await controller.close?.();
        options.onPrepare?.({ ...event, state: "done", ms: performance.now() - started });
      } catch (error) {
        if (!(error instanceof ArenaError) || !OWN_FAULTS.has(error.code)) {
          fatal ??= error;
          continue;
        }
        for (const entry of same) faults.set(entry.name, error);
        const ms = performance.now() - started;
        options.onPrepare?.({ ...event, state: "failed", ms, error: error.message });
      }
    }
  };
  const workers = Math.min(files.length, Math.max(1, availableParallelism()));
  await Promise.all(Array.from({ length: workers }, prepareNext));
  if (fatal !== undefined) throw fatal;
  return faults;
}
