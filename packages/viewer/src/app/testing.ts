// Test helpers (not part of the app): play a match with built-in bots without files, and check
// a game's view against the engine.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  type AnyEngine,
  type DeathEvent,
  endDigest,
  type GameEvent,
  type KillEvent,
  OrderCollector,
  REPLAY_FORMAT,
  type Replay,
  type ReplayFinal,
} from "@arena/core";
import { expect } from "vitest";
import { openFile } from "./load";
import { ReplaySource, ResSource, type Source } from "./source";
import type { BoardEvent, GameView } from "./types";

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
    final: withEndDigest(names, {
      over: match.isOver(),
      scores: match.scores(),
      // Format 3 checks that exactly the frozen players have a fault.
      ...(frozen.length > 0
        ? { faults: names.map((_, p) => (frozen.some((f) => f.player === p) ? "frozen" : null)) }
        : {}),
    }),
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

/** The engine's events of every step of `played` (re-simulated), index = step. */
export function engineEvents(engine: AnyEngine, played: Played): Array<readonly GameEvent[]> {
  const { header, steps } = played.replay;
  const match = engine.create(header.config, header.seed, header.players.length);
  const out: Array<readonly GameEvent[]> = [];
  let frozen = 0;
  for (const [s, step] of steps.entries()) {
    while (played.replay.frozen[frozen]?.step === s)
      match.freeze(played.replay.frozen[frozen++]!.player);
    match.step(step.map((list) => list.map((raw) => engine.parseOrder(raw))));
    out.push(match.events?.() ?? []);
  }
  return out;
}

/** The kills (killer and victim) and deaths (the unit) of engine events, as piece keys. */
function killsAndDeaths(events: readonly GameEvent[], key: (unit: number) => string) {
  const kills: string[] = [];
  const deaths: string[] = [];
  for (const e of events) {
    if (e.type === "kill") {
      const { killer, victim } = e as KillEvent;
      kills.push(`${key(killer.unit)} > ${key(victim.unit)}`);
    } else if (e.type === "death") deaths.push(key((e as DeathEvent).unit));
  }
  return { kills: kills.sort(), deaths: deaths.sort() };
}

/**
 * The kills and deaths a replay shows are the engine's, step by step; those a `.res` shows are
 * only sure ones: every death names a unit that died in that round (marked `inferred`), and a
 * kill (only where the file holds its cause) is one the engine reported. Returns how many of the
 * engine's deaths the `.res` shows, and its kills.
 */
export function checkEvents(
  view: GameView,
  played: Played,
  key: (unit: number) => string,
): { deaths: number; resDeaths: number; kills: number; resKills: number } {
  const truth = engineEvents(view.engine, played).map((events) => killsAndDeaths(events, key));
  const shown = (event: BoardEvent) => {
    const units = event.units ?? [];
    return event.kind === "kill" ? `${units[0]} > ${units[1]}` : units[units.length - 1]!;
  };
  const replay = new ReplaySource(view, played.replay);
  let deaths = 0;
  let kills = 0;
  for (let i = 1; i < replay.length; i++) {
    const events = replay.events(i);
    const want = truth[i - 1]!;
    expect(
      events
        .filter((e) => e.kind === "kill")
        .map(shown)
        .sort(),
      `frame ${i}`,
    ).toEqual(want.kills);
    expect(
      events
        .filter((e) => e.kind === "death")
        .map(shown)
        .sort(),
      `frame ${i}`,
    ).toEqual(want.deaths);
    expect(events.some((e) => e.inferred)).toBe(false);
    deaths += want.deaths.length;
    kills += want.kills.length;
  }
  let resDeaths = 0;
  let resKills = 0;
  if (played.res !== undefined) {
    const res = new ResSource(view, played.res);
    for (let i = 1; i < res.length; i++) {
      const events = res.events(i);
      const want = truth[i - 1]!;
      for (const e of events.filter((e) => e.kind === "death" || e.kind === "kill")) {
        expect(e.inferred, `frame ${i}: ${e.text}`).toBe(true);
        expect(e.kind === "kill" ? want.kills : want.deaths, `frame ${i}: ${e.text}`).toContain(
          shown(e),
        );
        if (e.kind === "kill") resKills++;
        else resDeaths++;
      }
    }
  }
  return { deaths, resDeaths, kills, resKills };
}

/** The text of a reference file (`<game>/<name>`, unpacked when `.gz`). */
export function readReference(path: string): string {
  const bytes = readFileSync(`${reference}${path}`);
  return (path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** A recorded original match (its orders `steps`, its `.res`) as `Played`: the replay of those orders. */
export function tracePlayed(
  engine: AnyEngine,
  config: unknown,
  seed: number,
  steps: unknown[][][],
  res: string,
): Played {
  const match = engine.create(config, seed, steps[0]!.length);
  const scores = [match.scores()];
  const rounds = [match.round()];
  for (const step of steps) {
    match.step(step);
    scores.push(match.scores());
    rounds.push(match.round());
  }
  const names = steps[0]!.map((_, p) => `player ${p}`);
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
    steps: JSON.parse(JSON.stringify(steps)),
    digests: [],
    frozen: [],
    complete: true,
    final: withEndDigest(names, { over: match.isOver(), scores: match.scores() }),
  };
  return { replay, res, scores, rounds };
}

/** Every event a `.res` source shows: no kill (those games' files never say who killed), deaths marked inferred. */
export function expectNoKillFromRes(source: Source): number {
  let deaths = 0;
  for (let i = 1; i < source.length; i++) {
    for (const e of source.events(i)) {
      expect(e.kind, `frame ${i}: ${e.text}`).not.toBe("kill");
      if (e.kind === "death") {
        expect(e.inferred, `frame ${i}: ${e.text}`).toBe(true);
        deaths++;
      }
    }
  }
  return deaths;
}

/** An end record with its format 3 digest over the names and the record (`endDigest`). */
function withEndDigest(players: readonly string[], final: ReplayFinal): ReplayFinal {
  return { ...final, digest: endDigest(players, final) };
}
