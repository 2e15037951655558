// Node-only: recognises, in g++'s messages about a student's player, the names the original game
// kit declares and arena's compatibility kit lacks, so that the error blames arena, not the player.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ArenaError, type CppKit } from "@arena/core";

/** Where arena's bugs are reported (the `bugs` URL of the packages' package.json). */
export const ARENA_ISSUES_URL = "https://github.com/arena-games/arena/issues";

// g++ quotes names with ‘…’ in a UTF-8 locale and with '…' in the C locale.
const Q = "[‘'`]";
const E = "[’'`]";
const NAME = "([A-Za-z_][A-Za-z0-9_]*)";

/** The messages that mean "this name is not declared where it is used". */
const UNDECLARED: readonly RegExp[] = [
  new RegExp(`error: ${Q}${NAME}${E} was not declared in this scope`),
  new RegExp(`error: ${Q}${NAME}${E} does not name a type`),
  new RegExp(`error: ${Q}${NAME}${E} has not been declared`),
  new RegExp(`error: ${Q}${NAME}${E} is not a member of `),
  new RegExp(`error: ${Q}[^’'\`]*${E}(?: \\{aka [^}]*\\})? has no member named ${Q}${NAME}${E}`),
  new RegExp(
    `error: there are no arguments to ${Q}${NAME}${E} that depend on a template parameter`,
  ),
  new RegExp(`error: ${Q}${NAME}${E} is not a template`),
];

/** The names a compiler's messages say are undeclared, in order of first appearance. */
export function undeclaredNames(messages: string): string[] {
  const names = new Set<string>();
  for (const line of messages.split("\n")) {
    for (const pattern of UNDECLARED) {
      const name = pattern.exec(line)?.[1];
      if (name !== undefined) names.add(name);
    }
  }
  return [...names];
}

/** Whether `name` occurs as a whole identifier in `text`. */
const mentions = (text: string, name: string): boolean =>
  new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(text);

/**
 * The names that `messages` (g++'s output for a player) say are undeclared, that the original
 * kit's headers declare (`original`), and that the kit's own sources (`kitText`: every header of
 * arena's kit) never mention: those the kit lacks. A name the kit has is the player's own error
 * (e.g. a Board query called from a free function), never blamed on arena.
 */
export function missingKitNames(
  messages: string,
  original: Iterable<string>,
  kitText: string,
): string[] {
  const known = new Set(original);
  return undeclaredNames(messages).filter((name) => known.has(name) && !mentions(kitText, name));
}

/**
 * The names of `kit.originalNames` that neither the kit's headers nor the shared ones
 * (`sharedDir`: `cppSharedDirectory()`) mention: what a player of the original kit could not use
 * with arena's (the kits' tests expect none).
 */
export function kitLacks(kit: CppKit, sharedDir: string): string[] {
  const text = [fileURLToPath(kit.directory), sharedDir]
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith(".hh"))
        .map((name) => readFileSync(join(dir, name), "utf8")),
    )
    .join("\n");
  return (kit.originalNames ?? []).filter((name) => !mentions(text, name));
}

/**
 * The error for a player that does not compile because arena's kit lacks names of the original
 * kit: it names them, says it is arena's fault and where to report it, then quotes the compiler.
 */
export function missingKitNameError(
  names: readonly string[],
  compilerMessages: string,
  file: string,
): ArenaError {
  const list = names.map((name) => `'${name}'`).join(", ");
  const which = names.length === 1 ? "a name" : "names";
  return new ArenaError(
    "CPP_KIT",
    `does not compile because arena's C++ compatibility kit lacks ${list}, ${which} the original game kit's headers give every player: this is arena's fault, not your player's. Please report it at ${ARENA_ISSUES_URL} (with this message). The compiler said:\n${compilerMessages}`,
    { file },
  );
}
