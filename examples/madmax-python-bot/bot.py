#!/usr/bin/env python3
"""A Mad Max bot in Python (standard library only), speaking arena's JSON-lines protocol.

Each line on stdin is one JSON object: first {"type": "start", ...} (no answer needed), then
one {"type": "turn", "round": r, "view": {...}} per round, answered with one line
{"orders": [...]} on stdout, flushed. The view and the orders are documented in
packages/madmax/README.md: `map` has one string per row (`.` desert, `R` road, `W` water,
`S` fuel station, `X` wall, `0`-`3` a city cell and its owner), `units` every unit with its
position (`i` row, growing down; `j` column, growing right), `food` and `water` (a car's fuel
is its `food`), and `canMove`.

Strategy: a warrior short of water walks to the nearest cell next to water; otherwise it
walks to the nearest city cell not owned by its team, and stays once inside a city. A car
drives towards the nearest enemy warrior outside the cities (to run it over), or towards a
cell next to a station when its fuel is low. Moves are chosen by breadth-first distance.
"""
import json
import sys
from collections import deque

# Direction letters in the original order, with their (row, column) steps.
DIRS = {"b": (1, 0), "w": (1, 1), "r": (0, 1), "x": (-1, 1),
        "t": (-1, 0), "y": (-1, -1), "l": (0, -1), "z": (1, -1)}
CITY = "0123"
STATIC = {}


def neighbours(board, i, j):
    for di, dj in DIRS.values():
        a, b = i + di, j + dj
        if 0 <= a < len(board) and 0 <= b < len(board[0]):
            yield a, b


def distances(board, sources, passable):
    """Moves (8 directions) from every passable cell to the nearest source (None: unreachable)."""
    dist = [[None] * len(board[0]) for _ in board]
    queue = deque()
    for i, j in sources:
        dist[i][j] = 0
        queue.append((i, j))
    while queue:
        i, j = queue.popleft()
        for a, b in neighbours(board, i, j):
            if dist[a][b] is None and passable(board[a][b]):
                dist[a][b] = dist[i][j] + 1
                queue.append((a, b))
    return dist


def step_towards(board, unit, dist, occupied, passable):
    """The direction that gets `unit` closer on `dist` onto a free cell, or None."""
    i, j = unit["i"], unit["j"]
    best, best_dist = None, dist[i][j]
    for letter, (di, dj) in DIRS.items():
        a, b = i + di, j + dj
        if not (0 <= a < len(board) and 0 <= b < len(board[0])):
            continue
        if (a, b) in occupied or not passable(board[a][b]) or dist[a][b] is None:
            continue
        if best_dist is None or dist[a][b] < best_dist:
            best, best_dist = letter, dist[a][b]
    return best


def play(view):
    me, board = view["me"], view["map"]
    rows, cols = len(board), len(board[0])
    cells = [(i, j) for i in range(rows) for j in range(cols)]

    def on_foot(c):  # warriors walk on desert, road and city
        return c in ".R" or c in CITY

    def on_wheels(c):  # cars drive on desert and road
        return c in ".R"

    def next_to(kind):
        return [(i, j) for i, j in cells
                if any(board[a][b] == kind for a, b in neighbours(board, i, j))]

    # Water, stations, walls and roads never change: their distances are computed once.
    if not STATIC:
        STATIC["water"] = distances(
            board, [c for c in next_to("W") if on_foot(board[c[0]][c[1]])], on_foot)
        STATIC["station"] = distances(
            board, [c for c in next_to("S") if on_wheels(board[c[0]][c[1]])], on_wheels)
    to_water, to_station = STATIC["water"], STATIC["station"]
    mine = [u for u in view["units"] if u["player"] == me and u["canMove"]]
    if not mine:
        return []
    walking = any(u["type"] == "warrior" for u in mine)
    to_city = None if not walking else distances(board, [(i, j) for i, j in cells if board[i][j] in CITY
                                and board[i][j] != str(me)], on_foot)
    prey = [(u["i"], u["j"]) for u in view["units"]
            if u["type"] == "warrior" and u["player"] != me and board[u["i"]][u["j"]] not in CITY]
    to_prey = distances(board, prey, on_wheels)
    occupied = {(u["i"], u["j"]) for u in view["units"]}
    orders = []
    for unit in mine:
        if unit["type"] == "warrior":
            if unit["water"] < 15:
                target = to_water
            elif board[unit["i"]][unit["j"]] in CITY:
                continue  # hold the city
            else:
                target = to_city
            passable = on_foot
        else:
            target = to_station if unit["food"] < 30 else to_prey
            passable = on_wheels
        # Cars may run over enemy warriors: their cells are not "occupied" for them.
        blocked = occupied if unit["type"] == "warrior" else occupied - set(prey)
        letter = step_towards(board, unit, target, blocked, passable)
        if letter:
            di, dj = DIRS[letter]
            occupied.discard((unit["i"], unit["j"]))
            occupied.add((unit["i"] + di, unit["j"] + dj))
            orders.append({"unit": unit["id"], "dir": letter})
    return orders


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "turn":
            print(json.dumps({"orders": play(message["view"])}), flush=True)


if __name__ == "__main__":
    main()
