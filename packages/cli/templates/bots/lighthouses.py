#!/usr/bin/env python3
"""A starter Lighthouses bot in Python (standard library only).

It speaks the original protocol: one JSON object per line. The engine sends the start message
({"player_num", "player_count", "position", "map", "lighthouses"}); the bot answers
{"name": ...} within 2 s. Then, each turn, the engine sends the state ({"position", "score",
"energy", "view", "lighthouses"}), the bot answers one command within 100 ms, and the engine
sends its result ({"success": ..., "message": ...}). Every field is documented in the
@arena/lighthouses README and in its JSON Schema (@arena/lighthouses/schema.json). Debug prints
go to stderr, prefixed with the bot's name.

Strategy: on a lighthouse it does not own, attack with all its energy; otherwise walk to a
random island cell next to it. Make it yours.
"""
import json
import random
import sys

NAME = "Starter"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def play(state, me, island):
    x, y = state["position"]
    for lighthouse in state["lighthouses"]:
        if lighthouse["position"] == [x, y] and lighthouse["owner"] != me and state["energy"] > 0:
            return {"command": "attack", "energy": state["energy"]}
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
             if (dx or dy) and 0 <= y + dy < len(island) and 0 <= x + dx < len(island[0])
             and island[y + dy][x + dx] == 1]
    if not steps:
        return {"command": "pass"}
    dx, dy = random.choice(steps)
    return {"command": "move", "x": dx, "y": dy}


def main():
    random.seed(1)
    start = json.loads(sys.stdin.readline())
    me, island = start["player_num"], start["map"]
    send({"name": NAME})
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        send(play(json.loads(line), me, island))
        if not sys.stdin.readline():  # the result of the command
            break


if __name__ == "__main__":
    main()
