#!/usr/bin/env python3
"""A starter Money Heist bot in Python (standard library only).

It speaks arena's JSON-lines protocol: each line on stdin is one JSON object, first
{"type": "start", "player": p, "settings": {...}}, then one {"type": "turn", "round": r,
"view": {...}} per round, answered with one line {"orders": [...]} on stdout (flushed).
Every field of the settings, the view and the orders is documented in the @arena/moneyheist
README and in its JSON Schema (@arena/moneyheist/schema.json). Debug prints go to stderr.

Strategy: every soldier walks to a random free cell next to it and the professor heals when
hurt. Make it yours.
"""
import json
import random
import sys

# The four directions, and the step each one takes: (rows, columns).
STEPS = {"d": (1, 0), "r": (0, 1), "u": (-1, 0), "l": (0, -1)}
# The board's letters a unit may walk onto: a corridor, a health or poison kit, money (not a
# wall W, a safe door B or gold G, nor a unit: 0-3 a soldier, X a professor).
WALKABLE = ".HPM"


def enemy_next_to(i, j, me, owners):
    """Whether a unit of another player stands next to cell (i, j): it could step onto it first,
    and a move there would then be an attack (the game rejects one by a soldier without poison)."""
    return any(owners.get((i + di, j + dj), me) != me for di, dj in STEPS.values())


def play(view, settings):
    me, board = view["me"], view["board"]
    orders = []
    taken = set()  # the cells my soldiers walk to this round
    # Who stands on each cell with a unit: soldiers, and professors unless dead (roundsForReborn > 0).
    owners = {(u["i"], u["j"]): u["player"] for u in view["units"] if u["roundsForReborn"] <= 0}
    for unit in view["units"]:
        if unit["player"] == me and unit["type"] == "soldier":
            # The directions to a free cell, not taken yet (the game rejects a move into a
            # wall, a door, the edge or one of my own units), and with no enemy next to it for
            # a soldier without poison.
            free = []
            for d, (di, dj) in STEPS.items():
                i, j = unit["i"] + di, unit["j"] + dj
                if 0 <= i < len(board) and 0 <= j < len(board[i]) and board[i][j] in WALKABLE \
                        and (i, j) not in taken \
                        and (unit["poison"] > 0 or not enemy_next_to(i, j, me, owners)):
                    free.append(d)
            if free:
                d = random.choice(free)
                taken.add((unit["i"] + STEPS[d][0], unit["j"] + STEPS[d][1]))
                orders.append({"unit": unit["id"], "kind": "move", "dir": d})
        elif unit["player"] == me and unit["roundsForReborn"] == 0 \
                and unit["health"] < settings["professorMaxHealth"]:
            orders.append({"unit": unit["id"], "kind": "heal"})  # a professor, alive and hurt
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
