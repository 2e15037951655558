import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BotHost, type SandboxMode, TYPESCRIPT_PATTERN, transpileTypeScriptBot } from "@arena/bots";
import type { AnyEngine, Controller } from "@arena/core";

/** Module bots `resolveBot` runs in a bot host process of their own. */
const MODULE_PATTERN = /\.(m|c)?js$/i;

/** The module a bot host loads for a bot file: the file, or a TypeScript bot's transpiled entry. */
interface HostedModule {
  moduleUrl: string;
  allowRead?: string[];
}

/**
 * The bot host processes of one thread of a batch, kept from match to match: each bot given as
 * a JS or TypeScript file is served by processes started once and reused, one process per seat
 * of a match (two seats never share one), each match with a fresh bot object made from a fresh
 * instance of the bot's module. A process is not reused after a fault of its bot or when the
 * bot left anything behind in it (core's `BotHost` checks, then starts a new one). Everything
 * else (built-in bots, `exec:`, C++ players, `isolated`) is resolved per match by `resolveBot`.
 */
export class BotHosts {
  private readonly idle = new Map<string, BotHost[]>();
  /** Every host started, with the key it is kept under. */
  private readonly all = new Map<BotHost, string>();
  private readonly modules = new Map<string, Promise<HostedModule>>();

  /**
   * @param engine the game.
   * @param engineUrl file URL of `engine.module` (empty: resolved from each bot's `cwd`).
   */
  constructor(
    private readonly engine: AnyEngine,
    private readonly engineUrl: string,
  ) {}

  /** The absolute file of `spec` if a bot host would run it, else undefined. */
  private hostedFile(spec: string, cwd: string): string | undefined {
    if (spec.startsWith("exec:") || Object.hasOwn(this.engine.bots, spec)) return undefined;
    if (!MODULE_PATTERN.test(spec) && !TYPESCRIPT_PATTERN.test(spec)) return undefined;
    const file = resolve(cwd, spec);
    return existsSync(file) ? file : undefined;
  }

  private module(file: string): Promise<HostedModule> {
    let found = this.modules.get(file);
    if (found === undefined) {
      found = TYPESCRIPT_PATTERN.test(file)
        ? transpileTypeScriptBot(file).then((entry) => ({
            moduleUrl: pathToFileURL(entry).href,
            // A transpiled TypeScript bot is an entry file and its bundle, side by side.
            allowRead: [dirname(entry)],
          }))
        : Promise.resolve({ moduleUrl: pathToFileURL(file).href });
      this.modules.set(file, found);
    }
    return found;
  }

  /**
   * A seat's controller from a kept process, or undefined when `spec` is not a bot file (resolve
   * it with `resolveBot`). Give the host back with `release` when the match is over.
   */
  async take(
    spec: string,
    cwd: string,
    sandbox?: SandboxMode,
  ): Promise<{ controller: Controller; host: BotHost } | undefined> {
    const file = this.hostedFile(spec, cwd);
    if (file === undefined) return undefined;
    const key = `${cwd}\u0000${file}\u0000${String(sandbox ?? "auto")}`;
    let host = this.idle.get(key)?.pop();
    if (host === undefined) {
      const { moduleUrl, allowRead } = await this.module(file);
      host = new BotHost({
        engine: this.engine,
        moduleUrl,
        cwd,
        ...(this.engineUrl !== "" ? { engineUrl: this.engineUrl } : {}),
        ...(allowRead !== undefined ? { allowRead } : {}),
        ...(sandbox !== undefined ? { sandbox } : {}),
      });
      this.all.set(host, key);
    }
    return { controller: host.controller(spec), host };
  }

  /** Gives back a host taken for a match that is over (its seat closed). */
  release(host: BotHost): void {
    const key = this.all.get(host);
    if (key === undefined) return; // closed meanwhile
    const list = this.idle.get(key);
    if (list === undefined) this.idle.set(key, [host]);
    else list.push(host);
  }

  /** The number of bot host processes running. */
  get running(): number {
    let count = 0;
    for (const host of this.all.keys()) if (host.alive) count++;
    return count;
  }

  /** The pids of the bot host processes running. */
  get pids(): number[] {
    const pids: number[] = [];
    for (const host of this.all.keys())
      if (host.alive && host.pid !== undefined) pids.push(host.pid);
    return pids;
  }

  /** Stops every process (the end of the batch). */
  async close(): Promise<void> {
    const hosts = [...this.all.keys()];
    this.all.clear();
    this.idle.clear();
    await Promise.all(hosts.map((host) => host.close()));
  }
}
