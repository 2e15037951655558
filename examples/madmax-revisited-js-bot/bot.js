#!/usr/bin/env node
// A Mad Max Revisited bot in plain JavaScript (no dependencies), speaking arena's JSON-lines
// protocol: each line on stdin is one JSON object, first {"type": "start", "settings": {…}} (no
// answer needed), then one {"type": "turn", "round": r, "view": {…}} per round, answered with one
// line {"orders": […]} on stdout. The view and orders are in packages/madmax-revisited/README.md.
//
// Strategy: every car looks two moves ahead. A move is fatal if it passes through a tyre, a car
// or a missile, or a cell a missile sweeps before the cars move next; it is out if it leaves the
// next round's window. Among the safe moves it takes the one collecting the most (water scores;
// gas and missile bonuses matter when low), plus the best safe follow-up from there. It shoots
// when an enemy car is straight ahead within six columns and the cell ahead is safe.
import { createInterface } from "node:readline";

// The nine moves [rows, columns]: up/level/down, and 0, 1 or 2 columns right.
const MOVES = [-1, 0, 1].flatMap((di) => [0, 1, 2].map((dj) => [di, dj]));

// The cells a move passes through, relative to the car, the destination last (the game's order).
function passed(di, dj) {
  if (dj === 0) return di === 0 ? [] : [[di, 0]];
  if (dj === 1)
    return di === 0
      ? [[0, 1]]
      : [
          [0, 1],
          [di, 0],
          [di, 1],
        ];
  return di === 0
    ? [
        [0, 1],
        [0, 2],
      ]
    : [
        [0, 1],
        [di, 0],
        [di, 1],
        [0, 2],
        [di, 2],
      ];
}

let settings;

function play(view) {
  const rows = view.map.length;
  const cols = view.map[0].length; // the universe's columns; they wrap around
  const wrap = (j) => ((j % cols) + cols) % cols;
  const key = (i, j) => i * cols + wrap(j);
  const letter = (i, j) => view.map[i][wrap(j)];
  // The window of round r covers columns r .. r + nbWinCols − 1 (mod cols).
  const inWindow = (j, round) => wrap(j - round) < settings.nbWinCols;
  const blocked = new Set();
  for (const car of view.cars) if (car.alive) blocked.add(key(car.row, car.column));
  for (const m of view.missiles) {
    blocked.add(key(m.row, m.column));
    // Missiles fly two columns a round: avoid what they sweep this round and the next.
    for (let dj = 1; dj <= 4; dj++) blocked.add(key(m.row, m.column + dj));
  }
  const orders = [];
  const claimed = new Set();

  // Value of a move from (i, j) on round `round`, or −Infinity when fatal or out.
  const value = (car, i, j, di, dj, round) => {
    const ti = i + di;
    if (ti < 0 || ti >= rows || !inWindow(j + dj, round + 1)) return Number.NEGATIVE_INFINITY;
    let total = 0;
    for (const [ci, cj] of passed(di, dj)) {
      const c = letter(i + ci, j + cj);
      if (c === "X" || blocked.has(key(i + ci, j + cj))) return Number.NEGATIVE_INFINITY;
      if (c === "W") total += 10;
      else if (c === "G") total += car.gas < 20 ? 30 : 3;
      else if (c === "M") total += car.nbMiss < 2 ? 6 : 1;
    }
    if (claimed.has(key(ti, j + dj))) return Number.NEGATIVE_INFINITY;
    // Room ahead of the window's trailing edge.
    return total + Math.min(wrap(j + dj - (round + 1)), 10) * 0.2;
  };

  for (const car of view.cars) {
    if (car.player !== view.me || !car.alive) continue;
    const { row: i, column: j } = car;
    if (car.nbMiss > 0) {
      let enemyAhead = false;
      for (let dj = 3; dj <= 6; dj++) {
        const other = view.cars.find(
          (c) => c.alive && c.row === i && c.column === wrap(j + dj) && c.player !== view.me,
        );
        if (other) enemyAhead = true;
        if (other || letter(i, j + dj) !== ".") break;
      }
      if (enemyAhead && value(car, i, j, 0, 1, view.round) > Number.NEGATIVE_INFINITY) {
        orders.push({ car: car.cid, kind: "shoot" });
        claimed.add(key(i, j + 1));
        continue;
      }
    }
    let best = [0, 1];
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const [di, dj] of MOVES) {
      const first = value(car, i, j, di, dj, view.round);
      if (first === Number.NEGATIVE_INFINITY) continue;
      let follow = Number.NEGATIVE_INFINITY;
      for (const [di2, dj2] of MOVES)
        follow = Math.max(follow, value(car, i + di, j + dj, di2, dj2, view.round + 1));
      // A move with no safe follow-up is a trap.
      const total = first + (follow === Number.NEGATIVE_INFINITY ? -50 : 0.5 * follow);
      if (total > bestValue) {
        bestValue = total;
        best = [di, dj];
      }
    }
    claimed.add(key(i + best[0], j + best[1]));
    orders.push({ car: car.cid, kind: "move", dir: best });
  }
  return orders;
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") settings = message.settings;
  else if (message.type === "turn")
    process.stdout.write(`${JSON.stringify({ orders: play(message.view) })}\n`);
});
lines.on("close", () => process.exit(0));
