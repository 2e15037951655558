import { describe, expect, it } from "vitest";
import { STDERR_MATCH_LIMIT, STDERR_TURN_LIMIT, TurnOutput } from "./turn-output";

describe("TurnOutput", () => {
  it("gives each turn what came since the last one, nothing for a silent turn", () => {
    const output = new TurnOutput();
    output.push("a\n");
    output.push("b\n");
    expect(output.take()).toEqual({ stderr: "a\nb\n" });
    expect(output.take()).toBeUndefined();
    output.push("c\n");
    expect(output.take()).toEqual({ stderr: "c\n" });
  });

  it("keeps the first STDERR_TURN_LIMIT characters of a turn and counts the rest", () => {
    const output = new TurnOutput();
    output.push("y".repeat(STDERR_TURN_LIMIT - 10));
    output.push("z".repeat(25));
    const turn = output.take()!;
    expect(turn.stderr).toBe("y".repeat(STDERR_TURN_LIMIT - 10) + "z".repeat(10));
    expect(turn.stderrDropped).toBe(15);
    // The replay says which cap cut it, and how large it is.
    expect(turn.stderrCap).toEqual({ per: "turn", characters: STDERR_TURN_LIMIT });
    // The next turn starts afresh.
    output.push("w");
    expect(output.take()).toEqual({ stderr: "w" });
  });

  it("stops keeping text at the match cap, still counting what each turn dropped", () => {
    expect(STDERR_MATCH_LIMIT).toBeGreaterThan(STDERR_TURN_LIMIT);
    const output = new TurnOutput(10, 25);
    output.push("a".repeat(10));
    expect(output.take()).toEqual({ stderr: "a".repeat(10) });
    output.push("b".repeat(12));
    const turnCap = { per: "turn", characters: 10 };
    const matchCap = { per: "match", characters: 25 };
    expect(output.take()).toEqual({ stderr: "b".repeat(10), stderrDropped: 2, stderrCap: turnCap });
    output.push("c".repeat(8));
    expect(output.take()).toEqual({ stderr: "ccccc", stderrDropped: 3, stderrCap: matchCap });
    output.push("d");
    expect(output.take()).toEqual({ stderr: "", stderrDropped: 1, stderrCap: matchCap });
  });
});
