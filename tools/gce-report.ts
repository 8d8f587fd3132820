/**
 * Before/after tables of two `tools/gce-replay.ts run` outputs on the same pages: per set and per page type the mean
 * F1, precision and recall, the pages more than 0.2 below Readability.js, the leftover lines per page, and the pages
 * that moved most either way.
 */
import type { PageScore } from './gce-replay';

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const f3 = (x: number): string => x.toFixed(3);

function table(title: string, groups: Map<string, [PageScore, PageScore][]>): void {
  console.log(`\n| ${title} | pages | F1 before | F1 after | Δ | P before → after | R before → after | >0.2 below RJS before → after | leftover/page before → after | pages better / worse (|Δ|>0.01) |`);
  console.log('|---|---:|---:|---:|---:|---|---|---|---|---|');
  for (const [key, pairs] of [...groups].sort()) {
    const b = pairs.map((p) => p[0]);
    const a = pairs.map((p) => p[1]);
    const below = (xs: PageScore[]): string => {
      const known = xs.filter((x) => x.rjsF1 !== null);
      return known.length ? `${known.filter((x) => x.f1 < x.rjsF1! - 0.2).length}/${known.length}` : '-';
    };
    const better = pairs.filter(([x, y]) => y.f1 > x.f1 + 0.01).length;
    const worse = pairs.filter(([x, y]) => y.f1 < x.f1 - 0.01).length;
    const fb = mean(b.map((x) => x.f1));
    const fa = mean(a.map((x) => x.f1));
    console.log(
      `| ${key} | ${pairs.length} | ${f3(fb)} | ${f3(fa)} | ${(fa - fb >= 0 ? '+' : '') + (fa - fb).toFixed(4)} | ${f3(mean(b.map((x) => x.precision)))} → ${f3(mean(a.map((x) => x.precision)))} | ${f3(mean(b.map((x) => x.recall)))} → ${f3(mean(a.map((x) => x.recall)))} | ${below(b)} → ${below(a)} | ${mean(b.map((x) => x.leftover)).toFixed(2)} → ${mean(a.map((x) => x.leftover)).toFixed(2)} | ${better} / ${worse} |`,
    );
  }
}

export function report(before: PageScore[], after: PageScore[]): void {
  const afterBy = new Map(after.map((s) => [`${s.set}/${s.id}`, s]));
  const pairs: [PageScore, PageScore][] = before.flatMap((b) => {
    const a = afterBy.get(`${b.set}/${b.id}`);
    return a ? [[b, a] as [PageScore, PageScore]] : [];
  });
  const group = (key: (s: PageScore) => string): Map<string, [PageScore, PageScore][]> => {
    const m = new Map<string, [PageScore, PageScore][]>();
    for (const p of pairs) m.set(key(p[0]), [...(m.get(key(p[0])) ?? []), p]);
    return m;
  };
  table('set', group((s) => s.set));
  const wcxb = new Map([...group((s) => (s.set.startsWith('wcxb') ? `${s.set} ${s.type}` : ''))].filter(([k]) => k !== ''));
  if (wcxb.size) table('wcxb page type', wcxb);
  const langs = new Map([...group((s) => (s.set === 'daniel-dev' ? s.lang : ''))].filter(([k]) => k !== ''));
  if (langs.size) table('daniel-dev language', langs);
  const moved = pairs.filter(([b, a]) => Math.abs(a.f1 - b.f1) > 0.005).sort((x, y) => x[1].f1 - x[0].f1 - (y[1].f1 - y[0].f1));
  console.log('\nPages that lose (F1 down by more than 0.005), worst first:\n');
  for (const [b, a] of moved.filter(([b, a]) => a.f1 < b.f1)) console.log(`- ${b.set}/${b.id} (${b.type}): ${f3(b.f1)} → ${f3(a.f1)} (P ${f3(b.precision)} → ${f3(a.precision)}, R ${f3(b.recall)} → ${f3(a.recall)})`);
  console.log(`\nPages that gain: ${moved.filter(([b, a]) => a.f1 > b.f1).length}; the ten largest:\n`);
  for (const [b, a] of moved.filter(([b, a]) => a.f1 > b.f1).reverse().slice(0, 10)) console.log(`- ${b.set}/${b.id} (${b.type}): ${f3(b.f1)} → ${f3(a.f1)}`);
}
