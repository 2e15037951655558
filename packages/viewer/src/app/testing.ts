// Test helpers (not part of the app): play a match with built-in bots without files, and check
// a game's view against the engine.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type AnyEngine, OrderCollector, REPLAY_FORMAT, type Replay } from "@arena/core";
import { expect } from "vitest";
import { openFile } from "./load";
import { ReplaySource, ResSource, type Source } from "./source";
import type { GameView } from "./types";

export const reference = fileURLToPath(
  new URL("../../../../../shared/reference/", import.meta.url),
);
export const haveReference = existsSync(reference);
if (!haveReference)
  console.warn(`viewer tests on original .res files skipped: ${reference} (../shared) is absent`);

export interface Played {
  replay: Replay;
  /** The engine's `.res` of the match, when it has one. */
  res?: string;
  /** `scores[i]`: scores after step i (`[0]` = initial). */
  scores: number[][];
  /** `rounds[i]`: `match.round()` after step i. */
  rounds: number[];
}

/** Plays `engine` with built-in `bots` (default all Demo) for at most `maxSteps` steps. */
export function play(
  engine: AnyEngine,
  seed: number,
  options: {
    bots?: string[];
    maxSteps?: number;
    config?: unknown;
    freeze?: { step: number; player: number };
  } = {},
): Played {
  const config = options.config ?? engine.defaultConfig();
  const n = options.bots?.length ?? engine.players.default;
  const names = options.bots ?? Array.from({ length: n }, () => "Demo");
  const match = engine.create(config, seed, n);
  const bots = names.map((name) => engine.bots[name]!());
  const recorder = engine.res?.(match, names);
  const steps: unknown[][][] = [];
  const scores = [match.scores()];
  const rounds = [match.round()];
  const frozen: Replay["frozen"] = [];
  const max = options.maxSteps ?? Number.POSITIVE_INFINITY;
  while (!match.isOver() && steps.length < max) {
    if (options.freeze?.step === steps.length) {
      match.freeze(options.freeze.player);
      frozen.push({ step: steps.length, player: options.freeze.player });
    }
    const movers = new Set(match.toMove());
    const orders = names.map((_, p) => {
      const collector = new OrderCollector<unknown>();
      if (movers.has(p) && !frozen.some((f) => f.player === p))
        bots[p]!.play(match.view(p), match.actions(p, collector));
      return collector.orders;
    });
    match.step(orders);
    recorder?.afterStep();
    steps.push(JSON.parse(JSON.stringify(orders)));
    scores.push(match.scores());
    rounds.push(match.round());
  }
  const replay: Replay = {
    header: {
      format: REPLAY_FORMAT,
      game: engine.name,
      engineVersion: engine.version,
      config: config as never,
      seed,
      players: names,
      digestEvery: 1,
    },
    steps,
    digests: [],
    frozen,
    complete: true,
    final: { over: match.isOver(), scores: match.scores() },
  };
  return { replay, scores, rounds, ...(recorder ? { res: recorder.text() } : {}) };
}

/** Every frame of `source` shows the engine's scores and rounds (frames visited out of order). */
export function expectFrames(view: GameView, source: Source, played: Played): void {
  expect(source.length).toBe(played.scores.length);
  const order = Array.from({ length: source.length }, (_, i) => i);
  // A fixed shuffle: jumps far back and forth, as scrubbing does.
  for (let i = order.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const i of order) {
    const frame = source.frame(i);
    expect(view.round(frame), `frame ${i}`).toBe(played.rounds[i]);
    expect(
      source.players(i).map((p) => p.score),
      `frame ${i}`,
    ).toEqual(played.scores[i]);
    expect(source.scores[i], `frame ${i}`).toEqual(played.scores[i]);
  }
}

/** The view's `.res` reading and its replay re-simulation agree with the engine, frame by frame. */
export function checkGame(view: GameView, played: Played): void {
  const replay = new ReplaySource(view, played.replay);
  expectFrames(view, replay, played);
  if (played.res !== undefined) {
    const res = new ResSource(view, played.res);
    expectFrames(view, res, played);
    for (let i = 0; i < res.length; i += Math.max(1, Math.floor(res.length / 17)))
      expect(replay.frame(i), `frame ${i}`).toEqual(res.frame(i));
  }
}

/** Opens a reference file (`<game>/<name>`) as the page would. */
export function openReference(path: string): Source {
  const bytes = readFileSync(`${reference}${path}`);
  return openFile(new Uint8Array(bytes), path);
}

/** Freezes player 1 before step 10 of a 30-step Demo match: it is OUT from frame 11 on, only it. */
export function checkFreeze(view: GameView, engine: AnyEngine): void {
  const played = play(engine, 2, { maxSteps: 30, freeze: { step: 10, player: 1 } });
  checkGame(view, played);
  const source = new ReplaySource(view, played.replay);
  const n = played.replay.header.players.length;
  for (let i = 0; i < source.length; i++)
    expect(source.players(i).map((p) => p.out)).toEqual(
      Array.from({ length: n }, (_, p) => p === 1 && i > 10),
    );
}
