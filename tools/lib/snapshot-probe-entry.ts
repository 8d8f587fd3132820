/**
 * The page bundle plus `window.__pithProbe`: the snapshot and GCE alone, and the DOM reads the snapshot is made of,
 * each on the whole page, so `npx tsx tools/profile-snapshot.ts` can say where the snapshot's time goes.
 */
import '../../cli/page-entry';
import { runGce } from '../../src/gce';
import { copyTree } from '../../src/snapshot/copy-tree';
import { readMetadata } from '../../src/snapshot/metadata';
import { takeSnapshot } from '../../src/snapshot/take-snapshot';
import type { ReadBudget } from '../../src/snapshot/budget';
import type { PageSnapshot } from '../../src/snapshot/types';

let last: PageSnapshot | undefined;

function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** Everything the snapshot says about the page, as one string (two versions of the code compare by its hash). */
function fingerprint(snapshot: PageSnapshot): string {
  const { stats, ...rest } = snapshot;
  return JSON.stringify({ ...rest, stats: { ...stats, ms: 0 } });
}

const probe = {
  snapshot(budget?: ReadBudget): { ms: number; elements: number; blocks: number; truncated: boolean } {
    const started = performance.now();
    last = takeSnapshot(document, budget).snapshot;
    return { ms: performance.now() - started, elements: last.stats.elements, blocks: last.blocks.length, truncated: last.stats.truncated };
  },
  fingerprint: (): string => (last ? fingerprint(last) : ''),
  gce: (): number => timed(() => last && runGce(last)),
  /** One DOM read over the whole body (a name of `reads`), before any snapshot: which of them holds the first run's cost. */
  first(name: string): number {
    return probe.reads([name])[name] ?? NaN;
  },
  /** Each DOM read the walk makes, once over the whole body, in ms (wall time in the page). */
  reads(only?: string[]): Record<string, number> {
    const all = [...document.body.querySelectorAll('*')];
    const range = document.createRange();
    const texts: Node[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue?.trim()) texts.push(n);
    const want = (name: string, work: () => unknown): number => (!only || only.includes(name) ? timed(work) : NaN);
    return {
      elements: all.length,
      textNodes: texts.length,
      layout: want('layout', () => document.body.offsetHeight),
      // A JS object for every node, nothing read: what touching the page's nodes for the first time costs.
      touchAll: want('touchAll', () => {
        const nodes = document.createTreeWalker(document.body);
        while (nodes.nextNode());
      }),
      computedDisplay: want('computedDisplay', () => all.forEach((el) => getComputedStyle(el).display)),
      computedFive: want('computedFive', () =>
        all.forEach((el) => {
          const s = getComputedStyle(el);
          void (s.display + s.position + s.visibility + s.opacity + s.fontSize);
        }),
      ),
      elementRects: want('elementRects', () => all.forEach((el) => el.getBoundingClientRect())),
      textRects: want('textRects', () =>
        texts.forEach((n) => {
          range.selectNodeContents(n);
          range.getBoundingClientRect();
        }),
      ),
      bodyInnerText: want('bodyInnerText', () => document.body.innerText),
      importBody: want('importBody', () => document.implementation.createHTMLDocument('').importNode(document.body, true)),
      copyOuterHtml: want('copyOuterHtml', () => last && copyTree(last).outerHTML),
      metadata: want('metadata', () => readMetadata(document)),
    };
  },
};

declare global {
  interface Window {
    __pithProbe?: typeof probe;
  }
}

window.__pithProbe = probe;
