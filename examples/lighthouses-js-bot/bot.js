#!/usr/bin/env node
// A Lighthouses (Faros Láser) bot in plain JavaScript (Node's standard library only), speaking the
// original protocol: one JSON object per line on stdin/stdout. Debug output goes to stderr,
// prefixed with the bot's name as the statement asks.
//
// Strategy (greedy): capture lighthouses it can afford, recharge its weak ones, connect whenever
// it holds a key (preferring connections that close triangles), otherwise walk to the nearest
// useful lighthouse, picking the richest cell on the way.
import { createInterface } from "node:readline";

const NAME = "JsBot";
const NEIGHBOURS = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];

let me = 0;
let island = []; // island[y][x] = 1 for land
let lighthousePositions = [];
let distance = []; // distance[l][y][x]: steps from lighthouse l (8 neighbours, over land)

const debug = (text) => process.stderr.write(`[${NAME}] ${text}\n`);
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const key = ([x, y]) => `${x},${y}`;

function bfs([sx, sy]) {
  const dist = island.map((row) => row.map(() => -1));
  dist[sy][sx] = 0;
  const queue = [[sx, sy]];
  for (let head = 0; head < queue.length; head++) {
    const [x, y] = queue[head];
    for (const [dx, dy] of NEIGHBOURS) {
      const nx = x + dx;
      const ny = y + dy;
      if (island[ny]?.[nx] !== 1 || dist[ny][nx] !== -1) continue;
      dist[ny][nx] = dist[y][x] + 1;
      queue.push([nx, ny]);
    }
  }
  return dist;
}

const orient = (a, b, c) => (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
const crosses = (p, q, r, s) =>
  orient(r, s, p) * orient(r, s, q) < 0 && orient(p, q, r) * orient(p, q, s) < 0;
const onSegment = (a, b, l) =>
  l[0] >= Math.min(a[0], b[0]) &&
  l[0] <= Math.max(a[0], b[0]) &&
  l[1] >= Math.min(a[1], b[1]) &&
  l[1] <= Math.max(a[1], b[1]) &&
  orient(a, b, l) === 0;

function bestConnection(origin, lighthouses) {
  const connected = new Set(origin.connections.map(key));
  const segments = lighthouses.flatMap((lh) => lh.connections.map((other) => [lh.position, other]));
  let best;
  let bestScore = -1;
  for (const lh of lighthouses) {
    if (lh === origin || lh.owner !== me || !lh.have_key || connected.has(key(lh.position)))
      continue;
    if (
      lighthouses.some(
        (o) => o !== lh && o !== origin && onSegment(origin.position, lh.position, o.position),
      )
    )
      continue;
    if (segments.some(([c, d]) => crosses(origin.position, lh.position, c, d))) continue;
    const theirs = new Set(lh.connections.map(key));
    const closes = origin.connections.filter((c) => theirs.has(key(c))).length;
    if (closes > bestScore) {
      bestScore = closes;
      best = lh;
    }
  }
  return best;
}

function chooseTarget(state, here) {
  const [x, y] = state.position;
  const owned = state.lighthouses.filter((lh) => lh.owner === me).length;
  let best;
  let bestCost = Infinity;
  state.lighthouses.forEach((lh, l) => {
    if (lh === here) return;
    const d = distance[l][y][x];
    if (d < 0) return;
    let cost;
    if (lh.owner !== me) {
      if (state.energy + d * 10 < lh.energy + 20) return;
      cost = d;
    } else if (!lh.have_key && owned >= 2 && lh.connections.length < owned - 1) {
      cost = d + 2;
    } else if (lh.energy < 60 && state.energy >= 60) {
      cost = d + 4;
    } else return;
    if (cost < bestCost) {
      bestCost = cost;
      best = l;
    }
  });
  return best;
}

function turn(state) {
  const [x, y] = state.position;
  const here = state.lighthouses.find((lh) => lh.position[0] === x && lh.position[1] === y);
  if (here) {
    if (here.owner !== me && state.energy > here.energy)
      return { command: "attack", energy: state.energy };
    if (here.owner === me) {
      const target = bestConnection(here, state.lighthouses);
      if (target) return { command: "connect", destination: target.position };
      if (here.energy < 150 && state.energy >= 30)
        return { command: "attack", energy: Math.min(state.energy, 300 - here.energy) };
    }
  }
  const target = chooseTarget(state, here);
  let best = { command: "pass" };
  let bestDistance = Infinity;
  let bestEnergy = -1;
  for (const [dx, dy] of NEIGHBOURS) {
    const nx = x + dx;
    const ny = y + dy;
    if (island[ny]?.[nx] !== 1) continue;
    const energy = state.view[3 + dy][3 + dx];
    const d = target === undefined ? 0 : distance[target][ny][nx];
    if (d < bestDistance || (d === bestDistance && energy > bestEnergy)) {
      best = { command: "move", x: dx, y: dy };
      bestDistance = d;
      bestEnergy = energy;
    }
  }
  return best;
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if ("player_num" in message) {
    me = message.player_num;
    island = message.map;
    lighthousePositions = message.lighthouses;
    distance = lighthousePositions.map(bfs);
    send({ name: NAME });
  } else if ("success" in message) {
    if (!message.success) debug(`command failed: ${message.message}`);
  } else {
    send(turn(message));
  }
});
// The engine closes stdin at the end of the game.
lines.on("close", () => process.exit(0));
