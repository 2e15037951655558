import { html, type Safe } from "./html";

/**
 * A participant's rating over its matches as an inline SVG: mu as a line, mu ± sigma as a band
 * (no script, no library: a few points of a polyline).
 */
export function ratingChart(history: ReadonlyArray<readonly [number, number, number]>): Safe {
  if (history.length < 2)
    return html`<p class="muted">The chart appears after two rated matches.</p>`;
  const width = 640;
  const height = 200;
  const pad = 30;
  const lows = history.map(([, mu, sigma]) => mu - sigma);
  const highs = history.map(([, mu, sigma]) => mu + sigma);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const x = (k: number) => pad + (k * (width - 2 * pad)) / (history.length - 1);
  const y = (value: number) =>
    height - pad - ((value - min) * (height - 2 * pad)) / (max - min || 1);
  const line = history.map(([, mu], k) => `${x(k).toFixed(1)},${y(mu).toFixed(1)}`).join(" ");
  const band = [
    ...highs.map((value, k) => `${x(k).toFixed(1)},${y(value).toFixed(1)}`),
    ...lows.map((value, k) => `${x(k).toFixed(1)},${y(value).toFixed(1)}`).reverse(),
  ].join(" ");
  const last = history[history.length - 1]!;
  return html`<figure>
<svg viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="rating over ${history.length} matches, now ${last[1].toFixed(2)} ± ${last[2].toFixed(2)}">
<polygon points="${band}" fill="#2563eb33" />
<polyline points="${line}" fill="none" stroke="#2563eb" stroke-width="2" />
<text x="${pad}" y="${pad - 10}" font-size="12" fill="currentColor">${max.toFixed(1)}</text>
<text x="${pad}" y="${height - 8}" font-size="12" fill="currentColor">${min.toFixed(1)}</text>
</svg>
<figcaption class="muted">Rating (OpenSkill mu, band mu ± sigma) after each of ${history.length} matches.</figcaption>
</figure>`;
}
