// A worker's side of a job's seats: each bot the job names, turned into a spec this worker may
// play — a built-in bot of its own engine, a file found by its hash in its folder or fetched from
// the organiser's store and hashed again, or a program of its allow-list — or refused.
import { type AnyEngine, ArenaError } from "@arena/core";
import { botIdentity, type MatchTask } from "@arena/tournament";
import { BotFolder } from "./bot-folder";
import { BOT_FILE, fetchBot, sha256 } from "./bot-store";
import type { JobBot, MatchJobData } from "./match-job";
import type { WorkerPlace } from "./worker-place";

const HASH = /^[0-9a-f]{64}$/;
const folders = new Map<string, BotFolder>();

const wrongBot = (seat: string, why: string) =>
  new ArenaError("WRONG_BOT", `bot '${seat}': ${why}`);

/** The programs `place` allows, by the hash of their identity as the organiser computes it. */
function allowedPrograms(engine: AnyEngine, place: WorkerPlace): Map<string, string> {
  const allowed = new Map<string, string>();
  for (const command of place.allowExec ?? []) {
    const spec = `exec:${command.trim()}`;
    allowed.set(sha256(botIdentity(engine, spec, place.dir)), spec);
  }
  return allowed;
}

/** The spec this worker plays for a seat's bot (`seat` names it in errors). */
async function specOf(
  engine: AnyEngine,
  bot: JobBot,
  seat: string,
  place: WorkerPlace,
  programs: () => Map<string, string>,
): Promise<string> {
  if ("builtin" in bot && typeof bot.builtin === "string") {
    if (!Object.hasOwn(engine.bots, bot.builtin)) {
      throw wrongBot(seat, `'${bot.builtin}' is not a built-in bot of ${engine.name}`);
    }
    return bot.builtin;
  }
  if ("file" in bot && typeof bot.file === "string" && HASH.test(bot.file)) {
    if (typeof bot.name !== "string" || !BOT_FILE.test(bot.name)) {
      throw wrongBot(seat, "its file name is not one of a bot file (.js, .mjs, .cjs, .ts, .cc, …)");
    }
    let folder = folders.get(place.dir);
    if (folder === undefined) {
      folder = new BotFolder(place.dir);
      folders.set(place.dir, folder);
    }
    return (
      folder.find(bot.file) ??
      (await fetchBot(place.redis, place.queue, bot.file, bot.name, place.cache, seat))
    );
  }
  if ("exec" in bot && typeof bot.exec === "string" && HASH.test(bot.exec)) {
    const spec = programs().get(bot.exec);
    if (spec === undefined) {
      throw wrongBot(
        seat,
        (place.allowExec ?? []).length === 0
          ? 'it is a program (exec:), and this worker runs none: start it with --allow-exec "COMMAND" for each program it may run'
          : "it is a program (exec:) that is none of this worker's --allow-exec programs (the same command line and files as the organiser's)",
      );
    }
    return spec;
  }
  throw wrongBot(seat, "the job names it in a way this worker does not know");
}

/**
 * The seats of a task for `data`'s match on this worker. Throws `WRONG_BOT` naming the seat for a
 * bot this worker may not or cannot play.
 */
export async function jobSeats(
  engine: AnyEngine,
  data: MatchJobData,
  place: WorkerPlace,
): Promise<MatchTask["seats"]> {
  let programs: Map<string, string> | undefined;
  const allowed = () => (programs ??= allowedPrograms(engine, place));
  const seats: MatchTask["seats"] = [];
  if (!Array.isArray(data.seats)) throw new ArenaError("WRONG_BOT", "the job has no seats");
  for (const { name, bot, fault } of data.seats) {
    if (typeof name !== "string" || name.length === 0 || name.length > 100) {
      throw new ArenaError("WRONG_BOT", "a seat of the job has no name");
    }
    if (typeof fault === "string") {
      // A bot the organiser found broken: frozen from the start, no code to fetch or run.
      seats.push({ name, spec: name, fault });
      continue;
    }
    if (bot === null || typeof bot !== "object") throw wrongBot(name, "the job names no bot");
    seats.push({ name, spec: await specOf(engine, bot, name, place, allowed) });
  }
  return seats;
}
