#!/usr/bin/env python3
"""A starter Mad Max bot in Python (standard library only).

It speaks arena's JSON-lines protocol: each line on stdin is one JSON object, first
{"type": "start", "player": p, "settings": {...}}, then one {"type": "turn", "round": r,
"view": {...}} per round, answered with one line {"orders": [...]} on stdout (flushed).
Every field of the settings, the view and the orders is documented in the @arena/madmax
README and in its JSON Schema (@arena/madmax/schema.json). Debug prints go to stderr.

Strategy: every unit that may move this round moves in a random direction it may take. Make it
yours.
"""
import json
import random
import sys

# The eight moves of the original Dir, in its order (None, "n", is left out): (rows, columns).
STEPS = {"b": (1, 0), "w": (1, 1), "r": (0, 1), "x": (-1, 1),
         "t": (-1, 0), "y": (-1, -1), "l": (0, -1), "z": (1, -1)}


def can_enter(unit, i, j, board, blocked):
    """Whether unit may enter cell (i, j): on the board, desert (.) or road (R), or a city (0-3)
    for a warrior (the game rejects a move into water W, a station S, a wall X or off the board),
    and not blocked: no unit of mine on it or moving there (a move onto my own unit captures one
    of them)."""
    if not (0 <= i < len(board) and 0 <= j < len(board[i])) or (i, j) in blocked:
        return False
    return board[i][j] in ".R" or (board[i][j] in "0123" and unit["type"] == "warrior")


def play(view, settings):
    me, board = view["me"], view["map"]
    orders = []
    blocked = {(u["i"], u["j"]) for u in view["units"] if u["player"] == me}
    for unit in view["units"]:
        if unit["player"] == me and unit["canMove"]:
            dirs = [d for d, (di, dj) in STEPS.items()
                    if can_enter(unit, unit["i"] + di, unit["j"] + dj, board, blocked)]
            if dirs:
                d = random.choice(dirs)
                blocked.add((unit["i"] + STEPS[d][0], unit["j"] + STEPS[d][1]))
                orders.append({"unit": unit["id"], "dir": d})
    return orders


def main():
    random.seed(1)
    settings = {}
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            settings = message["settings"]
        elif message["type"] == "turn":
            sys.stdout.write(json.dumps({"orders": play(message["view"], settings)}) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
