#!/usr/bin/env python3
"""A Money Heist bot in Python (standard library only), speaking arena's JSON-lines protocol.

Each line on stdin is one JSON object: first {"type": "start", ...}, then one
{"type": "turn", "round": r, "view": {...}} per round, answered with one line
{"orders": [...]} on stdout (flushed). The view and orders are documented in
packages/moneyheist/README.md.

Strategy: every soldier poisons an adjacent enemy when it has poison, recharges when it
has none and the pot has some, and otherwise walks (breadth-first) to the nearest money or
kit. The professor heals when hurt.
"""
import json
import sys
from collections import deque

DIRS = {"d": (1, 0), "r": (0, 1), "u": (-1, 0), "l": (0, -1)}


def distances(board, sources):
    """Moves from every corridor cell to the nearest source cell (None where unreachable)."""
    rows, cols = len(board), len(board[0])
    dist = [[None] * cols for _ in range(rows)]
    queue = deque()
    for i, j in sources:
        dist[i][j] = 0
        queue.append((i, j))
    while queue:
        i, j = queue.popleft()
        for di, dj in DIRS.values():
            a, b = i + di, j + dj
            if 0 <= a < rows and 0 <= b < cols and dist[a][b] is None and board[a][b] not in "WB":
                dist[a][b] = dist[i][j] + 1
                queue.append((a, b))
    return dist


def play(view):
    me = view["me"]
    board = view["board"]
    rows, cols = len(board), len(board[0])
    goods = [(i, j) for i in range(rows) for j in range(cols) if board[i][j] in "MHP"]
    dist = distances(board, goods)
    owner = {(u["i"], u["j"]): u["player"] for u in view["units"] if u["roundsForReborn"] <= 0}
    taken = set()
    orders = []
    for unit in view["units"]:
        if unit["player"] != me or unit["type"] != "soldier":
            continue
        i, j = unit["i"], unit["j"]
        if unit["poison"] > 0:
            enemy = next((d for d, (di, dj) in DIRS.items()
                          if owner.get((i + di, j + dj), me) != me), None)
            if enemy:
                orders.append({"unit": unit["id"], "kind": "move", "dir": enemy})
                continue
        elif view["poison"][me] > 0:
            orders.append({"unit": unit["id"], "kind": "charge"})
            continue
        best, best_dist = None, dist[i][j]
        for d, (di, dj) in DIRS.items():
            a, b = i + di, j + dj
            if not (0 <= a < rows and 0 <= b < cols) or (a, b) in taken or (a, b) in owner:
                continue
            if dist[a][b] is not None and (best_dist is None or dist[a][b] < best_dist):
                best, best_dist = d, dist[a][b]
        if best:
            di, dj = DIRS[best]
            taken.add((i + di, j + dj))
            orders.append({"unit": unit["id"], "kind": "move", "dir": best})
    professor = view["units"][me]
    if professor["roundsForReborn"] <= 0 and professor["health"] < 100 and view["health"][me] > 0:
        orders.append({"unit": me, "kind": "heal"})
    return orders


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "turn":
            print(json.dumps({"orders": play(message["view"])}), flush=True)


if __name__ == "__main__":
    main()
