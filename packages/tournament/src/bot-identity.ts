import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { splitCommandLine } from "@arena/bots";
import { type AnyEngine, ArenaError, readInputFile } from "@arena/core";
import type { BotInfo } from "./record";

const sha256 = (data: string | Uint8Array): string =>
  createHash("sha256").update(data).digest("hex");

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/**
 * The identity of a bot spec, what match ids hash: `builtin:<name>` for a built-in bot (its code
 * is the engine's, whose version is in the id), `file:<sha256 of the file>` for a module (so an
 * edited bot is a new bot, and a renamed or moved file the same one), and for `exec:` the command
 * line plus the hash of every word of it that names an existing file (the script or binary).
 */
export function botIdentity(engine: AnyEngine, spec: string, cwd: string): string {
  if (spec.startsWith("exec:")) {
    const command = spec.slice(5).trim();
    const hashes: string[] = [];
    for (const word of splitCommandLine(command)) {
      const path = isAbsolute(word) ? word : resolve(cwd, word);
      if (/[/\\.]/.test(word) && isFile(path)) {
        hashes.push(
          sha256(
            readInputFile(path, { what: "a file of the program", shown: word, code: "BAD_BOT" }),
          ),
        );
      }
    }
    return `exec:${command}#${sha256(hashes.join(","))}`;
  }
  if (Object.hasOwn(engine.bots, spec)) return `builtin:${spec}`;
  const path = resolve(cwd, spec);
  if (!isFile(path)) throw new ArenaError("BAD_BOT", "no such bot module", { file: spec });
  return `file:${sha256(readInputFile(path, { what: "the bot file", shown: spec, code: "BAD_BOT" }))}`;
}

/** A C++ player's `#define PLAYER_NAME <name>`, as the original kit's template has it. */
const PLAYER_NAME = /^[ \t]*#[ \t]*define[ \t]+PLAYER_NAME[ \t]+([A-Za-z_]\w*)[ \t]*$/m;

/**
 * The default display name of a bot spec: a built-in's name, a C++ player's `PLAYER_NAME` (the
 * name the original and `arena play` give it; read from the file in `cwd`, when given and found),
 * another file's base name, a program's.
 */
export function defaultBotName(spec: string, cwd?: string): string {
  if (cwd !== undefined && /\.(cc|cpp)$/i.test(spec)) {
    const path = resolve(cwd, spec);
    const text = isFile(path)
      ? latin1(readInputFile(path, { what: "the C++ player", shown: spec, code: "BAD_BOT" }))
      : "";
    const defined = PLAYER_NAME.exec(text)?.[1];
    if (defined !== undefined) return defined;
  }
  const base = (path: string) => (path.split(/[/\\]/).pop() ?? path).replace(/\.[a-z]+$/i, "");
  if (spec.startsWith("exec:")) {
    const words = spec.slice(5).trim().split(/\s+/);
    const program = words.find((word, i) => i > 0 && /\.[a-z]+$/i.test(word)) ?? words[0] ?? spec;
    return base(program);
  }
  if (/[/\\.]/.test(spec)) return base(spec);
  return spec;
}

/** A bot as the library takes it: a spec (built-in name, module path, `exec:…`) and a name. */
export interface BotEntry {
  spec: string;
  /** Display name (default: from the spec). Names must be unique in a run. */
  name?: string;
}

/**
 * Parses a command-line bot argument: `SPEC` or `NAME=SPEC` (NAME a letter then letters, digits,
 * `_` or `-`), the way to enter the same bot twice under two names.
 */
export function parseBotArgument(argument: string): BotEntry {
  const match = /^([A-Za-z][\w-]*)=(.+)$/.exec(argument);
  if (match !== null && !argument.startsWith("exec:")) return { name: match[1]!, spec: match[2]! };
  return { spec: argument };
}

/**
 * Names and identifies `entries`: an entry without a name gets its default name
 * (`defaultBotName`), and a default name already taken gets `#2`, `#3`, … (`Demo Demo Demo
 * Demo`: Demo, Demo#2, Demo#3, Demo#4, as the original's `./Game Demo Demo Demo Demo` plays four
 * Demos; `#` is in no NAME a user gives). Throws `BAD_BOT` for a missing module and
 * `DUPLICATE_BOT` when a name given with NAME=SPEC is taken.
 */
export function describeBots(
  engine: AnyEngine,
  entries: readonly BotEntry[],
  cwd: string,
): BotInfo[] {
  const bots: BotInfo[] = [];
  const taken = (name: string) => bots.some((bot) => bot.name === name);
  for (const entry of entries) {
    let name = entry.name ?? defaultBotName(entry.spec, cwd);
    if (taken(name) && entry.name !== undefined) {
      throw new ArenaError(
        "DUPLICATE_BOT",
        `the bot name '${name}' is given twice; name each entry with NAME=SPEC (e.g. ${name}2=${entry.spec})`,
      );
    }
    if (taken(name)) {
      let repeat = 2;
      while (taken(`${name}#${repeat}`)) repeat++;
      name = `${name}#${repeat}`;
    }
    bots.push({ name, spec: entry.spec, identity: botIdentity(engine, entry.spec, cwd) });
  }
  return bots;
}

/** `bytes` as Latin-1 text (one character per byte: never fails on a file that is not UTF-8). */
const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
