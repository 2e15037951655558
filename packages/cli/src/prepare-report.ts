// What the cli says while the bot files of a run or a match are compiled or loaded.
import type { PrepareEvent } from "@arena/tournament";
import { placeFirst } from "./compiler-output";
import { escapeControl } from "./format";
import type { CliIo } from "./io";

/** How long a bot file may take to prepare before the terminal says so (a cached one takes less). */
const PREPARE_SHOWN_AFTER_MS = 300;

/**
 * Says what the run does before its first match: on a terminal (`progress`), "compiling
 * AIMine.cc…" when a C++ player's compile (or a file's loading) takes more than a moment, and its
 * time once done; always (see `failure`), a line for a bot whose file does not compile or load,
 * with the file and line of its first compile error.
 */
export function prepareReporter(
  io: CliIo,
  progress: boolean,
  /**
   * What follows for a bot whose file fails, said in one warning line: it is frozen in each of
   * its matches (`tournament`) or disqualified (`contest`); nothing for a run the error stops
   * (`play`, `test`: the error follows).
   */
  failure: "frozen" | "disqualified" | "stops" = "frozen",
): (event: PrepareEvent) => void {
  const shown = new Map<string, ReturnType<typeof setTimeout> | true>();
  return (event) => {
    const what = /\.(cc|cpp)$/i.test(event.spec)
      ? ["compiling", "compiled"]
      : ["loading", "loaded"];
    const file = escapeControl(event.spec);
    if (event.state === "start") {
      if (progress)
        shown.set(
          event.spec,
          setTimeout(() => {
            shown.set(event.spec, true);
            io.err(`${what[0]} ${file}…\n`);
          }, PREPARE_SHOWN_AFTER_MS),
        );
      return;
    }
    const timer = shown.get(event.spec);
    if (timer !== undefined && timer !== true) clearTimeout(timer);
    const seconds = ((event.ms ?? 0) / 1000).toFixed(1);
    if (event.state === "done") {
      if (timer === true) io.err(`${what[1]} ${file} in ${seconds} s\n`);
      return;
    }
    if (failure === "stops") return;
    const [head = "", ...output] = (event.error ?? "").split("\n");
    const follows =
      failure === "frozen"
        ? "cannot play, frozen from the start of each of its matches"
        : "is disqualified";
    const why = escapeControl(placeFirst(head, output)).replace(/:$/, "");
    io.err(`warning: ${escapeControl(event.bot)} ${follows}: ${why}\n`);
  };
}
