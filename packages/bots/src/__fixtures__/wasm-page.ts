// The script of wasm-browser.test.ts's page (bundled with esbuild): plays a Money Heist match in
// the page, C++ players compiled to WebAssembly (@arena/bots/wasm) and built-in bots, step by step
// with the engine (no runner: it is Node's), and returns the original .res.
import { type AnyEngine, type Bot, OrderCollector, type PlayContext } from "@arena/core";
import { engine as moneyheist } from "../../../moneyheist/src/index";
import { compilePlayerModule, DEFAULT_TURN_INSTRUCTIONS, type WasmPlayer, wasmSeat } from "../wasm-browser";

/** A keeper of a player's output (the page has no stderr). */
const output = () => {
  let text = "";
  const decoder = new TextDecoder();
  return { push: (bytes: Uint8Array) => void (text += decoder.decode(bytes)), text: () => text || undefined };
};

/**
 * Plays `seats` (`wasm`: the player whose module bytes are given, by its registered `name`; else
 * a built-in bot's name) with `seed`: the `.res` text, the scores, each WebAssembly seat's
 * instructions.
 */
function playInPage(bytes: Uint8Array, name: string, seats: string[], seed: number) {
  const engine = moneyheist as unknown as AnyEngine;
  const config = engine.defaultConfig();
  const match = engine.create(config, seed, seats.length);
  const names = seats.map((seat) => (seat === "wasm" ? name : seat));
  const recorder = engine.res!(match, names);
  const module = compilePlayerModule(bytes, 64);
  const budget = { turnInstructions: DEFAULT_TURN_INSTRUCTIONS };
  const players = seats.map((seat, player) => {
    const ctx = {
      engine, match, player, config, seed, numPlayers: seats.length, budget,
      timeLimitMs: Number.POSITIVE_INFINITY, instructionLimit: DEFAULT_TURN_INSTRUCTIONS, history: [],
    };
    if (seat !== "wasm") return { bot: engine.bots[seat]!() as Bot, ctx };
    const controller: WasmPlayer = wasmSeat({
      kit: engine.cpp!, parseOrder: (value) => engine.parseOrder(value), name, label: name,
      module: () => module, key: "page", output,
    });
    controller.start!(ctx);
    return { controller, ctx };
  });
  for (let step = 0; !match.isOver(); step++) {
    const orders = seats.map(() => [] as unknown[]);
    for (const p of match.toMove()) {
      const seat = players[p]!;
      const collector = new OrderCollector<unknown>(1000);
      if ("bot" in seat) seat.bot.play(match.view(p), match.actions(p, collector));
      else {
        const ctx = { ...seat.ctx, step, round: match.round(), collector } as PlayContext;
        seat.controller.play(ctx);
      }
      orders[p] = collector.orders;
    }
    match.step(orders);
    recorder.afterStep();
  }
  const instructions = players.map((seat) => ("controller" in seat ? seat.controller.instructions() : null));
  return { res: recorder.text(), scores: match.scores(), instructions };
}

(globalThis as unknown as { playInPage: typeof playInPage }).playInPage = playInPage;
