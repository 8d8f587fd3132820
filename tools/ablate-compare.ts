/**
 * Before and after a change, from two replays of tools/ablate-passes.ts (a tag and variant each): per set and half
 * (deciding: training pages and the dev pages whose site hashes to 0; confirming: the other dev pages; daniel-dev:
 * evaluation), per WCXB page type and per daniel-dev language: mean F1, pages more than 0.2 below Readability.js,
 * leftover lines per page.
 *   npx tsx tools/ablate-compare.ts --before np-base:-trailing-links --after np-after:all [--daniel-before t:v --daniel-after t:v]
 */
import { parseArgs } from 'node:util';
import { halfOf, type PageResult, type Variant } from './ablate-passes';
import { loadResults } from './ablate-report';

interface Side {
  pages: Map<string, PageResult>;
  variant: Variant;
}

function side(spec: string): Side {
  const [tag, variant] = spec.split(':') as [string, Variant];
  return { pages: new Map(loadResults(tag).map((p) => [`${p.set}/${p.id}`, p])), variant };
}

function scoreOf(page: PageResult, variant: Variant) {
  return page.scores[variant] ?? page.scores.all!;
}

function row(label: string, keys: string[], before: Side, after: Side): string {
  const pairs = keys.map((k) => [before.pages.get(k)!, after.pages.get(k)!] as const);
  const n = pairs.length;
  const mean = (f: (p: readonly [PageResult, PageResult]) => number) => pairs.reduce((s, p) => s + f(p), 0) / (n || 1);
  const f1b = mean(([b]) => scoreOf(b, before.variant).f1);
  const f1a = mean(([, a]) => scoreOf(a, after.variant).f1);
  const withRjs = pairs.filter(([b]) => b.rjsF1 !== null);
  const below = (which: 0 | 1) => withRjs.filter((p) => scoreOf(p[which], which === 0 ? before.variant : after.variant).f1 < p[0].rjsF1! - 0.2).length;
  const pct = (c: number) => (withRjs.length ? `${((100 * c) / withRjs.length).toFixed(1)} %` : '–');
  const left = (which: 0 | 1) => mean((p) => scoreOf(p[which], which === 0 ? before.variant : after.variant).leftover);
  const moved = pairs.filter(([b, a]) => Math.abs(scoreOf(b, before.variant).f1 - scoreOf(a, after.variant).f1) > 1e-9).length;
  const rjs = withRjs.length ? (withRjs.reduce((s, [b]) => s + b.rjsF1!, 0) / withRjs.length).toFixed(3) : '–';
  const d = f1a - f1b;
  return `| ${label} | ${n} | ${f1b.toFixed(4)} | ${f1a.toFixed(4)} | ${d >= 0 ? '+' : ''}${d.toFixed(4)} | ${moved} | ${rjs} | ${pct(below(0))} → ${pct(below(1))} | ${left(0).toFixed(1)} → ${left(1).toFixed(1)} |`;
}

const HEADER = ['| group | pages | F1 before | F1 after | change | pages changed | Readability.js F1 | > 0.2 below R.js | leftover lines/page |', '|---|---:|---:|---:|---:|---:|---:|---|---|'];

function split(p: PageResult): string {
  if (p.set === 'daniel-dev') return 'evaluation';
  if (p.set === 'wcxb-dev-train') return 'deciding';
  return halfOf(p.site) === 0 ? 'deciding' : 'confirming';
}

function main(): void {
  const { values } = parseArgs({ options: { before: { type: 'string' }, after: { type: 'string' } } });
  const before = side(values.before!);
  const after = side(values.after!);
  const keys = [...after.pages.keys()].filter((k) => before.pages.has(k));
  const pages = keys.map((k) => after.pages.get(k)!);
  const out: string[] = [`before: ${values.before}, after: ${values.after}`, '', '### Per set and half', '', ...HEADER];
  for (const s of ['deciding', 'confirming', 'evaluation']) {
    for (const set of [...new Set(pages.map((p) => p.set))]) {
      const ks = keys.filter((k) => after.pages.get(k)!.set === set && split(after.pages.get(k)!) === s);
      if (ks.length) out.push(row(`${set} (${s})`, ks, before, after));
    }
  }
  const wcxb = keys.filter((k) => after.pages.get(k)!.type !== '-');
  if (wcxb.length) {
    out.push('', '### Per WCXB page type (deciding and confirming pages together)', '', ...HEADER);
    for (const type of [...new Set(wcxb.map((k) => after.pages.get(k)!.type))].sort()) out.push(row(type, wcxb.filter((k) => after.pages.get(k)!.type === type), before, after));
  }
  const daniel = keys.filter((k) => after.pages.get(k)!.set === 'daniel-dev');
  if (daniel.length) {
    out.push('', '### daniel-dev per language (evaluation only)', '', ...HEADER);
    for (const lang of [...new Set(daniel.map((k) => after.pages.get(k)!.lang))].sort()) out.push(row(lang, daniel.filter((k) => after.pages.get(k)!.lang === lang), before, after));
    out.push(row('all', daniel, before, after));
  }
  console.log(out.join('\n'));
}

main();
