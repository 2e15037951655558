// The events the rules report, checked against the states the original engine recorded: over
// every round of the golden games (owners, connections, triangles and keys of the recorded states
// must follow from the events), and rule by rule on small hand-made maps.
import { describe, expect, it } from "vitest";
import { engine } from "./engine";
import type { LighthousesEvent } from "./events";
import { available, goldenGames, loadGame } from "./golden-fixture";
import { LighthousesMatch } from "./match";
import {
  capture,
  connect,
  lighthouse,
  matchOn,
  nextRound,
  openMap,
  passTurn,
  place,
  play,
} from "./test-helpers";

type Pos = [number, number];

/** A recorded state (the golden `*_states.jsonl` lines), as far as the checks read it. */
interface Recorded {
  players: Array<{ keys: Pos[] }>;
  lighthouses: Array<{ pos: Pos; owner: number }>;
  connections: Pos[][];
  triangles: Array<{ vertices: Pos[] }>;
}

const key = (p: Pos) => `${p[0]},${p[1]}`;
const edge = (a: Pos, b: Pos) => [key(a), key(b)].sort().join(" ");
const triangle = (vertices: Pos[]) => vertices.map(key).sort().join(" ");

/**
 * What is wrong with `steps` (each turn's mover and events) as the account of the round from
 * `before` to `after` (empty: they agree). Owners, connections, triangles and keys are replayed
 * from the events and must end as recorded; a turn's command events are its mover's.
 */
function problems(
  before: Recorded,
  after: Recorded,
  steps: Array<{ mover: number; events: readonly LighthousesEvent[] }>,
  positions: Pos[],
): string[] {
  const out: string[] = [];
  const L = positions.length;
  const owner = new Map(before.lighthouses.map((l) => [key(l.pos), l.owner]));
  const connections = new Set(before.connections.map(([a, b]) => edge(a!, b!)));
  const triangles = new Set(before.triangles.map((t) => triangle(t.vertices)));
  const keys = before.players.map((p) => new Set(p.keys.map(key)));
  const lighthouse = (l: number, at: Pos) =>
    Number.isInteger(l) && l >= 0 && l < L && key(positions[l]!) === key(at);
  const forget = (l: string) => {
    for (const c of [...connections]) if (c.split(" ").includes(l)) connections.delete(c);
    for (const t of [...triangles]) if (t.split(" ").includes(l)) triangles.delete(t);
  };
  for (const { mover, events } of steps) {
    for (const e of events) {
      const where = `${JSON.stringify(e)} (turn of player ${mover})`;
      if (!(e.player === undefined || (e.player >= 0 && e.player < keys.length)))
        out.push(`${where}: no such player`);
      if (e.type === "attack") {
        if (!lighthouse(e.lighthouse, e.at) || e.player !== mover) out.push(`${where}: bad`);
        else if (owner.get(key(e.at)) !== e.owner) out.push(`${where}: not its owner then`);
      } else if (e.type === "neutralise") {
        if (!lighthouse(e.lighthouse, e.at) || owner.get(key(e.at)) !== e.owner || e.owner < 0)
          out.push(`${where}: not owned by ${e.owner} then`);
        if (e.cause === "attack" && e.player !== mover)
          out.push(`${where}: not the mover's attack`);
        owner.set(key(e.at), -1);
        forget(key(e.at));
      } else if (e.type === "capture") {
        if (!lighthouse(e.lighthouse, e.at) || owner.get(key(e.at)) !== -1 || e.player !== mover)
          out.push(`${where}: not a neutral lighthouse taken by the mover`);
        owner.set(key(e.at), e.player);
      } else if (e.type === "connect") {
        const [a, b] = e.lighthouses;
        if (!lighthouse(a, e.at) || !lighthouse(b, e.to) || e.player !== mover)
          out.push(`${where}: bad`);
        else if (owner.get(key(e.at)) !== e.player || owner.get(key(e.to)) !== e.player)
          out.push(`${where}: not both the player's`);
        else if (!keys[e.player]!.delete(key(e.to))) out.push(`${where}: without the key`);
        connections.add(edge(e.at, e.to));
      } else if (e.type === "triangle") {
        const vertices = e.lighthouses.map((l) => positions[l]!);
        if (e.player !== mover || vertices.some((v) => v === undefined)) out.push(`${where}: bad`);
        else triangles.add(triangle(vertices));
      } else if (e.type === "key") {
        if (!lighthouse(e.lighthouse, e.at) || keys[e.player]!.has(key(e.at)))
          out.push(`${where}: not a new key`);
        keys[e.player]?.add(key(e.at));
      } else out.push(`${where}: unknown type`);
    }
  }
  for (const l of after.lighthouses)
    if (owner.get(key(l.pos)) !== l.owner)
      out.push(
        `lighthouse ${key(l.pos)}: owner ${l.owner} recorded, ${owner.get(key(l.pos))} from the events`,
      );
  const same = (a: Set<string>, b: Set<string>) =>
    a.size === b.size && [...a].every((x) => b.has(x));
  if (!same(connections, new Set(after.connections.map(([a, b]) => edge(a!, b!)))))
    out.push(`the connections differ: ${[...connections].join(", ")}`);
  if (!same(triangles, new Set(after.triangles.map((t) => triangle(t.vertices)))))
    out.push("the triangles differ");
  after.players.forEach((p, n) => {
    if (!same(keys[n]!, new Set(p.keys.map(key)))) out.push(`player ${n}'s keys differ`);
  });
  return out;
}

describe.skipIf(!available)("Lighthouses events over the original engine's golden games", () => {
  it.each(goldenGames)("agree with every round of $name", ({ name, map }) => {
    const { transcript, states, config, numPlayers, rounds } = loadGame(name, map);
    const match = new LighthousesMatch(config, numPlayers);
    const positions = Array.from(
      { length: match.numLighthouses },
      (_, l): Pos => [match.lhX[l]!, match.lhY[l]!],
    );
    const replies = transcript.filter((e) => e.dir === "from_bot" && e.round >= 0);
    expect(replies).toHaveLength(rounds * numPlayers);
    const counts: Record<string, number> = {};
    let turns: Array<{ mover: number; events: readonly LighthousesEvent[] }> = [];
    for (const reply of replies) {
      const round = match.round();
      const [mover] = match.toMove();
      expect([reply.round, reply.player]).toEqual([round, mover]);
      const orders = engine.protocol!.orders(reply.msg).map((o) => engine.parseOrder(o));
      match.step(Array.from({ length: numPlayers }, (_, p) => (p === mover ? orders : [])));
      turns.push({ mover: mover!, events: match.events() });
      for (const e of match.events()) counts[e.type] = (counts[e.type] ?? 0) + 1;
      if (turns.length < numPlayers) continue;
      // From this round's start ("pre") to the next one's (the end, after the last round).
      const before = states[2 * round] as unknown as Recorded;
      const after = (states[2 * round + 2] ?? states[2 * round + 1]) as unknown as Recorded;
      const found = problems(before, after, turns, positions);
      if (found.length > 0) expect.fail(`round ${round}: ${found.join("; ")}`);
      turns = [];
    }
    expect(match.isOver()).toBe(true);
    expect(counts.capture).toBeGreaterThan(0);
  });
});

// Land x 1..9, y 1..5; lighthouses on a 3×3 lattice plus (7,3) (as in rules.test.ts).
const lattice = () =>
  openMap(9, 5, {
    "1,1": "!",
    "5,1": "!",
    "9,1": "!",
    "1,5": "!",
    "5,5": "!",
    "9,5": "!",
    "7,3": "!",
    "3,3": "A",
    "4,3": "B",
  });

describe("Lighthouses events, rule by rule", () => {
  it("a key at the start of a round, only when new; told in the step that started the round", () => {
    const match = matchOn(lattice(), 2);
    place(match, 0, 1, 1);
    passTurn(match);
    expect(match.events()).toEqual([]);
    passTurn(match);
    const l = lighthouse(match, 1, 1);
    expect(match.events()).toEqual([{ type: "key", player: 0, lighthouse: l, at: [1, 1] }]);
    nextRound(match);
    expect(match.events()).toEqual([]);
  });

  it("attacks: a capture of a neutral one, a recharge, and taking another's (neutralised, then captured)", () => {
    const match = matchOn(lattice(), 2);
    const l = lighthouse(match, 1, 1);
    place(match, 0, 1, 1);
    match.playerEnergy[0] = 100;
    play(match, 0, { command: "attack", energy: 30 });
    expect(match.events()).toEqual([
      { type: "attack", player: 0, lighthouse: l, at: [1, 1], energy: 30, owner: -1 },
      { type: "capture", player: 0, lighthouse: l, at: [1, 1], energy: 30 },
    ]);
    play(match, 0, { command: "attack", energy: 20 });
    expect(match.events()).toEqual([
      { type: "attack", player: 0, lighthouse: l, at: [1, 1], energy: 20, owner: 0 },
    ]);
    place(match, 1, 1, 1);
    match.playerEnergy[1] = 1000;
    play(match, 1, { command: "attack", energy: 1000 });
    // It held 40 (30 + 20, less 10 of decay); player 1's was the round's last turn: the next
    // round's start gives it the key.
    expect(match.events()).toEqual([
      { type: "attack", player: 1, lighthouse: l, at: [1, 1], energy: 1000, owner: 0 },
      { type: "neutralise", lighthouse: l, at: [1, 1], owner: 0, cause: "attack", player: 1 },
      { type: "capture", player: 1, lighthouse: l, at: [1, 1], energy: 1000 - 40 },
      { type: "key", player: 1, lighthouse: l, at: [1, 1] },
    ]);
  });

  it("connections and the triangle they close; decay neutralising a lighthouse at a round's start", () => {
    const match = matchOn(lattice(), 2);
    capture(match, 0, 1, 1, 500);
    capture(match, 0, 5, 1, 500);
    // 25: 15 and 5 after the decay of the next two rounds' starts, neutral at the third.
    capture(match, 0, 1, 5, 25);
    const [a, b, c] = [lighthouse(match, 1, 1), lighthouse(match, 5, 1), lighthouse(match, 1, 5)];
    connect(match, 0, [5, 1], [1, 1]);
    expect(match.events()).toEqual([
      { type: "connect", player: 0, lighthouses: [b, a], at: [5, 1], to: [1, 1] },
    ]);
    connect(match, 0, [1, 5], [5, 1]);
    connect(match, 0, [1, 5], [1, 1]);
    expect(match.events()).toEqual([
      { type: "connect", player: 0, lighthouses: [c, a], at: [1, 5], to: [1, 1] },
      { type: "triangle", player: 0, lighthouses: [c, a, b], cells: 6 },
    ]);
    place(match, 0, 3, 3);
    nextRound(match);
    expect(match.events()).toEqual([
      { type: "neutralise", lighthouse: c, at: [1, 5], owner: 0, cause: "decay" },
    ]);
  });
});

describe.skipIf(!available)("the events check can fail", () => {
  it("rejects a missing capture, an invented key and a missing connect", () => {
    const { transcript, states, config, numPlayers } = loadGame(
      "lineup_scripted",
      "maps/synthetic/lineup.txt",
    );
    const match = new LighthousesMatch(config, numPlayers);
    const positions = Array.from(
      { length: match.numLighthouses },
      (_, l): Pos => [match.lhX[l]!, match.lhY[l]!],
    );
    const replies = transcript.filter((e) => e.dir === "from_bot" && e.round >= 0);
    // Play up to the round of the first capture and connect, checking each with altered events.
    const altered = { capture: false, connect: false };
    for (let k = 0; k < replies.length; k += numPlayers) {
      const round = match.round();
      const turns = replies.slice(k, k + numPlayers).map((reply) => {
        const orders = engine.protocol!.orders(reply.msg).map((o) => engine.parseOrder(o));
        match.step(
          Array.from({ length: numPlayers }, (_, p) => (p === reply.player ? orders : [])),
        );
        return { mover: reply.player, events: match.events() };
      });
      const before = states[2 * round] as unknown as Recorded;
      const after = (states[2 * round + 2] ?? states[2 * round + 1]) as unknown as Recorded;
      expect(problems(before, after, turns, positions)).toEqual([]);
      const without = (type: string) =>
        turns.map((t) => ({ ...t, events: t.events.filter((e) => e.type !== type) }));
      if (turns.some((t) => t.events.some((e) => e.type === "capture"))) {
        expect(problems(before, after, without("capture"), positions).join()).toMatch(/owner/);
        altered.capture = true;
      }
      if (turns.some((t) => t.events.some((e) => e.type === "connect"))) {
        const invented = [
          ...turns,
          {
            mover: 0,
            events: [{ type: "key", player: 0, lighthouse: 0, at: positions[0]! } as const],
          },
        ];
        expect(problems(before, after, invented, positions).join()).toMatch(
          /keys differ|not a new key/,
        );
        expect(problems(before, after, without("connect"), positions).join()).toMatch(
          /connections differ/,
        );
        altered.connect = true;
      }
      if (altered.capture && altered.connect) break;
    }
    expect(altered).toEqual({ capture: true, connect: true });
  });
});
