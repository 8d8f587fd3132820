/** Minimal reader styling for the standalone HTML export (no external resources; light and dark). */
export const STANDALONE_CSS = `
:root { color-scheme: light dark; --bg: #fdfdfb; --fg: #1f1f1d; --muted: #6b6b66; --rule: #e4e2dc; --code-bg: #f3f2ee; --link: #1d5fa8; }
@media (prefers-color-scheme: dark) { :root { --bg: #17181a; --fg: #e6e4df; --muted: #9a988f; --rule: #34353a; --code-bg: #222327; --link: #8ab4f8; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
article { max-inline-size: 42rem; margin-inline: auto; padding: 3rem 1.25rem 5rem;
  font: 1.1875rem/1.65 Charter, "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, "Noto Serif", "Noto Serif CJK SC", "Source Han Serif", "Songti SC", "Hiragino Mincho ProN", "Yu Mincho", "Noto Naskh Arabic", "Noto Serif Hebrew", serif;
  overflow-wrap: break-word; text-align: start; }
article:lang(zh), article:lang(ja), article:lang(ko) { line-height: 1.8; line-break: strict; }
article:lang(ja) { font-family: "Hiragino Mincho ProN", "Yu Mincho", "Noto Serif CJK JP", "Source Han Serif JP", serif; }
article:lang(ko) { font-family: "Noto Serif CJK KR", "Nanum Myeongjo", "AppleMyungjo", serif; word-break: keep-all; }
header.pith-meta { margin-block-end: 2.5rem; padding-block-end: 1.25rem; border-block-end: 1px solid var(--rule); }
header.pith-meta h1 { margin: 0 0 .5rem; }
header.pith-meta p { margin: 0; color: var(--muted); font: .9rem/1.5 system-ui, sans-serif; }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin-block: 2rem .75rem; }
h1 { font-size: 2.1rem; } h2 { font-size: 1.55rem; } h3 { font-size: 1.25rem; }
p, ul, ol, dl, blockquote, figure, pre, table { margin-block: 0 1.15rem; }
ul, ol { padding-inline-start: 1.6rem; }
a { color: var(--link); }
blockquote { margin-inline: 0; padding-inline-start: 1rem; border-inline-start: 3px solid var(--rule); color: var(--muted); }
img, video, svg { max-inline-size: 100%; block-size: auto; }
figure { margin-inline: 0; }
figcaption { color: var(--muted); font: .875rem/1.45 system-ui, sans-serif; margin-block-start: .4rem; }
table { display: block; max-inline-size: 100%; overflow-x: auto; border-collapse: collapse; font-size: .9em; }
th, td { border: 1px solid var(--rule); padding: .35rem .6rem; text-align: start; vertical-align: top; }
pre { overflow-x: auto; padding: 1rem; background: var(--code-bg); border-radius: 6px; line-height: 1.45; tab-size: 4; }
code, kbd, samp { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK SC", monospace; font-size: .88em; }
:not(pre) > code { background: var(--code-bg); padding: .1em .3em; border-radius: 3px; }
math[display="block"] { display: block; overflow-x: auto; margin-block: 1rem; }
hr { border: 0; border-block-start: 1px solid var(--rule); margin-block: 2rem; }
`;
