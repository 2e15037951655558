#!/usr/bin/env python3
"""A starter Mad Max Revisited bot in Python (standard library only).

It speaks arena's JSON-lines protocol: each line on stdin is one JSON object, first
{"type": "start", "player": p, "settings": {...}}, then one {"type": "turn", "round": r,
"view": {...}} per round, answered with one line {"orders": [...]} on stdout (flushed).
Every field of the settings, the view and the orders is documented in the
@arena/madmax-revisited README and in its JSON Schema (@arena/madmax-revisited/schema.json).
Debug prints go to stderr.

Strategy: every car shoots now and then when it has missiles, otherwise drifts one row up or
down (or keeps its row) as it advances, never off the board. Make it yours.
"""
import json
import random
import sys


def play(view, settings):
    me = view["me"]
    orders = []
    for car in view["cars"]:
        if car["player"] != me or not car["alive"]:
            continue
        if car["nbMiss"] > 0 and random.randint(0, 3) == 0:
            orders.append({"car": car["cid"], "kind": "shoot"})
        else:
            # Up (-1), straight (0) or down (+1), but within rows 0..nbRows-1: the game rejects
            # a move off the board.
            up = -1 if car["row"] > 0 else 0
            down = 1 if car["row"] < settings["nbRows"] - 1 else 0
            orders.append({"car": car["cid"], "kind": "move", "dir": [random.randint(up, down), 1]})
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
