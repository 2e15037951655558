// Test helpers: the tiny counter game of core's fixtures and bot modules written to a directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyEngine } from "@arena/core";
import { engine as counter } from "../../../core/src/__fixtures__/counter-game.mjs";
import { engine as adder } from "./adder-game.mjs";

/**
 * The counter game: each round every player's 3 units each add 0..9 to its score, then one
 * random player gets a bonus point. Over its 10 rounds a bot adding `a` per unit scores 30·a
 * plus at most 10 bonus points, so bots adding different amounts always finish in that order.
 */
export const counterEngine = counter as unknown as AnyEngine;

/**
 * The counter game with in-process built-in twins of the bot files below: `add1`…`add9` (the
 * adders) and `crash`. For tests whose claim is not a bot's process: no process per seat.
 */
export const adderEngine = adder as AnyEngine;

/** Writes a bot module adding `amount` per unit per round; returns its file name. */
export function adderBot(dir: string, amount: number): string {
  mkdirSync(dir, { recursive: true });
  const file = `add${amount}.mjs`;
  writeFileSync(
    join(dir, file),
    `export default class { play(view, actions) { for (const unit of view.units()) actions.add(unit, ${amount}); } }\n`,
  );
  return file;
}

/** Writes a bot module that adds 9 per unit and throws from round 3 on; returns its file name. */
export function crashingBot(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = "crash.mjs";
  writeFileSync(
    join(dir, file),
    `export default class { play(view, actions) { if (view.round() >= 3) throw new Error("boom at round " + view.round()); for (const unit of view.units()) actions.add(unit, 9); } }\n`,
  );
  return file;
}

/**
 * Writes a bot module keeping its count of turns at module level, adding min(turns, 9) per unit:
 * a module instance kept from one match to the next would score more in the next; returns its
 * file name.
 */
export function statefulBot(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = "stateful.mjs";
  writeFileSync(
    join(dir, file),
    "let turns = 0;\nexport default class { play(view, actions) { turns++; for (const unit of view.units()) actions.add(unit, Math.min(turns, 9)); } }\n",
  );
  return file;
}

/**
 * Writes a bot module that plays its first turn (round 0) and never returns from its second;
 * returns its file name. Not the first: that turn's limit also holds what the start left of its
 * budget (seconds of CPU an endless loop would burn for nothing).
 */
export function endlessBot(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = "endless.mjs";
  writeFileSync(
    join(dir, file),
    "export default class { turns = 0; play() { if (this.turns++ > 0) for (;;) {} } }\n",
  );
  return file;
}

/** A record without its one run-dependent field, for comparing runs. */
export const withoutDuration = <T extends { durationMs: number }>({ durationMs: _, ...rest }: T) => rest;
