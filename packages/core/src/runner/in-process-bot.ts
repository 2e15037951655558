import type { Bot, BotFactory } from "../engine/engine";
import { withAnnotate } from "../notes/bot-notes";
import type { Controller } from "./controller";

/**
 * A trusted bot running in this process: `factory()` makes it at start, `setup(view)` is called
 * once, then `play(match.view(p), match.actions(p, collector))` at every step where p moves. Its
 * orders are trusted (they come from the game's actions object). It cannot be interrupted: a time
 * limit is checked after each call (use `isolatedBot` for untrusted code).
 */
export function inProcessBot(factory: BotFactory, label = "bot"): Controller {
  let bot: Bot | undefined;
  // The runner reuses one collector per seat: the actions object writing into it is reused too.
  let collector: unknown;
  let actions: unknown;
  return {
    label,
    start(ctx) {
      bot = factory();
      bot.setup?.(ctx.match.view(ctx.player));
    },
    play(ctx) {
      if (bot === undefined) bot = factory();
      if (ctx.collector !== collector) {
        collector = ctx.collector;
        actions = withAnnotate(ctx.match.actions(ctx.player, ctx.collector), ctx.collector);
      }
      bot.play(ctx.match.view(ctx.player), actions);
    },
  };
}
