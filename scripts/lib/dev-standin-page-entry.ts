// TEMP dev stand-in for src/pipeline/page-entry.ts (not in the repo).
import { Readability } from '@mozilla/readability';
import type { PithPageApi } from '../../src/pipeline/page-api';
import type { Extraction } from '../../src/pipeline/types';

const api: PithPageApi = {
  async extract() {
    const t0 = performance.now();
    const els = [...document.body.querySelectorAll('p,h1,h2,h3,li,pre')];
    const blocks = els.map((el, id) => ({ id, text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), tag: el.tagName.toLowerCase(),
      kept: !el.closest('nav,footer,header,aside') }));
    if (location.search.includes('crash')) while (true) {}
    const ms = performance.now() - t0;
    return {
      snapshot: { blocks } as unknown as Extraction['snapshot'],
      record: { decisions: blocks.map((b) => ({ block: b.id, kept: b.kept, stage: 'gce', reason: 'x', evidence: { kind: 'empty' } })), runs: [{ stage: 'gce', path: 'gce:M3best', ms }] },
      mainNode: 0, mode: 'Stand-in', timings: { snapshot: ms / 2, gce: ms / 2, total: ms },
    } as Extraction;
  },
  format(extraction, format) {
    const blocks = (extraction.snapshot.blocks as unknown as { id: number; text: string; tag: string; kept: boolean }[]).filter((b) => b.kept && b.text);
    if (format === 'json') return JSON.stringify({ mode: extraction.mode, blocks });
    if (format === 'md') return blocks.map((b) => (b.tag.startsWith('h') ? '# ' : '') + b.text).join('\n\n');
    if (format === 'html') return blocks.map((b) => `<p>${b.text}</p>`).join('\n');
    return blocks.map((b) => b.text).join('\n\n');
  },
  readabilityText() {
    const t0 = performance.now();
    const r = new Readability(document.cloneNode(true) as Document).parse();
    return { text: r?.textContent ?? '', ms: performance.now() - t0 };
  },
};
window.__pith = api;
