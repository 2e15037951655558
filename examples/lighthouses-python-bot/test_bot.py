"""Smoke test: start the bot, send a start and a turn message, expect a greeting and a command."""
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
positions = [[1, 1], [3, 1], [2, 3], [1, 3]]
start = {"player_num": 0, "player_count": 2, "position": [1, 2],
         "map": [[0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 0]],
         "lighthouses": positions}
state = {"position": [1, 2], "score": 0, "energy": 10, "view": [[0] * 7 for _ in range(7)],
         "lighthouses": [{"position": p, "owner": -1, "energy": 0, "connections": [], "have_key": False} for p in positions]}
out = subprocess.run([sys.executable, os.path.join(here, "bot.py")], input=json.dumps(start) + "\n" + json.dumps(state) + "\n",
                     capture_output=True, text=True, timeout=10, check=True).stdout.splitlines()
assert json.loads(out[0]) == {"name": "PyBot"}, out
assert json.loads(out[1])["command"] == "move", out
print("lighthouses-python-bot: ok", out[1])
