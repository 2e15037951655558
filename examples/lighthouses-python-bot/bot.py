#!/usr/bin/env python3
"""A Lighthouses (Faros Laser) bot in Python 3, standard library only.

It speaks the original protocol: one JSON object per line on stdin/stdout; debug output goes to
stderr prefixed with the bot's name. Strategy (greedy): capture lighthouses it can afford,
recharge its weak ones, connect whenever it holds a key (preferring connections that close a
triangle), otherwise walk to the nearest useful lighthouse, taking the richest cell on the way.
"""
import json
import sys
from collections import deque

NAME = "PyBot"
NEIGHBOURS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def debug(text):
    sys.stderr.write("[%s] %s\n" % (NAME, text))
    sys.stderr.flush()


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])


def crosses(p, q, r, s):
    return orient(r, s, p) * orient(r, s, q) < 0 and orient(p, q, r) * orient(p, q, s) < 0


def on_segment(a, b, l):
    return (min(a[0], b[0]) <= l[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= l[1] <= max(a[1], b[1])
            and orient(a, b, l) == 0)


class Bot:
    def __init__(self, start):
        self.me = start["player_num"]
        self.island = start["map"]  # island[y][x] == 1 for land, y = 0 is the bottom row
        self.height = len(self.island)
        self.width = len(self.island[0])
        self.distance = [self.bfs(tuple(p)) for p in start["lighthouses"]]

    def land(self, x, y):
        return 0 <= y < self.height and 0 <= x < self.width and self.island[y][x] == 1

    def bfs(self, source):
        dist = {source: 0}
        queue = deque([source])
        while queue:
            x, y = queue.popleft()
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                if n not in dist and self.land(*n):
                    dist[n] = dist[(x, y)] + 1
                    queue.append(n)
        return dist

    def best_connection(self, origin, lighthouses):
        connected = {tuple(c) for c in origin["connections"]}
        segments = [(lh["position"], c) for lh in lighthouses for c in lh["connections"]]
        best, best_score = None, -1
        for lh in lighthouses:
            if lh is origin or lh["owner"] != self.me or not lh["have_key"] or tuple(lh["position"]) in connected:
                continue
            a, b = origin["position"], lh["position"]
            if any(on_segment(a, b, o["position"]) for o in lighthouses if o is not lh and o is not origin):
                continue
            if any(crosses(a, b, c, d) for c, d in segments):
                continue
            theirs = {tuple(c) for c in lh["connections"]}
            closes = sum(1 for c in origin["connections"] if tuple(c) in theirs)
            if closes > best_score:
                best, best_score = lh, closes
        return best

    def choose_target(self, state, here):
        position = tuple(state["position"])
        owned = sum(1 for lh in state["lighthouses"] if lh["owner"] == self.me)
        best, best_cost = None, None
        for l, lh in enumerate(state["lighthouses"]):
            if lh is here or position not in self.distance[l]:
                continue
            d = self.distance[l][position]
            if lh["owner"] != self.me:
                if state["energy"] + d * 10 < lh["energy"] + 20:
                    continue
                cost = d
            elif not lh["have_key"] and owned >= 2 and len(lh["connections"]) < owned - 1:
                cost = d + 2
            elif lh["energy"] < 60 and state["energy"] >= 60:
                cost = d + 4
            else:
                continue
            if best_cost is None or cost < best_cost:
                best, best_cost = l, cost
        return best

    def turn(self, state):
        x, y = state["position"]
        here = next((lh for lh in state["lighthouses"] if lh["position"] == [x, y]), None)
        if here is not None:
            if here["owner"] != self.me and state["energy"] > here["energy"]:
                return {"command": "attack", "energy": state["energy"]}
            if here["owner"] == self.me:
                target = self.best_connection(here, state["lighthouses"])
                if target is not None:
                    return {"command": "connect", "destination": target["position"]}
                if here["energy"] < 150 and state["energy"] >= 30:
                    return {"command": "attack", "energy": min(state["energy"], 300 - here["energy"])}
        target = self.choose_target(state, here)
        best, best_key = {"command": "pass"}, None
        for dx, dy in NEIGHBOURS:
            n = (x + dx, y + dy)
            if not self.land(*n):
                continue
            d = 0 if target is None else self.distance[target].get(n, 10 ** 9)
            key = (d, -state["view"][3 + dy][3 + dx])
            if best_key is None or key < best_key:
                best, best_key = {"command": "move", "x": dx, "y": dy}, key
        return best


def main():
    bot = None
    for line in sys.stdin:  # the engine closes stdin at the end of the game
        message = json.loads(line)
        if "player_num" in message:
            bot = Bot(message)
            send({"name": NAME})
        elif "success" in message:
            if not message["success"]:
                debug("command failed: %s" % message.get("message"))
        else:
            send(bot.turn(message))


if __name__ == "__main__":
    main()
