// The hosted page's only stylesheet, inlined and allowed by its hash in the CSP (no JS at all).
export const PAGE_CSS = `
:root{color-scheme:light dark;--bg:#f3f4f8;--card:#fff;--ink:#16181d;--muted:#5d6472;
--line:#e4e6ec;--accent:#4338ca;--accent-ink:#fff;--accent-hover:#3730a3;--ok:#0f7b4f;
--ok-bg:#e7f6ef;--warn-bg:#fff4d6;--warn-ink:#6b4e00;--bad:#b42318;--bad-bg:#fdecea;
--focus:#f59e0b;--shadow:0 1px 2px rgba(16,24,40,.06),0 12px 32px rgba(16,24,40,.10)}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#181b22;--ink:#eef0f4;
--muted:#a3aab8;--line:#2a2f3a;--accent:#818cf8;--accent-ink:#0f1115;--accent-hover:#a5b4fc;
--ok:#4ade80;--ok-bg:#12301f;--warn-bg:#3a2f0b;--warn-ink:#fde68a;--bad:#fca5a5;
--bad-bg:#3b1512;--shadow:0 1px 2px rgba(0,0,0,.4),0 12px 32px rgba(0,0,0,.5)}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--ink);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.banner{background:var(--warn-bg);color:var(--warn-ink);text-align:center;font-size:.875rem;
margin:0;padding:.5rem 1rem;font-weight:500}
.shell{max-width:34rem;margin:0 auto;padding:2rem 1rem 3rem}
.brand{display:flex;align-items:center;gap:.5rem;color:var(--muted);font-weight:600;
font-size:.9375rem;margin:0 0 1rem .25rem}
.brand-mark{display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;
border-radius:.5rem;background:var(--accent);color:var(--accent-ink);font-size:.875rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:1rem;
box-shadow:var(--shadow);padding:1.75rem}
.eyebrow{margin:0;color:var(--muted);font-size:.8125rem;font-weight:600;
letter-spacing:.06em;text-transform:uppercase}
h1{margin:.25rem 0 0;font-size:1.375rem;line-height:1.3;overflow-wrap:anywhere}
.due{margin:1rem 0 1.5rem;font-size:2.25rem;font-weight:700;letter-spacing:-.02em;
font-variant-numeric:tabular-nums}
.due small{display:block;font-size:.875rem;font-weight:500;color:var(--muted);letter-spacing:0}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
caption{text-align:start;font-weight:600;padding-bottom:.5rem}
th,td{padding:.75rem 0;border-bottom:1px solid var(--line);vertical-align:top}
thead th{font-size:.8125rem;color:var(--muted);font-weight:600;text-align:start;padding-top:0}
tbody th{font-weight:500;text-align:start;overflow-wrap:anywhere;padding-inline-end:.75rem}
.num{text-align:end;white-space:nowrap;padding-inline-start:.75rem}
thead th.num{text-align:end}
tfoot th,tfoot td{border-bottom:0;padding-top:1rem;font-weight:700;font-size:1.0625rem}
tfoot th{text-align:start}
.meta{display:none;color:var(--muted);font-size:.875rem;font-weight:400}
.pay{display:block;width:100%;margin-top:1.5rem;padding:.9375rem 1.25rem;border:0;
border-radius:.75rem;background:var(--accent);color:var(--accent-ink);font:inherit;
font-size:1.0625rem;font-weight:650;cursor:pointer;min-height:3rem}
.pay:hover{background:var(--accent-hover)}
.pay:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
.note{margin:1rem 0 0;color:var(--muted);font-size:.875rem;text-align:center}
.status{display:flex;gap:.75rem;align-items:flex-start;border-radius:.75rem;padding:1rem;
margin:0 0 1.5rem}
.status p{margin:.125rem 0 0;color:inherit}
.status strong{display:block;font-size:1.0625rem}
.status.ok{background:var(--ok-bg);color:var(--ok)}
.status.bad{background:var(--bad-bg);color:var(--bad)}
.icon{flex:none;display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;
border-radius:50%;background:currentColor}
.icon span{color:var(--card);font-weight:800;font-size:1rem;line-height:1}
dl{display:grid;grid-template-columns:auto 1fr;gap:.375rem 1rem;margin:1.5rem 0 0;
font-size:.875rem}
dt{color:var(--muted)}
dd{margin:0;text-align:end;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
a{color:var(--accent)}
.button-link{display:block;text-align:center;text-decoration:none}
footer{margin-top:1.5rem;text-align:center;color:var(--muted);font-size:.8125rem}
code{font:.8125rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.vh{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap;border:0}
.test-controls{margin-top:1.5rem;border:1px dashed var(--line);border-radius:.75rem;
padding:.75rem 1rem;font-size:.9375rem}
.test-controls summary{cursor:pointer;font-weight:600}
.test-controls p{color:var(--muted);font-size:.875rem;margin:.5rem 0}
.test-controls form{margin-top:.75rem}
.test-controls label{display:block;font-weight:500;margin-bottom:.25rem}
.test-row{display:flex;gap:.5rem;flex-wrap:wrap}
.test-controls input,.test-controls button{font:inherit;padding:.5rem .75rem;border-radius:.5rem;
border:1px solid var(--line);background:var(--card);color:var(--ink);min-height:2.5rem}
.test-controls input{flex:1;min-width:6rem}
.test-controls button{cursor:pointer;font-weight:600}
.test-controls :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.tag{display:inline-block;margin-inline-start:.375rem;padding:0 .5rem;border-radius:999px;
background:var(--warn-bg);color:var(--warn-ink);font-size:.75rem;font-weight:600}
@media (max-width:30rem){.shell{padding:1rem .75rem 2rem}.card{padding:1.25rem;border-radius:.875rem}
.due{font-size:1.875rem}.wide{display:none}.meta{display:block}}
@media (forced-colors:active){.pay{border:2px solid ButtonText}.icon{background:CanvasText}}
`.trim();
