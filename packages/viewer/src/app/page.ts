// The page: its HTML (header with the controls, timeline, stage with the board(s), the side
// panels, the help window), its style, and its elements by id.
import { esc } from "./html";
import { CSS } from "./style";

/** The keys, as the help window lists them. */
const HELP: Array<[string, string]> = [
  ["Space, K", "play / pause"],
  ["→, L", "next frame"],
  ["←, J", "previous frame"],
  ["Shift + → / ←", "10 frames forward / back"],
  ["Page Down / Up", "100 frames forward / back"],
  ["Home, End", "start, end of the match"],
  ["+ / −", "faster / slower"],
  ["Z / X, 0", "zoom in / out, whole board"],
  ["A", "animation on / off"],
  ["E", "events on the board on / off"],
  ["N / P (or ] / [)", "next / previous event of the pinned unit, or of the timeline's player"],
  ["/", "find a unit by its id"],
  ["O", "open another file (or drop one on the page)"],
  ["H, ?", "this help; Esc closes it (and unpins a unit)"],
  ["Board", "hover: what is there; click: pin and follow a unit; wheel or pinch: zoom; drag: pan"],
  ["Timeline, chart", "click or drag to go to any frame; a click on a mark goes to it"],
];

/** The timeline's lanes, top to bottom, as their legend reads (marks in their player's colour). */
const MARK_LANES = `lanes: <i>pinned unit</i> · <i>deaths</i> · <i>kills</i> · <i>captures</i> · <i>faults</i> · <i>rejected orders</i>`;

/** Button icons (inline SVG: no font needs to have the glyphs). */
const svg = (body: string): string =>
  `<svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">${body}</svg>`;
export const ICON = {
  start: svg('<rect x="2" y="2" width="2" height="12"/><path d="M14 2 5 8l9 6z"/>'),
  back: svg('<path d="M12 2 4 8l8 6z"/>'),
  play: svg('<path d="M4 2v12l10-6z"/>'),
  pause: svg(
    '<rect x="3" y="2" width="3.5" height="12"/><rect x="9.5" y="2" width="3.5" height="12"/>',
  ),
  forward: svg('<path d="M4 2l8 6-8 6z"/>'),
  end: svg('<path d="M2 2l9 6-9 6z"/><rect x="12" y="2" width="2" height="12"/>'),
};

/** The page's elements by id (`#tooltip`, `#announce` and `#help` included). */
export type Elements = Record<string, HTMLElement>;

/** Writes the page into `root` (`speeds`: the speed list's frames per second). */
export function renderPage(
  root: HTMLElement,
  speeds: readonly number[],
  embedded: boolean,
): Elements {
  const style = document.createElement("style");
  style.textContent = CSS;
  document.head.append(style);
  if (embedded) document.body.classList.add("embedded");
  root.innerHTML = pageHtml(speeds);
  const el: Elements = {};
  for (const node of root.querySelectorAll<HTMLElement>("[id]")) el[node.id] = node;
  for (const node of document.querySelectorAll<HTMLElement>("#tooltip, #announce, #help"))
    el[node.id] = node;
  return el;
}

/** The page's HTML (the panels are filled in once a file is open). */
function pageHtml(speeds: readonly number[]): string {
  return `
<div id="app">
  <header>
    <div class="title" id="title">arena viewer</div>
    <div class="controls">
    <button id="start" title="Start (Home)" aria-label="start">${ICON.start}</button>
    <button id="back" title="Previous frame (←)" aria-label="previous frame">${ICON.back}</button>
    <button id="play" title="Play / pause (Space)" aria-label="play">${ICON.play}</button>
    <button id="forward" title="Next frame (→)" aria-label="next frame">${ICON.forward}</button>
    <button id="end" title="End (End)" aria-label="end">${ICON.end}</button>
    <select id="speed" title="Speed (+ / −)" aria-label="speed">${speeds.map((s, i) => `<option value="${i}">${s} / s</option>`).join("")}</select>
    <label class="toggle" title="Animation (A)"><input type="checkbox" id="animate" checked> animation</label>
    <label class="toggle" title="Events on the board (E)"><input type="checkbox" id="show-events" checked> events</label>
    </div>
    <span id="round"></span>
    <span class="spacer"></span>
    <span id="live-badge" hidden>● live</span>
    <a id="full" hidden target="_blank" rel="noopener">open full viewer ↗</a>
    <button id="open" title="Open a file (O)">Open…</button>
    <button id="help-button" title="Help (H)" aria-label="help">?</button>
    <input type="file" id="file" hidden accept=".arena,.res,.replay,*">
  </header>
  <div id="timeline"><span id="frame-start">0</span><div class="track"><input type="range" id="scrub" min="0" max="0" value="0" aria-label="timeline"><canvas id="marks" role="img" aria-label="timeline marks: deaths, kills, captures, faults and rejected orders"></canvas></div><span id="frame-end">0</span></div>
  <div id="timeline-tools">
    <label class="toggle">marks of <select id="mark-player" aria-label="timeline marks of"><option value="-1">every player</option></select></label>
    <span class="lanes" title="the timeline's lanes, top to bottom">${MARK_LANES}</span>
    <button id="prev-mark" title="Previous event of the pinned unit, or of the marks' player (P)" aria-label="previous event">◀ event</button>
    <button id="next-mark" title="Next event of the pinned unit, or of the marks' player (N)" aria-label="next event">event ▶</button>
    <input id="unit-search" type="search" size="9" placeholder="find unit id" aria-label="find a unit by its id (/)">
    <span id="search-result" class="dim" aria-live="polite"></span>
  </div>
  <main>
    <div id="stage">
      <div id="boards"></div>
      <div id="zoom" class="zoom" hidden><button id="zoom-in" title="Zoom in (Z)" aria-label="zoom in">+</button><button id="zoom-out" title="Zoom out (X)" aria-label="zoom out">−</button><button id="zoom-fit" title="Whole board (0)" aria-label="whole board">⤢</button></div>
      <div id="banner" hidden></div>
      <div id="message" class="message"><h2>arena viewer</h2><p>Open an arena replay or an original <code>.res</code> file (button <b>Open…</b>, key <kbd>O</kbd>, or drop it here).</p></div>
    </div>
    <aside>
      <div id="warning" class="warning" hidden></div>
      <div id="scoreboard"></div>
      <figure class="chart"><canvas id="chart" role="img" aria-label="Scores over the match: click to go there"></canvas><figcaption id="chart-caption"></figcaption></figure>
      <details id="units-panel" class="panel"><summary>Units</summary><div id="units"></div></details>
      <div id="legend" class="legend"></div>
    </aside>
    <aside id="round-panels" aria-label="this round">
      <section id="inspector" class="panel" aria-label="inspector"></section>
      <details id="events-panel" class="panel" open><summary>Events of this round</summary>
        <div class="row"><select id="event-player" aria-label="events of"><option value="-1">every player</option></select>
        <label class="toggle"><input type="checkbox" id="event-moves"> moves</label></div>
        <ol id="events"></ol></details>
      <details id="rejected-panel" class="panel" open><summary>Rejected orders of this turn</summary><ol id="rejected"></ol></details>
      <details id="notes-panel" class="panel" hidden open><summary>Bot annotations and logs</summary><div id="note-toggles" class="row"></div><div id="notes"></div></details>
    </aside>
  </main>
</div>
<div id="tooltip" role="tooltip" hidden></div>
<div id="announce" class="visually-hidden" aria-live="polite"></div>
<div id="help" hidden><div class="message"><h2>Keyboard</h2><table>${HELP.map(([k, v]) => `<tr><td><kbd>${esc(k)}</kbd></td><td>${esc(v)}</td></tr>`).join("")}</table><p style="color:var(--dim)">Esc or H closes this window.</p></div></div>`;
}
