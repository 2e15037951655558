// Test-only helpers to build small positions by hand. Not exported from the package.
import { type NeutralOwner, parseConfig } from "./config";
import { LighthousesMatch, type PhaseObserver } from "./match";
import type { CommandResult, LighthousesOrder } from "./types";

/** A match on a hand-drawn map (lines top row first), `rounds` long. */
export function matchOn(
  lines: string[],
  numPlayers: number,
  rounds = 100,
  options: { singleKey?: boolean; neutralOwner?: NeutralOwner; observer?: PhaseObserver } = {},
): LighthousesMatch {
  const config = {
    ...parseConfig(lines.join("\n"), "test map"),
    rounds,
    singleKey: options.singleKey ?? false,
    neutralOwner: options.neutralOwner === undefined ? null : options.neutralOwner,
  };
  return new LighthousesMatch(
    config,
    numPlayers,
    options.observer ? { observer: options.observer } : {},
  );
}

/** Lets every other player pass until it is `player`'s turn, then plays `order`; returns its result. */
export function play(
  match: LighthousesMatch,
  player: number,
  order: LighthousesOrder | undefined,
): CommandResult {
  while (match.toMove()[0] !== player) passTurn(match);
  const orders = Array.from({ length: match.numPlayers }, (_, p) =>
    p === player && order ? [order] : [],
  );
  match.step(orders);
  return match.results[player]!;
}

/** The player to move passes. */
export function passTurn(match: LighthousesMatch): void {
  match.step(Array.from({ length: match.numPlayers }, () => []));
}

/** Passes until the next round has started (its start-of-round phase done). */
export function nextRound(match: LighthousesMatch): void {
  const round = match.round();
  while (match.round() === round) passTurn(match);
}

/** Puts `player` at (x, y) (test setup; no rules applied). */
export function place(match: LighthousesMatch, player: number, x: number, y: number): void {
  match.playerX[player] = x;
  match.playerY[player] = y;
}

/** Index of the lighthouse at (x, y). */
export function lighthouse(match: LighthousesMatch, x: number, y: number): number {
  const l = match.lighthouseAt(x, y);
  if (l < 0) throw new Error(`no lighthouse at ${x},${y}`);
  return l;
}

/**
 * Test setup: `player` owns the lighthouse at (x, y) with `energy`, holds its key, and stands on
 * it (the attack arithmetic that gets there is tested on its own).
 */
export function capture(
  match: LighthousesMatch,
  player: number,
  x: number,
  y: number,
  energy: number,
): void {
  const l = lighthouse(match, x, y);
  if (match.lhOwner[l] !== -1 && match.lhOwner[l] !== player)
    throw new Error("owned by another player");
  match.lhOwner[l] = player;
  match.lhEnergy[l] = energy;
  match.keys[player * match.numLighthouses + l] = 1;
  place(match, player, x, y);
}

/** Lets the others pass until it is `player`'s turn (a start of round may happen on the way). */
export function untilTurn(match: LighthousesMatch, player: number): void {
  while (match.toMove()[0] !== player) passTurn(match);
}

/** Gives `player` the key of the lighthouse at (x, y) (test setup). */
export function giveKey(match: LighthousesMatch, player: number, x: number, y: number): void {
  match.keys[player * match.numLighthouses + lighthouse(match, x, y)] = 1;
}

/** On `player`'s turn: stands it on `from`, gives it the key of `to`, and plays the connect. */
export function connect(
  match: LighthousesMatch,
  player: number,
  from: [number, number],
  to: [number, number],
  withKey = true,
): CommandResult {
  untilTurn(match, player);
  place(match, player, from[0], from[1]);
  if (withKey) giveKey(match, player, to[0], to[1]);
  return play(match, player, { command: "connect", destination: to });
}

/** An open rectangle of land `w` × `h` inside a water border, with extra marks at (x, y). */
export function openMap(w: number, h: number, marks: Record<string, string>): string[] {
  const rows: string[][] = [];
  for (let row = 0; row < h + 2; row++) {
    rows.push(
      Array.from({ length: w + 2 }, (_, col) =>
        row === 0 || row === h + 1 || col === 0 || col === w + 1 ? "#" : " ",
      ),
    );
  }
  for (const [key, ch] of Object.entries(marks)) {
    const [x, y] = key.split(",").map(Number) as [number, number];
    rows[h + 1 - y]![x] = ch;
  }
  return rows.map((r) => r.join(""));
}
