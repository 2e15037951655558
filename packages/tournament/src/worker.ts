// The pool's worker thread: imports the engine once (by URL) and plays the matches sent to it,
// so a sweep of many matches pays Node's start-up and the engine's loading once per worker.
import type { AnyEngine } from "@arena/core";
import { type MatchTask, playTask, type TaskResult } from "./play-task";

const engines = new Map<string, Promise<AnyEngine>>();

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

/** How often a running match looks at its abort flag (ms). */
const ABORT_POLL_MS = 25;

/** Plays `task` (the tinypool entry point). */
export default async function run(task: MatchTask): Promise<TaskResult> {
  const engine = await loadEngine(task.engineUrl);
  if (task.abortFlag === undefined) return playTask(engine, task);
  const flag = new Int32Array(task.abortFlag);
  const controller = new AbortController();
  const poll = setInterval(() => {
    if (Atomics.load(flag, 0) !== 0) controller.abort();
  }, ABORT_POLL_MS);
  try {
    return await playTask(engine, task, controller.signal);
  } finally {
    clearInterval(poll);
  }
}
