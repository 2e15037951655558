import { closeSync, existsSync, readSync, writeSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { discardUnusedPipes, openPlayerPipes, type PlayerPipes } from "./pipes";

/** Closes a player's descriptors (the player's stderr is one descriptor, both ends). */
const close = (pipes: PlayerPipes) => {
  for (const fd of new Set([pipes.toPlayer, pipes.fromPlayer, ...pipes.child])) closeSync(fd);
};

describe("named pipes made ahead for C++ players", () => {
  it("are removed with their directory by discardUnusedPipes; the next player's are made anew", () => {
    discardUnusedPipes();
    close(openPlayerPipes());
    const first = discardUnusedPipes();
    expect(first).toBeDefined();
    expect(existsSync(first!)).toBe(false);
    // Nothing left to remove until a player needs pipes again.
    expect(discardUnusedPipes()).toBeUndefined();
    const pipes = openPlayerPipes();
    try {
      const second = discardUnusedPipes();
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(existsSync(second!)).toBe(false);
      // The pipes in use were unlinked when opened: they still carry a frame to the player's stdin.
      writeSync(pipes.toPlayer, "frame\n");
      const read = Buffer.alloc(16);
      expect(read.toString("utf8", 0, readSync(pipes.child[0], read))).toBe("frame\n");
    } finally {
      close(pipes);
    }
  });
});
