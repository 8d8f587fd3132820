/**
 * The overlay's styles, inside its closed shadow root (`:host { all: initial }` keeps the page's styles out; nothing
 * here reaches the page). Kept and removed differ in colour (Okabe–Ito blue and vermilion, safe for colour-blind
 * readers) and in pattern (solid outline vs dashed outline with diagonal hatching).
 */
export const OVERLAY_CSS = `
:host { all: initial; }
.layer { position: absolute; left: 0; top: 0; width: 0; height: 0; pointer-events: none; font: 14px/1.4 system-ui, sans-serif; }
.box { position: absolute; box-sizing: border-box; pointer-events: auto; cursor: pointer; border-radius: 2px; }
.box[data-state="kept"] { outline: 2px solid #0072B2; outline-offset: 1px; background: rgba(0, 114, 178, 0.06); }
.box[data-state="removed"] {
  outline: 2px dashed #D55E00; outline-offset: 1px;
  background: repeating-linear-gradient(45deg, rgba(213, 94, 0, 0.22) 0 6px, transparent 6px 12px);
}
.box[data-corrected] { outline-width: 4px; }
.box[data-corrected]::after {
  content: "✎"; position: absolute; top: -10px; right: -10px; width: 18px; height: 18px; border-radius: 9px;
  background: #000; color: #fff; font-size: 12px; line-height: 18px; text-align: center;
}
.box:focus-visible, .box:focus { box-shadow: 0 0 0 4px #F0E442, 0 0 0 6px #000; outline-style: solid; }
.layer[data-stale] .box { pointer-events: none; opacity: 0.35; }
.tooltip {
  position: fixed; z-index: 2; max-width: 360px; padding: 6px 9px; border-radius: 4px; background: #111; color: #fff;
  font: 13px/1.4 system-ui, sans-serif; pointer-events: none; box-shadow: 0 2px 8px rgba(0,0,0,.35);
}
.tooltip[hidden] { display: none; }
.tooltip .verdict { font-weight: 600; }
.panel {
  position: fixed; right: 16px; bottom: 16px; z-index: 3; width: 300px; padding: 12px; border-radius: 8px;
  background: #fff; color: #111; border: 1px solid #888; box-shadow: 0 4px 18px rgba(0,0,0,.3);
  font: 14px/1.4 system-ui, sans-serif;
}
.panel h2 { margin: 0 0 4px; font-size: 15px; }
.panel p { margin: 4px 0; }
.panel .legend span { display: inline-block; padding: 0 4px; margin-right: 6px; }
.panel .legend .kept { outline: 2px solid #0072B2; }
.panel .legend .removed { outline: 2px dashed #D55E00; background: repeating-linear-gradient(45deg, rgba(213,94,0,.22) 0 6px, transparent 6px 12px); }
.panel .buttons { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.panel button { font: inherit; padding: 4px 10px; border: 1px solid #555; border-radius: 4px; background: #f3f3f3; color: #111; cursor: pointer; }
.panel button:disabled { opacity: .5; cursor: default; }
.panel .status[data-kind="error"], .panel .stale { color: #a00; }
.panel .hint { color: #444; font-size: 12px; }
`;
