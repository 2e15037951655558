// Hostile module bots for the counter game: each plays like Demo, then at round 3 attacks.
// The attack is chosen by the named export; `ARENA_HOSTILE_FILE` style inputs come from the
// bot's own source (a bot can read only its own file when it runs out of process).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";

const demo = (view, actions) => {
  for (const unit of view.units()) actions.add(unit, 9);
};

const attackAt = (attack) =>
  class {
    play(view, actions) {
      if (view.round() === 3) attack(view, actions);
      demo(view, actions);
    }
  };

/** An endless loop. */
export const Loop = attackAt(() => {
  for (;;) {
    // burn CPU
  }
});

/** Ends the process it runs in. */
export const Exit = attackAt(() => process.exit(0));

/** Kills its parent (arena, when it runs in arena's process or arena is its parent). */
export const KillParent = attackAt(() => process.kill(process.ppid, "SIGKILL"));

/** Writes a file next to the system's temporary files, and hides the failure. */
export const WriteFile = attackAt(() => {
  try {
    writeFileSync(`/tmp/arena-hostile-${process.pid}.txt`, "pwned");
  } catch {
    // a careful attacker swallows the error
  }
});

/** Starts a child and a detached (setsid) grandchild that would outlive the match. */
export const Spawn = attackAt(() => {
  spawn("sleep", ["100"], { stdio: "ignore" });
  spawn("setsid", ["sleep", "100"], { stdio: "ignore", detached: true }).unref();
});

/** Allocates 4 GB and touches it. */
export const Allocate = attackAt(() => {
  const chunks = [];
  for (let k = 0; k < 64; k++) chunks.push(Buffer.alloc(64 * 1024 * 1024, 1));
  globalThis.keep = chunks;
});

/** Grows the JavaScript heap until something stops it. */
export const HeapGrow = attackAt(() => {
  const keep = [];
  for (;;) keep.push(new Array(1_000_000).fill(Math.random()));
});

/** Replaces globals the engine uses. */
export const Patch = attackAt(() => {
  Array.from = () => {
    throw new Error("patched");
  };
  Array.prototype.push = function push() {
    return 0;
  };
  Math.floor = () => 0;
  Math.random = () => 0.5;
  JSON.stringify = () => "{}";
  Object.freeze = (x) => x;
});

/** Tries to change the match through the view: its fields, prototype and constructor. */
export const MutateView = attackAt((view) => {
  view.round = () => 1000;
  Object.getPrototypeOf(view).round = () => 1000;
});

/** Reads the engine state and its generator through the view. */
export const ReadState = attackAt((view) => {
  const state = view.state ?? view.match?.state ?? view.s;
  if (state === undefined) throw new Error("no state reachable from the view");
  globalThis.stolen = state.rng;
});

/** Gives an order the engine does not accept. */
export const InvalidOrder = attackAt((_view, actions) => actions.add(0, 42));

/** Sleeps through its turn (blocking, no CPU). */
export const Sleep = attackAt(() => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
});

/** Does nothing special: the well-behaved control. */
export const Fine = attackAt(() => {});
