// Test helpers: a real server process, a real PostgreSQL (Debian's, on a free loopback port in a
// temporary folder, stopped by pid), short Money Heist configs and C++ players. Not part of the API.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { engine as moneyheist } from "@arena/moneyheist";
import { freePort } from "../../../queue/src/test-redis";

export { freePort };

// The C++ players and kits compiled by the tests are kept from run to run, in the directory
// core's C++ tests use (`cppTestbed`): the server processes and workers inherit it, so a test
// pays for a compile once per machine, not once per data folder.
process.env.ARENA_CACHE_DIR ||= join(tmpdir(), "arena-cpp-test-cache");

/** Money Heist's `.cnf` with `rounds` rounds (the rest default): short matches for the tests. */
export function moneyheistConfig(rounds: number): string {
  const config = { ...moneyheist.defaultConfig(), numRounds: rounds };
  const upperSnake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
  const lines = Object.entries(config).map(([key, value]) => `${upperSnake(key)}\t${value}`);
  return `MoneyHeist 1.0\n\n${lines.join("\n")}\n\nRANDOM\n`;
}

/** A running server process of a test. */
export interface TestServer {
  url: string;
  child: ChildProcess;
  organiser: string;
  output(): string;
  /** SIGTERM (graceful) or SIGKILL; waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `__fixtures__/serve.mjs` with `options` (a data folder, a db…) and `env` added to its
 * environment; waits for `listening`.
 */
export async function startTestServer(
  options: Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const script = fileURLToPath(new URL("./serve.mjs", import.meta.url));
  const child = spawn(process.execPath, [script, JSON.stringify({ port: 0, ...options })], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no 'listening' after 60 s: ${out}`)), 60_000);
    const look = () => {
      const match = /^listening (\S+)$/m.exec(out);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${out}`));
    });
  });
  const organiser = /^organiser (\S+)$/m.exec(out)?.[1] ?? String(options.organiserToken ?? "");
  return {
    url,
    child,
    organiser,
    output: () => out,
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

/** A JSON request to a test server: the status and the parsed body. */
export async function api(
  server: { url: string },
  method: string,
  path: string,
  options: { token?: string | undefined; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the server answered
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.token !== undefined ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a replay, a page)
  }
  return { status: response.status, body };
}

/**
 * Invites `names` to `contest` with the organiser's token and joins each: their tokens, in that
 * order. Each step is checked (an invite code per name; a join answered 200 with the name given).
 */
export async function joinContest(
  server: { url: string },
  organiser: string,
  contest: number,
  names: readonly string[],
): Promise<string[]> {
  const invites = await api(server, "POST", `/api/contests/${contest}/invites`, {
    token: organiser,
    body: { count: names.length },
  });
  const codes: unknown = invites.body?.codes;
  if (!Array.isArray(codes) || codes.length !== names.length)
    throw new Error(`inviting ${names.length}: ${invites.status} ${JSON.stringify(invites.body)}`);
  const tokens: string[] = [];
  for (const [k, name] of names.entries()) {
    const joined = await api(server, "POST", "/api/join", { body: { code: codes[k], name } });
    if (joined.status !== 200 || joined.body?.participant?.name !== name)
      throw new Error(`joining as ${name}: ${joined.status} ${JSON.stringify(joined.body)}`);
    tokens.push(joined.body.token);
  }
  return tokens;
}

/** Polls `check` every 200 ms until it returns a value (a hang net of `ms`, not a speed check). */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 240_000,
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting for ${what} after ${ms} ms`);
}

const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

/** Why the PostgreSQL tests are skipped, or undefined when Debian's PostgreSQL 15 is installed. */
export function postgresMissing(): string | undefined {
  return existsSync(join(POSTGRES_BIN, "postgres"))
    ? undefined
    : "PostgreSQL 15 is not installed (apt-get install postgresql): the PostgreSQL tests are skipped";
}

/** A PostgreSQL server of a test, in a temporary folder, on a free loopback port. */
export class TestPostgres {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly url: string,
  ) {}

  /**
   * initdb + postgres in a temporary folder. PostgreSQL refuses to run as root: then it runs as
   * the `postgres` user Debian's package made (`runuser`), the folder given to that user.
   */
  static async start(): Promise<TestPostgres> {
    const dir = mkdtempSync(join(tmpdir(), "arena-pg-"));
    chmodSync(dir, 0o777);
    const data = join(dir, "data");
    const root = process.getuid?.() === 0;
    const as = (argv: string[]) => (root ? ["runuser", "-u", "postgres", "--", ...argv] : argv);
    const init = as([
      join(POSTGRES_BIN, "initdb"),
      "-D",
      data,
      "-U",
      "arena",
      "--auth=trust",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    const made = spawnSync(init[0]!, init.slice(1), { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`initdb failed: ${made.stderr}`);
    const port = await freePort();
    const argv = as([
      join(POSTGRES_BIN, "postgres"),
      "-D",
      data,
      "-p",
      String(port),
      "-h",
      "127.0.0.1",
      "-k",
      dir,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ]);
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start: ${out}`)), 60_000);
      const look = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", look);
      child.stderr!.on("data", look);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited (${code}): ${out}`));
      });
    });
    const server = new TestPostgres(child, dir, `postgres://arena@127.0.0.1:${port}/postgres`);
    return server;
  }

  /** A new, empty database on this server: its URL. */
  async database(name: string): Promise<string> {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    await client.query(`create database "${name.replace(/"/g, "")}"`);
    await client.end();
    return this.url.replace(/\/postgres$/, `/${name}`);
  }

  /**
   * Stops it and removes its folder: SIGINT (PostgreSQL's fast shutdown: clients disconnected)
   * to the server's own pid, read from `postmaster.pid` (`runuser`, between, does not pass
   * SIGINT on, and its SIGTERM is a smart shutdown that waits for every client).
   */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
      let pid: number | undefined;
      try {
        pid = Number(readFileSync(join(this.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
      } catch {
        // not started as far as that
      }
      if (pid !== undefined && pid > 0) process.kill(pid, "SIGINT");
      else this.child.kill("SIGKILL");
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
