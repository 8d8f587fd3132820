/**
 * How well block signatures find their block again after small page changes, on benchmark pages (happy-dom, no
 * layout, so positions come from document order only). Per page: every block with text gets a signature; the page is
 * changed (a banner added at the top of <body> and as the first child of every block's parent, class lists reversed,
 * whitespace doubled) and each signature is looked up in the changed page. Reported: found the right block, found a
 * wrong one, found none; and on the unchanged page, how many blocks find themselves.
 *   npx tsx tools/corrections-signature-eval.ts [--datasets a,b] [--limit N]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Window } from 'happy-dom';
import { findBlock, pageSignatures } from '../src/corrections/signature';
import type { PageSnapshot } from '../src/snapshot/types';
import { readJsonLines } from '../scripts/lib/jsonl';

const { values } = parseArgs({ options: { datasets: { type: 'string', default: 'cleaneval-dev,wcxb-dev-sample' }, limit: { type: 'string', default: '20' } } });
const window = new Window({ url: 'http://127.0.0.1/', settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true, navigation: { disableChildPageNavigation: true, disableChildFrameNavigation: true, disableMainFrameNavigation: true } } as never });
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis)) (globalThis as Record<string, unknown>)[key] = (window as unknown as Record<string, unknown>)[key];
}
const { takeSnapshot } = await import('../src/snapshot/take-snapshot');

function snapshotOf(html: string, change: boolean): PageSnapshot {
  const doc = window.document;
  doc.documentElement.innerHTML = html.replace(/<script[\s\S]*?<\/script>/gi, '');
  if (change) {
    for (const el of [...doc.querySelectorAll('[class]')]) el.setAttribute('class', (el.getAttribute('class') ?? '').split(/\s+/).reverse().join('  '));
    const banner = () => Object.assign(doc.createElement('div'), { className: 'promo-banner', textContent: 'Subscribe today and save on your first year.' });
    const parents = new Set([...doc.querySelectorAll('p, li, h2, h3')].map((p) => p.parentElement).filter(Boolean));
    for (const parent of parents) parent!.prepend(banner());
    doc.body?.prepend(banner());
  }
  return takeSnapshot(doc as unknown as Document).snapshot;
}

const totals = { blocks: 0, self: 0, right: 0, wrong: 0, none: 0, pages: 0 };
for (const dataset of values.datasets.split(',')) {
  let n = 0;
  for await (const line of readJsonLines(resolve('../shared/bench', `${dataset}.jsonl.gz`))) {
    if (n++ >= Number(values.limit)) break;
    if ('error' in line) continue;
    const html = (line.value as { html: string }).html;
    const before = snapshotOf(html, false);
    const sigBefore = pageSignatures(before);
    const after = snapshotOf(html, true);
    const sigAfter = pageSignatures(after);
    // The n-th block with a text before the change is the n-th block with that text after it.
    const ordinal = (snap: PageSnapshot, id: number) => snap.blocks.filter((b) => b.id < id && b.text === snap.blocks[id].text).length;
    totals.pages += 1;
    for (const block of before.blocks) {
      if (block.text.length === 0) continue;
      totals.blocks += 1;
      if (findBlock(sigBefore[block.id], sigBefore) === block.id) totals.self += 1;
      const found = findBlock(sigBefore[block.id], sigAfter);
      if (found < 0) totals.none += 1;
      else if (after.blocks[found].text === block.text && ordinal(after, found) === ordinal(before, block.id)) totals.right += 1;
      else {
        totals.wrong += 1;
      }
    }
  }
}
const pct = (k: number) => `${((100 * k) / Math.max(1, totals.blocks)).toFixed(1)} %`;
console.log(`${totals.pages} pages (${values.datasets}, first ${values.limit} each), ${totals.blocks} blocks with text`);
console.log(`unchanged page: finds itself ${pct(totals.self)}`);
console.log(`changed page: right block ${pct(totals.right)}, wrong block ${pct(totals.wrong)}, none ${pct(totals.none)}`);
await window.happyDOM.abort();
window.close();
