// Test helper (`@arena/core/testing`): a match in which one seat gives raw, scripted orders.
import { expect } from "vitest";
import type { AnyEngine, Json } from "../engine/engine";
import type { Rejection } from "../engine/rejection";
import type { Controller, PlayContext } from "../runner/controller";
import { inProcessBot } from "../runner/in-process-bot";
import { type MatchResult, runMatch } from "../runner/run-match";

/** Options of `playScripted`. */
export interface ScriptedMatch {
  config: unknown;
  seed: number;
  /** The raw orders player 0 gives at each round (as an external bot's reply would); none after. */
  turns: readonly (readonly unknown[])[];
  /**
   * The field of an order that names its unit (the collector drops a second order for the same
   * unit); an order without a number there counts as unit −1. Without it every order is unit 0.
   */
  unitField?: string;
}

/**
 * Plays a match of `engine` in which player 0 (named `s`) gives the scripted `turns` and three
 * `Null` bots the other seats, and returns its result and what player 0 was told at each of its
 * turns (`told[round]`: its orders rejected at the previous turn). At every turn it also expects
 * (vitest) the player's view to show those same rejections (`view.rejected()`).
 */
export async function playScripted(
  engine: AnyEngine,
  options: ScriptedMatch,
): Promise<{ result: MatchResult; told: Array<readonly Rejection[]> }> {
  const { turns, unitField } = options;
  const told: Array<readonly Rejection[]> = [];
  const unitOf = (order: unknown): number => {
    if (unitField === undefined) return 0;
    const unit = (order as Record<string, unknown>)[unitField];
    return typeof unit === "number" ? unit : -1;
  };
  const scripted: Controller = {
    label: "scripted",
    play(ctx: PlayContext) {
      told.push(ctx.rejected ?? []);
      const view = ctx.match.view(ctx.player) as { rejected(): readonly Rejection[] };
      expect(view.rejected()).toEqual(ctx.rejected ?? []);
      for (const order of turns[ctx.round] ?? []) ctx.collector.add(unitOf(order), order);
    },
  };
  const Null = engine.bots.Null;
  if (Null === undefined) throw new Error(`${engine.title} has no built-in bot Null`);
  const result = await runMatch(engine, {
    config: options.config as Json,
    seed: options.seed,
    players: [
      { name: "s", controller: scripted },
      ...[1, 2, 3].map((p) => ({ name: `d${p}`, controller: inProcessBot(Null, "Null") })),
    ],
  });
  return { result, told };
}
