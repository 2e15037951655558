import { describe, expect, it } from "vitest";
import { meanInterval } from "./mean-interval";
import { normalCdf, Z95 } from "./normal";
import { sprt, sprtBounds } from "./sprt";
import { likelihoodAbove, likelihoodOfSuperiority } from "./superiority";
import { wilsonInterval } from "./wilson";

describe("Wilson interval (values computed by hand, z = 1.96)", () => {
  it("8 of 10: centre 0.7167, half-width 0.2266", () => {
    // p = 0.8, z² = 3.8415: (0.8 + 0.19207)/1.38415 = 0.71674; 1.96·√(0.016 + 0.0096037)/1.38415 = 0.22658.
    const [low, high] = wilsonInterval(8, 10);
    expect(low).toBeCloseTo(0.4902, 3);
    expect(high).toBeCloseTo(0.9433, 3);
  });
  it("0 of 10 is [0, 0.2775], 10 of 10 is [0.7225, 1]", () => {
    // z²/(n + z²) = 3.8415/13.8415 = 0.27753.
    const [low, high] = wilsonInterval(0, 10);
    expect(low).toBe(0);
    expect(high).toBeCloseTo(0.2775, 3);
    const [low2, high2] = wilsonInterval(10, 10);
    expect(low2).toBeCloseTo(0.7225, 3);
    expect(high2).toBeCloseTo(1, 9);
  });
  it("40 of 40 (Demo against Null, 10 seeds × 4 seats): low = 40/43.84 = 0.9124", () => {
    expect(wilsonInterval(40, 40)[0]).toBeCloseTo(0.9124, 3);
  });
  it("no trials: [0, 1]", () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});

describe("normal distribution", () => {
  it("Φ at tabulated points", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(Z95)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    expect(normalCdf(2.5)).toBeCloseTo(0.99379, 5);
  });
});

describe("SPRT", () => {
  it("bounds are ±ln 19 for α = β = 0.05", () => {
    const [lower, upper] = sprtBounds(0.05, 0.05);
    expect(lower).toBeCloseTo(-2.944439, 5);
    expect(upper).toBeCloseTo(2.944439, 5);
    // α = 0.05, β = 0.1: ln(0.1/0.95) = −2.2513, ln(0.9/0.05) = 2.8904.
    const [l2, u2] = sprtBounds(0.05, 0.1);
    expect(l2).toBeCloseTo(-2.2513, 4);
    expect(u2).toBeCloseTo(2.8904, 4);
  });
  it("3 wins in 4 with p0 0.25, p1 0.35: 3 ln 1.4 + ln(0.65/0.75) = 0.8663, continue", () => {
    const state = sprt(3, 4, { p0: 0.25, p1: 0.35 });
    expect(state.llr).toBeCloseTo(0.866316, 5);
    expect(state.result).toBe("continue");
  });
  it("concludes H1 after 9 straight wins (9 ln 1.4 = 3.03) and H0 after 21 losses (21 ln(13/15) = −3.005)", () => {
    expect(sprt(8, 8, { p0: 0.25, p1: 0.35 }).result).toBe("continue");
    expect(sprt(9, 9, { p0: 0.25, p1: 0.35 }).result).toBe("H1");
    expect(sprt(0, 20, { p0: 0.25, p1: 0.35 }).result).toBe("continue");
    expect(sprt(0, 21, { p0: 0.25, p1: 0.35 }).result).toBe("H0");
  });
  it("rejects p1 = p0", () => {
    expect(() => sprt(1, 2, { p0: 0.25, p1: 0.25 })).toThrow(/p0 ≠ p1/);
  });
});

describe("likelihood of superiority", () => {
  it("Φ((w − l)/√(w + l)): 10 wins 4 losses → Φ(1.6036) = 0.9456", () => {
    expect(likelihoodOfSuperiority(10, 4)).toBeCloseTo(0.9456, 3);
    expect(likelihoodOfSuperiority(4, 10)).toBeCloseTo(0.0544, 3);
    expect(likelihoodOfSuperiority(0, 0)).toBe(0.5);
  });
  it("of a win rate above p0: 15 of 40 against 0.25 → Φ(0.125/0.06847) = Φ(1.8257) = 0.9660", () => {
    expect(likelihoodAbove(15, 40, 0.25)).toBeCloseTo(0.966, 3);
  });
});

describe("mean with interval", () => {
  it("of 1 2 3 4 5: mean 3, sd √2.5, half-width 1.96·1.5811/√5 = 1.3859", () => {
    const result = meanInterval([1, 2, 3, 4, 5]);
    expect(result.mean).toBe(3);
    expect(result.sd).toBeCloseTo(1.5811, 4);
    expect(result.interval[0]).toBeCloseTo(1.6141, 3);
    expect(result.interval[1]).toBeCloseTo(4.3859, 3);
  });
});
