// Node-only: turns a bot spec of the command line into a controller.
import { existsSync } from "node:fs";
import { dirname, resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type AnyEngine,
  ArenaError,
  type Bot,
  type BotFactory,
  type Controller,
  inProcessBot,
} from "@arena/core";
import { type CppProcessMode, cppBot } from "../cpp/cpp-bot";
import type { CppLimitsProfile } from "../cpp/player-command";
import { externalBot } from "../external/external";
import { BotHost } from "../host/bot-host";
import { isolatedBot } from "../isolated/isolated";
import { type SandboxMode, usesBox } from "../sandbox/sandbox";
import { TYPESCRIPT_PATTERN, transpileTypeScriptBot } from "../typescript/typescript";
import { wasmBot } from "../wasm/wasm-bot";

/** Options of `resolveBot`. */
export interface ResolveBotOptions {
  /**
   * Run module bots in this process (`inProcessBot`): trusted code only (it can read and change
   * everything arena can). Default: each module bot in its own process (`hostedBot`).
   */
  inProcess?: boolean;
  /**
   * The box of module bots, external programs and C++ players (bubblewrap: no network, nothing
   * visible but what the bot needs, the kernel's limits): `"auto"` (default) wherever it can run
   * (`sandboxSupport()`), `true` always (`ArenaError("NO_SANDBOX")` where it cannot), `false`
   * never (`--trust`: the bots' processes as before, module bots under Node's permission model).
   */
  sandbox?: SandboxMode;
  /** C++ players' limits: `default`, or `jutge` (Jutge's SecGame limits: `JUTGE_LIMITS`). */
  limits?: CppLimitsProfile;
  /** Memory cap of each module bot's or external program's process, MiB (default 1024). */
  memoryMiB?: number;
  /** Run built-in and module bots in a worker thread of this process (`isolatedBot`). */
  isolated?: boolean;
  /** Directory that module paths and external programs are relative to (default: process cwd). */
  cwd?: string;
  /** File URL of the engine module for isolated bots (default: `engine.module` resolved from `cwd`). */
  engineUrl?: string;
  /**
   * C++ players: copies of one player in a match share one process (`shared`, default, as in
   * the original) or have one each (`seat`); see `cppBot`.
   */
  cppProcess?: CppProcessMode;
  /** C++ players: keep the thread that plays them on one CPU (`CppBotOptions.oneCpu`). */
  oneCpu?: boolean;
  /**
   * C++ players: compiled with g++ and played as a process over pipes (`native`, default, see
   * `cppBot`), or compiled to WebAssembly and played in this thread (`wasm`, see `wasmBot`; its
   * memory capped at `memoryMiB`, default Jutge's 64 MB).
   */
  cpp?: CppMode;
}

/** How C++ players are compiled and played: `native` (g++, a process) or `wasm` (in this thread). */
export type CppMode = "native" | "wasm";

const MODULE_PATTERN = /\.(m|c)?js$/i;
/** A student's C++ player of the original kit (`AI<Name>.cc`), compiled by `cppBot`. */
const CPP_PATTERN = /\.(cc|cpp)$/i;

/** Wall time a module bot's process may take to start and load the bot (ms). */
const LOAD_WALL_MS = 20_000;

/**
 * The bot factory exported by a module: the default export or the named export `bot`; a class
 * (with `play` on its prototype) is instantiated, a function is called to make the bot.
 */
export function botFactoryFrom(module: Record<string, unknown>, where: string): BotFactory {
  let value = module.default ?? module.bot;
  // A CommonJS module imported from ESM: `module.exports = { bot }` lands on `default`.
  if (value !== null && typeof value === "object" && typeof (value as Bot).play !== "function") {
    const inner =
      (value as Record<string, unknown>).bot ?? (value as Record<string, unknown>).default;
    if (inner !== undefined) value = inner;
  }
  if (typeof value === "function") {
    const fn = value as (new () => Bot) & (() => Bot);
    if (fn.prototype !== undefined && typeof fn.prototype?.play === "function")
      return () => new fn();
    return () => {
      const bot = fn();
      if (bot === null || typeof bot !== "object" || typeof bot.play !== "function") {
        throw new ArenaError(
          "BAD_BOT",
          `${where}: the bot factory did not return an object with play(view, actions)`,
        );
      }
      return bot;
    };
  }
  throw new ArenaError(
    "BAD_BOT",
    `${where} does not export a bot: export default (or export 'bot') a class with play(view, actions), or a function returning such an object`,
  );
}

/**
 * Turns a bot spec into a controller: a built-in bot name of `engine.bots` (case-sensitive; run
 * in this process), a path to a `.js`/`.mjs`/`.cjs` module (relative to `cwd`) exporting a bot
 * (run in its own process under Node's permission model, loaded here so that a module that does
 * not load is an error before the match; in this process with `inProcess`), a C++ player of the
 * original kit (`.cc`/`.cpp`, see `cppBot`; `wasmBot` with `cpp: "wasm"`), or `exec:<command line>` for an external program.
 * Throws `ArenaError` `UNKNOWN_BOT` / `BAD_BOT` (and `NO_SANDBOX` when `sandbox` is asked where
 * bubblewrap cannot run).
 */
export async function resolveBot(
  engine: AnyEngine,
  spec: string,
  options: ResolveBotOptions = {},
): Promise<Controller> {
  const cwd = options.cwd ?? process.cwd();
  // `true` where the box cannot run is an error now, before anything is compiled or started.
  const sandbox: SandboxMode = options.sandbox ?? "auto";
  usesBox(sandbox);
  const memory = options.memoryMiB !== undefined ? { memoryMiB: options.memoryMiB } : {};
  if (spec.startsWith("exec:")) {
    const command = spec.slice(5).trim();
    return externalBot(command, { cwd, label: spec, sandbox, ...memory });
  }
  if (CPP_PATTERN.test(spec) && options.cpp === "wasm") {
    return wasmBot(engine, resolvePath(cwd, spec), {
      shownAs: spec,
      // Its compiler's box (the player itself is confined by WebAssembly).
      sandbox,
      ...(options.cppProcess !== undefined ? { process: options.cppProcess } : {}),
      ...(options.memoryMiB !== undefined ? { memoryMiB: options.memoryMiB } : {}),
    });
  }
  if (CPP_PATTERN.test(spec)) {
    return cppBot(engine, resolvePath(cwd, spec), {
      shownAs: spec,
      sandbox,
      ...memory,
      ...(options.limits !== undefined ? { limits: options.limits } : {}),
      ...(options.cppProcess !== undefined ? { process: options.cppProcess } : {}),
      ...(options.oneCpu !== undefined ? { oneCpu: options.oneCpu } : {}),
    });
  }
  const builtins = Object.keys(engine.bots);
  const factory = Object.hasOwn(engine.bots, spec) ? engine.bots[spec] : undefined;
  if (factory !== undefined) {
    if (options.isolated) {
      return isolatedBot(
        {
          builtin: spec,
          cwd,
          ...(options.engineUrl !== undefined ? { engineUrl: options.engineUrl } : {}),
        },
        spec,
      );
    }
    return inProcessBot(factory, spec);
  }
  if (MODULE_PATTERN.test(spec) || spec.includes("/") || spec.includes("\\")) {
    const path = resolvePath(cwd, spec);
    if (!existsSync(path)) throw new ArenaError("BAD_BOT", "no such bot module", { file: spec });
    const typescript = TYPESCRIPT_PATTERN.test(path);
    if (!MODULE_PATTERN.test(path) && !typescript) {
      throw new ArenaError(
        "BAD_BOT",
        "a bot module must be a .js, .mjs, .cjs, .ts, .mts or .cts file",
        { file: spec },
      );
    }
    const modulePath = typescript ? await transpileTypeScriptBot(path) : path;
    const url = pathToFileURL(modulePath).href;
    if (options.isolated) {
      return isolatedBot(
        {
          moduleUrl: url,
          cwd,
          ...(options.engineUrl !== undefined ? { engineUrl: options.engineUrl } : {}),
        },
        spec,
      );
    }
    if (!options.inProcess) {
      // The bot's code never runs in this process: its own process loads it (and says why not).
      const host = new BotHost({
        engine,
        moduleUrl: url,
        cwd,
        ...(options.engineUrl !== undefined ? { engineUrl: options.engineUrl } : {}),
        sandbox,
        // A transpiled TypeScript bot is an entry file and its bundle, side by side.
        ...(typescript ? { allowRead: [dirname(modulePath)] } : {}),
        ...memory,
      });
      try {
        await host.start(LOAD_WALL_MS);
      } catch (error) {
        await host.close();
        if (error instanceof ArenaError) throw error;
        throw new ArenaError(
          "BAD_BOT",
          `cannot load the bot module: ${(error as Error).message.replace(/^failed to load: /, "")}`,
          { file: spec },
        );
      }
      return host.ownedController(spec);
    }
    let module: Record<string, unknown>;
    try {
      module = (await import(url)) as Record<string, unknown>;
    } catch (error) {
      throw new ArenaError("BAD_BOT", `cannot load the bot module: ${(error as Error).message}`, {
        file: spec,
      });
    }
    return inProcessBot(botFactoryFrom(module, spec), spec);
  }
  const close = builtins.find((name) => name.toLowerCase() === spec.toLowerCase());
  throw new ArenaError(
    "UNKNOWN_BOT",
    `unknown bot '${spec}' for ${engine.name}${close !== undefined ? ` (did you mean '${close}'? names are case-sensitive)` : ""}; built-in bots: ${builtins.join(", ")}; or give a path to a .js/.mjs/.cjs module, or exec:<command line>`,
  );
}
