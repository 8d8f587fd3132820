/**
 * Where can SORE raise F1? Reads the pages `tools/sore-tune.ts` cached (structural result + truth) and, per page, removes
 * greedily every kept block whose removal raises the page's token F1 (an oracle that knows the truth). Reports
 * that ceiling per dataset, overall and restricted to short blocks, and lists the blocks it removes by kind
 * (length, block kind, repeated on the page, mostly capitals or links), so a rule can be aimed at them.
 *
 *   npx tsx tools/sore-ceiling.ts [--cache /tmp/pith-sore-tune.json] [--list 200]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { keptText } from '../src/decisions/record';
import { mean } from '../bench/lib/scoring/aggregate';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { tokenize } from '../src/text/tokenize';
import { TEXT_KINDS } from '../src/sore/segment';
import { groupBy } from '../scripts/lib/bench-groups';
import { markdownTable } from '../scripts/lib/markdown-table';
import type { SoreReplayPage as CachedPage } from './lib/replay-pages';


const { values } = parseArgs({
  options: {
    cache: { type: 'string', default: '/tmp/pith-sore-tune.json' },
    list: { type: 'string', default: '0' },
  },
});

function counts(tokens: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokens) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

/**
 * Kept blocks the oracle removes (of those `eligible`), and the F1 after. Token F1 as the scorer computes it, kept
 * up to date per block: removing a block changes the overlap only for its own tokens.
 */
function oracle(page: CachedPage, eligible: (text: string, kind: string) => boolean): { f1: number; removed: number[] } {
  const truth = counts(tokenize(page.truth));
  const truthTotal = [...truth.values()].reduce((a, b) => a + b, 0);
  const kept = page.snapshot.blocks.filter((b) => page.record.decisions[b.id]?.kept);
  const blockTokens = new Map(kept.map((b) => [b.id, counts(tokenize(b.text))]));
  const predicted = new Map<string, number>();
  let total = 0;
  for (const c of blockTokens.values()) for (const [t, n] of c) (predicted.set(t, (predicted.get(t) ?? 0) + n), (total += n));
  let overlap = 0;
  for (const [t, n] of predicted) overlap += Math.min(n, truth.get(t) ?? 0);
  const f1 = (o: number, p: number) => (p === 0 || truthTotal === 0 || o === 0 ? 0 : (2 * o) / (p + truthTotal));
  let best = f1(overlap, total);
  const removed: number[] = [];
  for (const b of kept) {
    if (!TEXT_KINDS.has(b.kind) || !eligible(b.text.trim(), b.kind)) continue;
    const c = blockTokens.get(b.id) as Map<string, number>;
    let lost = 0;
    let size = 0;
    for (const [t, n] of c) {
      const have = predicted.get(t) ?? 0;
      const cap = truth.get(t) ?? 0;
      lost += Math.min(have, cap) - Math.min(have - n, cap);
      size += n;
    }
    const after = f1(overlap - lost, total - size);
    if (after > best) {
      best = after;
      overlap -= lost;
      total -= size;
      for (const [t, n] of c) predicted.set(t, (predicted.get(t) ?? 0) - n);
      removed.push(b.id);
    }
  }
  return { f1: best, removed };
}

function kindOf(text: string, blockKind: string, repeats: number): string {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const caps = letters.length > 3 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6;
  const words = text.split(/\s+/).filter(Boolean).length;
  const tags = [blockKind, words <= 3 ? '≤3 words' : words <= 10 ? '4-10 words' : words <= 25 ? '11-25 words' : '>25 words'];
  if (caps) tags.push('capitals');
  if (repeats > 1) tags.push('repeated');
  if (!/[.!?]["”’)]?$/.test(text)) tags.push('no final stop');
  return tags.join(', ');
}

const pages = (JSON.parse(readFileSync(values.cache, 'utf8')) as { pages: CachedPage[] }).pages;
const limits: [string, (t: string, k: string) => boolean][] = [
  ['all kept blocks', () => true],
  ['blocks ≤ 150 chars', (t) => t.length <= 150],
  ['blocks ≤ 60 chars', (t) => t.length <= 60],
  ['blocks > 150 chars', (t) => t.length > 150],
];
const rows: string[][] = [];
const byKind = new Map<string, { blocks: number; chars: number }>();
const listed: string[] = [];
for (const [dataset, set] of groupBy(pages, (p) => p.dataset)) {
  const gce = set.map((p) => tokenPrf(keptText(p.snapshot.blocks, p.record), p.truth));
  const row = [dataset, String(set.length), `${mean(gce.map((x) => x.f1)).toFixed(4)} (P ${mean(gce.map((x) => x.precision)).toFixed(3)})`];
  for (const [label, eligible] of limits) {
    const results = set.map((p) => oracle(p, eligible));
    row.push(mean(results.map((r) => r.f1)).toFixed(4));
    if (label !== 'all kept blocks') continue;
    set.forEach((p, i) => {
      const counts = new Map<string, number>();
      for (const b of p.snapshot.blocks) if (p.record.decisions[b.id]?.kept) counts.set(b.text.trim(), (counts.get(b.text.trim()) ?? 0) + 1);
      for (const id of results[i].removed) {
        const b = p.snapshot.blocks[id];
        const text = b.text.trim();
        const kind = kindOf(text, b.kind, counts.get(text) ?? 0);
        const k = byKind.get(kind) ?? { blocks: 0, chars: 0 };
        byKind.set(kind, { blocks: k.blocks + 1, chars: k.chars + text.length });
        listed.push(`${dataset}/${p.id}\t${kind}\t${text.replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    });
  }
  rows.push(row);
}
console.log(markdownTable(['set', 'pages', 'gce F1', ...limits.map(([l]) => `oracle: ${l}`)], rows));
console.log('\nBlocks the oracle removes (all kept blocks), by kind:\n');
console.log(
  markdownTable(
    ['kind', 'blocks', 'chars'],
    [...byKind].sort((a, b) => b[1].chars - a[1].chars).map(([k, v]) => [k, String(v.blocks), String(v.chars)]),
  ),
);
const n = Number(values.list);
if (n > 0) console.log(`\n${listed.slice(0, n).join('\n')}`);
