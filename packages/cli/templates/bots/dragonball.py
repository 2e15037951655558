#!/usr/bin/env python3
"""A starter Bola de Drac bot in Python (standard library only).

It speaks arena's JSON-lines protocol: each line on stdin is one JSON object, first
{"type": "start", "player": p, "settings": {...}}, then one {"type": "turn", "round": r,
"view": {...}} per round, answered with one line {"orders": [...]} on stdout (flushed).
Every field of the settings, the view and the orders is documented in the @arena/dragonball
README and in its JSON Schema (@arena/dragonball/schema.json). Debug prints go to stderr.

Strategy: the goku walks in a random direction. Make it yours.
"""
import json
import random
import sys


def play(view, settings):
    return [{"kind": "move", "dir": random.choice("tblr")}]


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
