/**
 * Why the layout stage's container stops short of the article (`tools/gce-replay.ts diagnose`): every block of
 * article text (the block model's label, scripts/lib/block-labels.ts) that the reader removed and that the layout
 * stage had put outside its container, placed against the container: above or below it, how many levels out the
 * element holding both is, how wide that element is against the container (same column or wider), which expansion
 * rule chose the container, and what lies between the container and the block (an image or video, a removed box, a
 * heading, nothing).
 */
import type { Decision } from '../src/decisions/types';
import type { GceParams } from '../src/gce/params';
import { runGce } from '../src/gce';
import type { PageSnapshot } from '../src/snapshot/types';
import { blockShares, CONTENT_SHARE, truthIndex } from '../scripts/lib/block-labels';
import { tokenize } from '../src/text/tokenize';
import { cachedPages, extract } from './gce-replay';

function ancestors(snapshot: PageSnapshot, node: number): number[] {
  const out: number[] = [];
  for (let v = node, steps = 0; v >= 0 && steps <= snapshot.nodes.length; v = snapshot.nodes[v]!.parent, steps++) out.push(v);
  return out;
}

function removedByLayout(d: Decision | undefined): boolean {
  for (let x = d; x; x = x.supersedes) if (x.evidence.kind === 'outside-main-container') return true;
  return false;
}

const bucket = (levels: number): string => (levels <= 1 ? '1 (sibling)' : levels <= 3 ? '2-3' : '4+');
const widthBucket = (ratio: number): string => (ratio < 1.15 ? 'same column' : ratio < 1.7 ? 'wider <1.7x' : 'wider >=1.7x');

export async function diagnose(sets: string[], half: string, examples: number, gce: Partial<GceParams>, cached: boolean): Promise<void> {
  const tallies = new Map<string, Map<string, number>>();
  const tally = (dim: string, key: string, chars: number): void => {
    const m = tallies.get(dim) ?? new Map<string, number>();
    m.set(key, (m.get(key) ?? 0) + chars);
    tallies.set(dim, m);
  };
  const cases: { page: string; chars: number; line: string }[] = [];
  let total = 0;
  let allRemoved = 0;
  let pages = 0;
  for (const set of sets) {
    for await (const { page, truth } of cachedPages(set, half)) {
      const extraction = cached ? { snapshot: page.snapshot, record: page.record, mainNode: page.mainNode } : extract(page, gce);
      pages++;
      const snapshot = extraction.snapshot;
      const main = extraction.mainNode;
      if (main < 0) continue;
      const layout = runGce(snapshot, gce);
      const walk = layout.walks.find((w) => w.chosen === main);
      const rules = walk?.candidates.find((c) => c.node === main)?.rules.join('+') ?? '?';
      const blocks = snapshot.blocks;
      const ids = blocks.flatMap((b, i) => (b.visible && tokenize(b.text).length > 0 ? [i] : []));
      const shares = blockShares(ids.map((i) => blocks[i]!.text), truthIndex(truth.text));
      const article = new Set(ids.filter((_, k) => shares[k]! >= CONTENT_SHARE));
      const mainChain = ancestors(snapshot, main);
      const inside = blocks.filter((b) => ancestors(snapshot, b.node).includes(main)).map((b) => b.id);
      const first = inside[0] ?? 0;
      const last = inside.at(-1) ?? 0;
      const mainWidth = snapshot.nodes[main]!.rect.width;
      const keptWords = tokenize(blocks.filter((b) => extraction.record.decisions[b.id]?.kept).map((b) => b.text).join('\n')).join(' ');
      const tableLayout = mainChain.some((v) => ['td', 'th'].includes(snapshot.nodes[v]!.tag));
      for (const id of article) {
        const d = extraction.record.decisions[id];
        if (!d?.kept) {
          tally('all removed article text, by the deciding stage and evidence', `${d?.stage}, ${d?.evidence.kind}${removedByLayout(d) ? ' (outside the layout container)' : ''}`, blocks[id]!.text.length);
          allRemoved += blocks[id]!.text.length;
        }
        if (d?.kept || !removedByLayout(d)) continue;
        const b = blocks[id]!;
        const chars = b.text.length;
        total += chars;
        const chain = ancestors(snapshot, b.node);
        const lca = mainChain.find((v) => chain.includes(v)) ?? 0;
        const levels = mainChain.indexOf(lca);
        const ratio = mainWidth > 0 ? snapshot.nodes[lca]!.rect.width / mainWidth : 99;
        const below = id > last;
        const between = below ? blocks.slice(last + 1, id) : blocks.slice(id + 1, first);
        const sep = between.some((x) => ['image', 'figure', 'media'].includes(x.kind) && x.visible)
          ? 'image or video'
          : between.some((x) => x.visible && x.text.length > 0 && !article.has(x.id))
            ? 'removed non-article text'
            : between.some((x) => x.kind === 'heading')
              ? 'a heading'
              : 'nothing';
        const where = tableLayout ? 'table cell' : below ? 'below' : 'above';
        tally('place', where, chars);
        tally('its words already kept elsewhere on the page (a repeat)', keptWords.includes(tokenize(b.text).join(' ')) ? 'yes' : 'no', chars);
        tally('place × levels out', `${where}, ${bucket(levels)}`, chars);
        tally('place × holder width', `${where}, ${widthBucket(ratio)}`, chars);
        tally('place × between', `${where}, ${sep}`, chars);
        tally('rule that chose the container', rules, chars);
        tally('holder is a candidate of the walk', walk?.candidates.some((c) => c.node === lca) ? 'yes' : 'no', chars);
        tally('holder', lca === 0 ? '<body>' : `${snapshot.nodes[lca]!.tag}`, chars);
        cases.push({
          page: `${set}/${page.id}`,
          chars,
          line: `${where}; ${levels} levels out, holder <${snapshot.nodes[lca]!.tag}> ${ratio.toFixed(2)}× the container's width; between: ${sep}; container <${snapshot.nodes[main]!.tag} ${snapshot.nodes[main]!.hint.slice(0, 40)}> by ${rules}, ${walk ? `walk M${walk.centre + 1}` : ''}: ${b.text.slice(0, 80)}`,
        });
      }
    }
  }
  console.log(`# Article text outside the layout stage's container (${sets.join(', ')}; half ${half}${cached ? '; the Chromium run' : '; Node replay'}): ${pages} pages, ${total.toLocaleString('en')} chars of ${allRemoved.toLocaleString('en')} chars of article text removed\n`);
  for (const [dim, m] of tallies) {
    console.log(`\n| ${dim} | chars | share |\n|---|---:|---:|`);
    for (const [k, c] of [...m].sort((a, b) => b[1] - a[1])) console.log(`| ${k} | ${c.toLocaleString('en')} | ${((100 * c) / Math.max(1, total)).toFixed(1)} % |`);
  }
  // The biggest page-level cases: one line per page (its largest block), largest pages first.
  const byPage = new Map<string, { chars: number; line: string }>();
  for (const c of cases) {
    const p = byPage.get(c.page) ?? { chars: 0, line: c.line };
    p.chars += c.chars;
    byPage.set(c.page, p);
  }
  console.log(`\n## The ${examples} pages losing the most\n`);
  for (const [page, p] of [...byPage].sort((a, b) => b[1].chars - a[1].chars).slice(0, examples)) console.log(`- ${page} (${p.chars} chars): ${p.line.replace(/\|/g, '/')}`);
}
