// The pool's worker (a thread, or a child process: `MatchPoolOptions.processes`): imports the
// engine once (by URL) and plays the matches sent to it, so a sweep of many matches pays Node's
// start-up and the engine's loading once per worker; the bot host processes of bots given as
// files are kept too (one set per engine), until the pool closes them (`closeHosts`).
import { isMainThread } from "node:worker_threads";
import { stopPlayersOnAbort } from "@arena/bots";
import type { AnyEngine } from "@arena/core";
import { BotHosts } from "./bot-hosts";
import { type MatchTask, playTask, type TaskResult } from "./play-task";

const engines = new Map<string, Promise<AnyEngine>>();
const hostsByEngine = new Map<string, BotHosts>();

function loadEngine(url: string): Promise<AnyEngine> {
  let engine = engines.get(url);
  if (engine === undefined) {
    engine = import(url).then(
      (module: { engine?: AnyEngine; default?: { engine?: AnyEngine } }) => {
        // A CommonJS build (what `require.resolve` finds) lands its exports on `default`.
        const found = module.engine ?? module.default?.engine;
        if (found === undefined) throw new Error(`${url} does not export 'engine'`);
        return found;
      },
    );
    engines.set(url, engine);
  }
  return engine;
}

function hostsOf(engine: AnyEngine, url: string): BotHosts {
  let hosts = hostsByEngine.get(url);
  if (hosts === undefined) {
    hosts = new BotHosts(engine, url);
    hostsByEngine.set(url, hosts);
  }
  return hosts;
}

/** How often a running match looks at its abort flag (ms). */
const ABORT_POLL_MS = 25;

/**
 * In a child process (`MatchPoolOptions.processes`), the matches run one after the other: the
 * pool hands the process the match after the one it plays, which waits here and starts the
 * moment the first ends, instead of sharing the process with it turn by turn (two matches of
 * in-process bots interleaved take as long as both in turn, and hold both in memory). In a
 * worker thread a task is alone anyway (tinypool gives an abortable task its worker to itself).
 */
let previous: Promise<unknown> = Promise.resolve();

if (isMainThread) {
  // Ctrl-C at a terminal signals the whole process group: the run's own process decides (it
  // aborts the run, lets the matches in flight end or be cancelled, then closes this process),
  // so a match is never cut short here and recorded as a failure. The process still ends when
  // the run's process does (its IPC channel closes).
  process.on("SIGINT", () => {});
}

/** Plays `task` (the tinypool entry point). */
export default function run(task: MatchTask): Promise<TaskResult> {
  if (isMainThread) {
    const playing = previous.then(() => play(task));
    previous = playing.catch(() => undefined);
    return playing;
  }
  return play(task);
}

async function play(task: MatchTask): Promise<TaskResult> {
  const engine = await loadEngine(task.engineUrl);
  const hosts = task.reuseHosts ? hostsOf(engine, task.engineUrl) : undefined;
  if (task.abortFlag === undefined) return playTask(engine, task, undefined, hosts, true);
  const flag = new Int32Array(task.abortFlag);
  const controller = new AbortController();
  const poll = setInterval(() => {
    if (Atomics.load(flag, 0) !== 0) controller.abort();
  }, ABORT_POLL_MS);
  // While this thread waits in a C++ player's turn it sees no flag: the players' watchdog does.
  const unwatch = stopPlayersOnAbort(task.abortFlag);
  try {
    return await playTask(engine, task, controller.signal, hosts, true);
  } finally {
    clearInterval(poll);
    unwatch();
  }
}

/** How long `closeHosts` waits for the other workers to take their share (ms). */
const BARRIER_MS = 2000;

/**
 * Stops this worker's bot host processes. The pool sends one per worker at once, with a shared
 * counter of the workers still to come: each task waits (blocking its thread) until every
 * worker has one, so no worker takes two and none is left out.
 */
export async function closeHosts(task: { barrier: SharedArrayBuffer }): Promise<number> {
  const counter = new Int32Array(task.barrier);
  if (Atomics.sub(counter, 0, 1) > 1) {
    const until = performance.now() + BARRIER_MS;
    while (Atomics.load(counter, 0) > 0 && performance.now() < until) {
      Atomics.wait(counter, 0, Atomics.load(counter, 0), 50);
    }
  } else Atomics.notify(counter, 0);
  let closed = 0;
  for (const hosts of hostsByEngine.values()) {
    closed += hosts.running;
    await hosts.close();
  }
  hostsByEngine.clear();
  return closed;
}
