import { resolve } from "node:path";
import { ArenaError } from "@arena/core";
import { integerFlag, stringFlag } from "../args";
import type { Command } from "../command";
import { gameNames } from "../games";
import type { CliIo } from "../io";
import { version } from "../version";

/** `arena serve`: the contest and ladder server (`@arena/server`). */
export const serveCommand: Command = {
  name: "serve",
  usage: "[options]",
  description: `Starts a contest and ladder server: participants join with an invite code, submit players (C++
AI<Name>.cc, JS/TS modules, Python), see them compiled, validated, rated and watched; the
organiser creates contests, invites, deadlines and runs jutge contests. Pages at /, the JSON API
at /api (described by /api/openapi.json).

The data folder keeps the SQLite database (arena.sqlite), the sources, replays and the C++ cache.
The organiser's token is ARENA_SERVE_TOKEN, or made at the first start and printed once.`,
  flags: [
    {
      name: "db",
      type: "string",
      value: "FILE|URL",
      help: "a SQLite file or a postgres:// URL (default DATA/arena.sqlite)",
    },
    {
      name: "host",
      type: "string",
      value: "ADDR",
      help: "address to listen on (default 127.0.0.1; 0.0.0.0 for other machines)",
    },
    { name: "port", type: "integer", value: "N", help: "port (default 8080)" },
    { name: "data", type: "string", value: "DIR", help: "the data folder (default ./arena-data)" },
    {
      name: "redis",
      type: "string",
      value: "URL",
      help: "play the matches on 'arena worker --redis URL' processes",
    },
    {
      name: "queue",
      type: "string",
      value: "NAME",
      help: "the queue's name with --redis (default arena-matches)",
    },
    {
      name: "jobs",
      type: "integer",
      value: "N",
      help: "matches at once on this machine (default: its cores)",
    },
  ],
  run: (args, io) => {
    if (args.positionals.length > 0) {
      throw new ArenaError(
        "BAD_FLAG",
        `'arena serve' takes no arguments, got: ${args.positionals.join(" ")}`,
      );
    }
    const port = integerFlag(args, "port") ?? 8080;
    if (port < 0 || port > 65_535)
      throw new ArenaError("BAD_FLAG", `option --port needs 0 to 65535, got ${port}`);
    const jobs = integerFlag(args, "jobs");
    if (jobs !== undefined && jobs < 1)
      throw new ArenaError("BAD_FLAG", `option --jobs needs a positive number, got ${jobs}`);
    const db = stringFlag(args, "db");
    const redis = stringFlag(args, "redis");
    const queue = stringFlag(args, "queue");
    return serve(io, {
      dataDir: resolve(io.cwd, stringFlag(args, "data") ?? "arena-data"),
      host: stringFlag(args, "host") ?? "127.0.0.1",
      port,
      ...(db !== undefined
        ? { db: /^postgres(ql)?:\/\//.test(db) ? db : resolve(io.cwd, db) }
        : {}),
      ...(redis !== undefined ? { redis } : {}),
      ...(queue !== undefined ? { queue } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
    });
  },
};

async function serve(
  io: CliIo,
  options: {
    dataDir: string;
    host: string;
    port: number;
    db?: string;
    redis?: string;
    queue?: string;
    jobs?: number;
  },
): Promise<number> {
  const { startServer } = await import("@arena/server");
  const games: Record<string, string> = {};
  for (const name of gameNames) games[name] = import.meta.resolve(`@arena/${name}`);
  const token = process.env.ARENA_SERVE_TOKEN;
  const server = await startServer({
    ...options,
    games,
    version,
    ...(token !== undefined && token !== "" ? { organiserToken: token } : {}),
    log: (line) => io.err(`serve: ${line}\n`),
  });
  if (server.newOrganiserToken !== undefined) {
    io.err(
      `serve: the organiser's token (shown this once; or set ARENA_SERVE_TOKEN): ${server.newOrganiserToken}\n`,
    );
  }
  io.err(`serve: ${server.url} (data in ${options.dataDir}); SIGTERM or Ctrl-C stops it\n`);
  io.out(`${server.url}\n`);
  await new Promise<void>((done) => {
    const stop = () => {
      process.removeListener("SIGTERM", stop);
      process.removeListener("SIGINT", stop);
      server.close().then(done, done);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
  return 0;
}
