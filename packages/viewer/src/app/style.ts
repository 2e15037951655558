export const CSS = `
:root { color-scheme: dark; --bg:#15171c; --panel:#1e2128; --line:#2d313b; --text:#e8e8ea; --dim:#9aa0ab; --accent:#4f8cff; --bad:#ff5252; }
* { box-sizing: border-box; }
html, body { margin:0; height:100%; background:var(--bg); color:var(--text); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
#app { display:grid; grid-template-rows:auto auto auto 1fr; grid-template-columns:minmax(0, 1fr); height:100vh; }
header .controls { display:flex; align-items:center; gap:6px; flex-wrap:wrap; min-width:0; max-width:100%; }
header { display:flex; align-items:center; gap:6px; padding:6px 10px; background:var(--panel); border-bottom:1px solid var(--line); flex-wrap:wrap; }
header .title { font-weight:600; margin-right:8px; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; max-width:40vw; }
header .title small { color:var(--dim); font-weight:400; margin-left:6px; }
header .spacer { flex:1; }
button, select { display:inline-flex; align-items:center; justify-content:center; gap:4px; background:#2a2e37; color:var(--text); border:1px solid var(--line); border-radius:6px; padding:4px 9px; font:inherit; cursor:pointer; min-width:32px; }
button:hover, select:hover { border-color:var(--accent); }
button:disabled { opacity:.4; cursor:default; }
label.toggle { display:flex; align-items:center; gap:4px; color:var(--dim); cursor:pointer; user-select:none; }
#round { font-variant-numeric:tabular-nums; min-width:130px; text-align:center; }
#timeline { display:flex; align-items:center; gap:8px; padding:4px 10px; background:var(--panel); border-bottom:1px solid var(--line); }
#timeline .track { flex:1; display:flex; flex-direction:column; min-width:0; }
#timeline input { width:100%; margin:0; accent-color:var(--accent); }
#marks { display:block; width:100%; height:24px; cursor:pointer; }
#timeline-tools { display:flex; align-items:center; gap:6px; flex-wrap:wrap; padding:2px 10px 4px; background:var(--panel); border-bottom:1px solid var(--line); font-size:12px; }
#timeline-tools .lanes { color:var(--dim); }
#timeline-tools .lanes i { font-style:normal; }
#timeline-tools button { padding:1px 7px; font-size:12px; }
#unit-search { background:#2a2e37; color:var(--text); border:1px solid var(--line); border-radius:6px; padding:2px 6px; font:inherit; }
#rejected { list-style:none; margin:0; padding:0; max-height:200px; overflow:auto; }
#rejected li { padding:2px 0 2px 6px; border-left:3px solid var(--c, transparent); margin:2px 0; }
#rejected li[data-key] { cursor:pointer; }
#rejected .reason { color:#ff8a80; font-weight:600; }
#rejected .order, .history .order { font:11px ui-monospace, monospace; }
.history h4 { margin:8px 0 2px; font-size:12px; }
.history dl.moments dd { display:flex; flex-wrap:wrap; gap:2px; }
.history button { font:11px ui-monospace, monospace; padding:0 4px; min-width:0; }
.history button.now, .history li.now { color:#fff; background:#ffffff1a; }
.history ol.rounds { list-style:none; margin:0; padding:0; }
.history ol.rounds li { margin:2px 0; }
.history .order.rejected { color:#ff8a80; }
.history .event { color:var(--text); }
.player .shape { margin-left:3px; color:var(--dim); font-weight:400; }
.legend b.mark { text-align:center; color:#ff8a80; }
main { display:grid; grid-template-columns:minmax(240px, 300px) minmax(0, 1fr) minmax(260px, 330px); grid-template-areas:"aside stage round"; min-height:0; }
aside { grid-area:aside; border-right:1px solid var(--line); padding:10px; overflow:auto; display:flex; flex-direction:column; gap:10px; min-width:0; }
/* What happened this round (the pinned unit, events, rejected orders, bot logs): beside the board, above the fold. */
aside#round-panels { grid-area:round; border-right:none; border-left:1px solid var(--line); }
@media (max-width: 1199px) and (min-width: 761px) {
  main { grid-template-columns:minmax(240px, 300px) minmax(0, 1fr); grid-template-areas:"aside stage" "round stage"; grid-template-rows:minmax(0, auto) minmax(0, 1fr); }
  aside { max-height:52vh; }
  aside#round-panels { max-height:none; border-left:none; border-top:1px solid var(--line); }
}
.player { border:1px solid var(--line); border-left:6px solid var(--c); border-radius:6px; padding:6px 8px; background:var(--panel); }
.player .name { display:flex; justify-content:space-between; gap:6px; font-weight:600; }
.player .name span:first-child { overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.player .score { font-size:20px; font-variant-numeric:tabular-nums; }
.player .figures { display:grid; grid-template-columns:auto auto; gap:0 10px; color:var(--dim); font-size:12px; font-variant-numeric:tabular-nums; }
.player .figures b { color:var(--text); font-weight:500; text-align:right; }
.player .rank { color:var(--dim); font-weight:400; }
.out { color:var(--bad); font-weight:700; margin-left:6px; }
figure.chart { margin:0; }
figure.chart figcaption { color:var(--dim); font-size:11px; }
#chart { display:block; width:100%; height:150px; background:var(--panel); border:1px solid var(--line); border-radius:6px; cursor:crosshair; }
.glyph { display:inline-block; min-width:1.4em; text-align:center; border-radius:4px; background:var(--c); color:#000; font-size:12px; }
.panel { border:1px solid var(--line); border-radius:6px; padding:6px 8px; background:var(--panel); font-size:12px; }
.panel summary { cursor:pointer; font-weight:600; font-size:13px; }
.panel .row { display:flex; gap:8px; align-items:center; margin:4px 0; flex-wrap:wrap; }
.dim { color:var(--dim); }
dl { display:grid; grid-template-columns:auto 1fr; gap:0 10px; margin:2px 0; }
dt { color:var(--dim); } dd { margin:0; font-variant-numeric:tabular-nums; }
h3 { margin:6px 0 2px; font-size:13px; display:flex; align-items:center; gap:6px; }
.swatch { display:inline-block; width:12px; height:12px; border-radius:3px; border:1px solid #0008; }
.pinned-head { display:flex; justify-content:space-between; align-items:center; }
.note { color:#ffe082; margin:4px 0; }
#units { display:flex; flex-direction:column; gap:6px; max-height:260px; overflow:auto; }
.unit-head { font-weight:600; margin:2px 0; }
.unit-group { display:flex; flex-wrap:wrap; gap:3px; }
.unit-group .unit-head { width:100%; }
button.unit { padding:1px 5px; font-size:11px; border-left:3px solid var(--c); }
button.unit.on { border-color:#ff1744; background:#3a2030; }
button.unit.dead { opacity:.6; }
#events { list-style:none; margin:0; padding:0; max-height:220px; overflow:auto; }
#events li { padding:2px 0 2px 6px; border-left:3px solid var(--c, transparent); margin:2px 0; }
#events .kind { display:inline-block; min-width:52px; color:var(--dim); font-size:11px; }
#events li.kill .kind, #events li.death .kind { color:#ff8a80; }
.bot-log ol { list-style:none; padding:0; margin:0 0 6px; max-height:180px; overflow:auto; font:11px ui-monospace, monospace; }
.bot-log pre.stderr { max-height:140px; overflow:auto; font:11px ui-monospace, monospace; white-space:pre-wrap; margin:2px 0; color:#ffab91; }
.bot-log li.now { color:#fff; background:#ffffff14; }
.bot-log pre.turn-stderr { font:inherit; white-space:pre-wrap; margin:0 0 0 4ch; color:#ffab91; border-left:2px solid #ffab9155; padding-left:4px; }
.bot-log li button { font:inherit; color:var(--c); background:none; border:0; padding:0 4px 0 0; cursor:pointer; min-width:3ch; text-align:right; }
.board-caption { font-weight:600; color:var(--dim); font-size:12px; padding:2px 0; list-style:none; }
#tooltip { position:fixed; z-index:20; pointer-events:none; max-width:300px; background:#0b0c10ee; border:1px solid var(--line); border-radius:6px; padding:6px 8px; font-size:12px; box-shadow:0 4px 16px #0008; }
#banner { position:absolute; left:50%; top:14px; transform:translateX(-50%); background:#000d; border:2px solid #ffd400; border-radius:8px; padding:8px 16px; text-align:center; z-index:5; max-width:90%; }
#live-badge { color:#ff5252; font-weight:700; }
#full { color:var(--accent); }
.zoom { position:absolute; right:14px; bottom:14px; display:flex; gap:4px; z-index:4; }
.visually-hidden { position:absolute !important; width:1px; height:1px; overflow:hidden; clip:rect(0 0 0 0); white-space:nowrap; }
#boards { position:absolute; inset:0; display:grid; grid-auto-flow:column; grid-auto-columns:minmax(0, 1fr); gap:6px; padding:6px; }
.board-wrap { position:relative; min-width:0; min-height:0; overflow:hidden; }
.board-wrap .board-caption { position:absolute; top:2px; left:6px; z-index:2; background:#000a; padding:0 6px; border-radius:4px; }
canvas.board { display:block; touch-action:none; cursor:crosshair; }
@media (max-width: 760px) {
  #app { height:auto; min-height:100vh; }
  header .title { max-width:100%; flex-basis:100%; min-width:0; }
  #round { min-width:0; }
  main { grid-template-columns:minmax(0, 1fr); grid-template-areas:"stage" "round" "aside"; }
  aside#round-panels { border-left:none; }
  #stage { height:max(220px, min(calc(100vw * var(--aspect, 1) + 16px), 72vh)); padding:0; }
  body.compare #stage { height:min(200vw, 90vh); }
  body.compare #boards { grid-auto-flow:row; grid-auto-rows:minmax(0, 1fr); grid-auto-columns:auto; }
  aside { border-right:none; border-top:1px solid var(--line); overflow:visible; }
  #boards { padding:2px; }
  #timeline-tools .lanes { display:none; }
  /* A tapped unit's inspector is a sheet over the bottom of the screen (its board stays above). */
  body.pinned #inspector { position:fixed; left:0; right:0; bottom:0; z-index:15; max-height:42vh; overflow:auto; border-radius:10px 10px 0 0; box-shadow:0 -6px 20px #000a; }
}
body.embedded aside, body.embedded #open, body.embedded #help-button, body.embedded #timeline-tools { display:none; }
body.embedded main { grid-template-columns:minmax(0, 1fr); grid-template-areas:"stage"; grid-template-rows:minmax(0, 1fr); }
.legend { display:grid; grid-template-columns:16px 1fr; gap:3px 6px; font-size:12px; color:var(--dim); align-items:center; }
.legend i { display:inline-block; width:14px; height:14px; border-radius:3px; border:1px solid #0006; }
.legend i.disc { border-radius:50%; }
.legend i.diamond { width:11px; height:11px; margin:1.5px; transform:rotate(45deg); border-radius:1px; }
.legend i.outlined { border:2.5px solid #000; }
#stage { grid-area:stage; position:relative; min-height:0; min-width:0; display:flex; align-items:center; justify-content:center; padding:10px; }
.message { position:relative; z-index:3; max-width:640px; padding:18px 22px; border-radius:8px; background:var(--panel); border:1px solid var(--line); }
.message.error { border-color:var(--bad); }
.message.error h2 { color:var(--bad); }
.message h2 { margin:0 0 8px; font-size:18px; }
.warning { color:#ffb74d; font-size:12px; }
#help { position:fixed; inset:0; background:#000a; display:flex; align-items:center; justify-content:center; z-index:10; }
#help[hidden], [hidden] { display:none !important; }
#help .message table { border-collapse:collapse; }
#help td { padding:3px 10px; border-bottom:1px solid var(--line); }
#help kbd { background:#2a2e37; border:1px solid var(--line); border-bottom-width:2px; border-radius:4px; padding:0 5px; font:12px ui-monospace, monospace; }
body.dragging #stage { outline:3px dashed var(--accent); outline-offset:-8px; }
`;
