#!/usr/bin/env python3
"""A starter Mad Max bot in Python (standard library only).

It speaks arena's JSON-lines protocol: each line on stdin is one JSON object, first
{"type": "start", "player": p, "settings": {...}}, then one {"type": "turn", "round": r,
"view": {...}} per round, answered with one line {"orders": [...]} on stdout (flushed).
Every field of the settings, the view and the orders is documented in the @arena/madmax
README and in its JSON Schema (@arena/madmax/schema.json). Debug prints go to stderr.

Strategy: every unit that may move this round moves in a random direction. Make it yours.
"""
import json
import random
import sys

# The eight moves of the original Dir, in its order (None, "n", is left out).
DIRECTIONS = "bwrxtylz"


def play(view, settings):
    me = view["me"]
    orders = []
    for unit in view["units"]:
        if unit["player"] == me and unit["canMove"]:
            orders.append({"unit": unit["id"], "dir": random.choice(DIRECTIONS)})
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
