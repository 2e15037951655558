#!/usr/bin/env python3
"""A starter Bola de Drac bot in Python (standard library only).

It speaks arena's JSON-lines protocol: each line on stdin is one JSON object, first
{"type": "start", "player": p, "settings": {...}}, then one {"type": "turn", "round": r,
"view": {...}} per round, answered with one line {"orders": [...]} on stdout (flushed).
Every field of the settings, the view and the orders is documented in the @arena/dragonball
README and in its JSON Schema (@arena/dragonball/schema.json). Debug prints go to stderr.

Strategy: the goku walks in a random direction free of rocks, when the rules let it move. Make
it yours.
"""
import json
import random
import sys


# The four directions, and the step each one takes: (rows, columns).
STEPS = {"t": (-1, 0), "b": (1, 0), "l": (0, -1), "r": (0, 1)}


def play(view, settings):
    goku, board, rnd = view["gokus"][view["me"]], view["map"], view["round"]
    if not goku["alive"]:
        return []
    if goku["kinton"] == 0:
        # Without a kinton cloud, a goku acts only in even rounds, and a move in a round = 2
        # (mod 4) costs movingPenalty strength: too weak, it must wait (the game would reject it).
        if rnd % 2 != 0 or (rnd % 4 == 2 and goku["strength"] < settings["movingPenalty"]):
            return []
    i, j = goku["pos"]["i"], goku["pos"]["j"]
    free = [d for d, (di, dj) in STEPS.items()
            if 0 <= i + di < len(board) and 0 <= j + dj < len(board[0])
            and board[i + di][j + dj] != "X"]  # X: a rock
    return [{"kind": "move", "dir": random.choice(free)}] if free else []


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
