import { closeSync, readdirSync, readSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { discardUnusedPipes, openPlayerPipes, type PlayerPipes } from "./pipes";

/** Closes a player's descriptors (the player's stderr is one descriptor, both ends). */
const close = (pipes: PlayerPipes) => {
  for (const fd of new Set([pipes.toPlayer, pipes.fromPlayer, ...pipes.child])) closeSync(fd);
};

/** Entries of the system's temporary folder that C++ players' pipes could have left. */
const leftovers = () => readdirSync(tmpdir()).filter((name) => /^arena-cpp-\w{6}$/.test(name));

describe("named pipes made ahead for C++ players", () => {
  it("leave nothing on disk, in use or made ahead (issue 40, item 15)", () => {
    const before = new Set(leftovers());
    const pipes = openPlayerPipes();
    try {
      // Made ahead, held open: nothing of them in the temporary folder.
      expect(leftovers().filter((name) => !before.has(name))).toEqual([]);
      // They still carry a frame to the player's stdin.
      writeSync(pipes.toPlayer, "frame\n");
      const read = Buffer.alloc(16);
      expect(read.toString("utf8", 0, readSync(pipes.child[0], read))).toBe("frame\n");
    } finally {
      close(pipes);
    }
    // The ones made ahead and not used are closed on demand.
    expect(discardUnusedPipes()).toBeGreaterThan(0);
    expect(discardUnusedPipes()).toBe(0);
  });
});
