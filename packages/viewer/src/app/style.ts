export const CSS = `
:root { color-scheme: dark; --bg:#15171c; --panel:#1e2128; --line:#2d313b; --text:#e8e8ea; --dim:#9aa0ab; --accent:#4f8cff; --bad:#ff5252; }
* { box-sizing: border-box; }
html, body { margin:0; height:100%; background:var(--bg); color:var(--text); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
#app { display:grid; grid-template-rows:auto auto 1fr; height:100vh; }
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
#timeline input { flex:1; accent-color:var(--accent); }
main { display:grid; grid-template-columns:minmax(240px, 300px) 1fr; min-height:0; }
aside { border-right:1px solid var(--line); padding:10px; overflow:auto; display:flex; flex-direction:column; gap:10px; }
.player { border:1px solid var(--line); border-left:6px solid var(--c); border-radius:6px; padding:6px 8px; background:var(--panel); }
.player .name { display:flex; justify-content:space-between; gap:6px; font-weight:600; }
.player .name span:first-child { overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.player .score { font-size:20px; font-variant-numeric:tabular-nums; }
.player .figures { display:grid; grid-template-columns:auto auto; gap:0 10px; color:var(--dim); font-size:12px; font-variant-numeric:tabular-nums; }
.player .figures b { color:var(--text); font-weight:500; text-align:right; }
.player .rank { color:var(--dim); font-weight:400; }
.out { color:var(--bad); font-weight:700; margin-left:6px; }
#chart { width:100%; height:150px; background:var(--panel); border:1px solid var(--line); border-radius:6px; cursor:crosshair; }
.legend { display:grid; grid-template-columns:16px 1fr; gap:3px 6px; font-size:12px; color:var(--dim); align-items:center; }
.legend i { display:inline-block; width:14px; height:14px; border-radius:3px; border:1px solid #0006; }
.legend i.disc { border-radius:50%; }
.legend i.diamond { width:11px; height:11px; margin:1.5px; transform:rotate(45deg); border-radius:1px; }
.legend i.outlined { border:2.5px solid #000; }
#stage { position:relative; min-height:0; min-width:0; display:flex; align-items:center; justify-content:center; padding:10px; }
#board { image-rendering:pixelated; box-shadow:0 0 0 1px var(--line); }
.message { max-width:640px; padding:18px 22px; border-radius:8px; background:var(--panel); border:1px solid var(--line); }
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
