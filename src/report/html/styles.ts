/** The report's stylesheet, inlined: the file must open with no network. */
export const REPORT_STYLES = `
:root{--fg:#1d2330;--muted:#667085;--line:#d0d5dd;--bg:#f7f8fa;--card:#fff;--accent:#2f6fed;--red:#d32f2f;--orange:#e07b00;--green:#2e7d32}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:12px 20px;background:#111827;color:#fff;display:flex;gap:18px;align-items:baseline;flex-wrap:wrap}
header h1{font-size:18px;margin:0}
header nav a{color:#cbd5e1;margin-right:12px;text-decoration:none}
header nav a:hover{color:#fff}
main{padding:16px 20px;display:grid;gap:16px}
section{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px}
section h2{margin:0 0 8px;font-size:16px}
h3{font-size:14px;margin:10px 0 4px}
h4{margin:0 0 4px;font-size:13px}
code,.path,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
pre{background:#f2f4f7;padding:8px;overflow:auto;max-height:420px;margin:4px 0}
ul{margin:4px 0;padding-left:20px}
.muted{color:var(--muted)}
.missing{color:var(--orange)}
.badge{display:inline-block;padding:0 6px;border-radius:10px;background:#eef2f6;font-size:12px}
.v-fresh{background:#e3f4e6;color:var(--green)}
.v-stale,.v-missing,.v-unreadable{background:#fdecea;color:var(--red)}
.checks li.ok .mark{color:var(--green)}
.checks li.fail .mark{color:var(--red)}
.fix{color:var(--muted);font-size:12px}
.sev-forbidden .badge,.sev-error .badge,.sev-blocking .badge{background:#fdecea;color:var(--red)}
.sev-warn .badge,.sev-warning .badge{background:#fff4e5;color:var(--orange)}
details{margin:4px 0}
summary{cursor:pointer}
.files{columns:2;font-size:12px}
#map .map-layout{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:12px}
#map .toolbar{display:flex;gap:6px;align-items:center;margin-bottom:6px;flex-wrap:wrap}
#map input[type=search]{width:280px;padding:4px 8px}
#map button,.run-head{cursor:pointer}
#map-canvas{width:100%;height:620px;overflow:hidden;border:1px solid var(--line);border-radius:6px;background:#fbfcfd;touch-action:none;user-select:none}
#map-canvas .folder rect{fill:#f2f5fa;stroke:#b8c2d3}
#map-canvas .folder.closed rect{fill:#e6ecf5}
#map-canvas .folder text{font-size:11px;fill:#344054;cursor:pointer}
#map-canvas .node circle{fill:#5b8def;stroke:#2f4f9c;stroke-width:1}
#map-canvas .node.kind-test circle{fill:#9ad0a8;stroke:#2e7d32}
#map-canvas .node.kind-config circle,#map-canvas .node.kind-doc circle{fill:#c9cfd8;stroke:#667085}
#map-canvas .node.in-cycle circle{stroke:var(--orange);stroke-width:2.5;stroke-dasharray:3 2}
#map-canvas .node.violation circle{fill:#f4a3a3;stroke:var(--red);stroke-width:2.5}
#map-canvas .node.match circle{stroke:#000;stroke-width:3}
#map-canvas .node.selected circle{stroke:#111;stroke-width:3.5}
#map-canvas .node text{font-size:9px;fill:#344054;pointer-events:none}
#map-canvas .node{cursor:pointer}
#map-canvas line{stroke:#98a2b3;stroke-opacity:.45;pointer-events:none}
#map-canvas.has-selection line:not(.near):not(.violation){stroke-opacity:.12}
#map-canvas line.cycle{stroke:var(--orange);stroke-opacity:.9}
#map-canvas line.violation{stroke:var(--red);stroke-opacity:1;stroke-width:2}
#map-canvas line.near{stroke:var(--accent);stroke-opacity:.9;stroke-width:1.5}
#map-facts{border-left:1px solid var(--line);padding-left:12px;max-height:660px;overflow:auto}
#map-facts ul{padding-left:16px}
#map-facts a{color:var(--accent);cursor:pointer}
#map-results{max-height:160px;overflow:auto;font-size:12px}
.legend span{margin-right:10px;font-size:12px}
.legend .sw{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:3px;vertical-align:middle}
.run{border:1px solid var(--line);border-radius:6px;margin:6px 0}
.run-head{width:100%;text-align:left;background:#f9fafb;border:0;padding:8px;font:inherit;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.run-head[aria-expanded=true]{background:#eef4ff}
.run-detail{padding:8px 12px}
.timeline{list-style:none;padding-left:0;border-left:3px solid var(--line);margin-left:6px}
.timeline>li{padding:4px 0 10px 12px;position:relative}
.timeline>li:before{content:"";position:absolute;left:-8px;top:8px;width:11px;height:11px;border-radius:50%;background:var(--accent)}
.decision .field{margin-right:10px}
.action-finalize{background:#e3f4e6;color:var(--green)}
.action-block,.action-rollback{background:#fdecea;color:var(--red)}
.action-repair,.action-repack,.action-human-review,.action-run-tests{background:#fff4e5;color:var(--orange)}
.diff .add{color:#1a7f37}.diff .del{color:#cf222e}.diff .hunk{color:#8250df}
.artifact{font-size:12px}
.group{display:inline-block;vertical-align:top;min-width:260px;margin-right:24px}
`;
