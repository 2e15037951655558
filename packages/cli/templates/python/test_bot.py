"""Plays the bot a whole match against the built-in Demo bot: python3 -m unittest."""
import json
import os
import shlex
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


class BotTest(unittest.TestCase):
    def test_plays_a_whole_match_against_demo(self):
        arena = shlex.split(os.environ.get("ARENA", "{{arena}}"))
        opponents = "{{opponents}}".split()
        command = arena + ["play", "{{game}}", "{{botSpec}}"] + opponents + ["--seed", "1", "--json"]
        run = subprocess.run(command, cwd=HERE, capture_output=True, text=True, check=False)
        self.assertEqual(run.returncode, 0, run.stderr)
        bot = json.loads(run.stdout)["players"][0]
        self.assertEqual(bot["status"], "ok", "the bot was frozen: %s\n%s" % (bot.get("fault"), bot.get("stderr", "")))


if __name__ == "__main__":
    unittest.main()
