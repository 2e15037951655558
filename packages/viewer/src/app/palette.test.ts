import { describe, expect, it } from "vitest";
import { GAMES } from "./games";
import { PLAYER_COLORS, playerColor } from "./types";

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` (alpha ignored) as [r, g, b]. */
function rgb(color: string): [number, number, number] {
  const numbers = /^rgba?\(([^)]*)\)$/.exec(color.replace(/\s/g, ""));
  if (numbers) return numbers[1]!.split(",").slice(0, 3).map(Number) as [number, number, number];
  const hex = color.replace("#", "");
  const long = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join("") : hex.slice(0, 6);
  return [0, 2, 4].map((k) => Number.parseInt(long.slice(k, k + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** A rough perceptual distance ("redmean" weighted RGB). */
function distance(a: string, b: string): number {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const r = (r1 + r2) / 2;
  return Math.sqrt(
    (2 + r / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - r) / 256) * (b1 - b2) ** 2,
  );
}

describe("colours", () => {
  it("players have the Okabe–Ito palette, in its usual order", () => {
    expect(PLAYER_COLORS).toEqual([
      "#0072b2",
      "#e69f00",
      "#009e73",
      "#cc79a7",
      "#d55e00",
      "#56b4e9",
      "#f0e442",
      "#999999",
    ]);
    expect(playerColor(9)).toBe(playerColor(1));
  });

  it.each(GAMES.map((g) => [g.game, g] as const))(
    "%s: every object in the legend has a colour no player has",
    (_, view) => {
      const players = PLAYER_COLORS.slice(0, view.engine.players.max);
      for (const [color, text] of view.legend ?? []) {
        // Player-owned things are shown in player 0's colour as the example.
        if (color === playerColor(0)) continue;
        for (const player of players)
          expect(distance(color, player), `${text} (${color}) vs player ${player}`).toBeGreaterThan(
            60,
          );
      }
    },
  );
});
