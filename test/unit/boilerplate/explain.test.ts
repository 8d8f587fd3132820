import { describe, expect, it } from 'vitest';
import { explainRemovals } from '../../../src/boilerplate';
import { decide, emptyRecord } from '../../../src/decisions/record';
import { rect, SnapshotBuilder } from '../gce/builders';
import { readabilityRecord } from '../page-type/page-snapshot';

/** body > div.page > [nav, article(3 paragraphs), div(lone paragraph), footer] */
function page() {
  const b = new SnapshotBuilder({ width: 1200, height: 800 }, { width: 1200, height: 2000 });
  const wrapper = b.node(b.body, 'div', rect(0, 0, 1200, 2000), { hint: 'page' });
  const nav = b.node(wrapper, 'nav', rect(0, 0, 1200, 40));
  const menu = b.block(nav, rect(0, 0, 1200, 40), 'Home News Sport', { linkText: 15 });
  const article = b.node(wrapper, 'article', rect(0, 100, 700, 600), { hint: 'post' });
  const paragraphs = [0, 1, 2].map((i) => b.paragraph(article, rect(0, 100 + i * 100, 700, 80), `Paragraph ${i} of the article.`));
  const inside = b.paragraph(article, rect(0, 400, 700, 80), 'A sentence Readability dropped for its own reasons.');
  const lone = b.node(wrapper, 'div', rect(0, 800, 700, 80));
  const promo = b.paragraph(lone, rect(0, 800, 700, 80), 'Seed swap on Saturday at the town hall.');
  const footer = b.node(wrapper, 'footer', rect(0, 1900, 1200, 100));
  const copyright = b.block(footer, rect(0, 1900, 1200, 20), '© 2026 Example');
  const hidden = b.block(footer, rect(0, 0, 0, 0), '', { visible: false });
  return { snapshot: b.build(), article, menu, paragraphs, inside, promo, copyright, hidden };
}

describe('explainRemovals', () => {
  it('names the cause and the stage of every removal Readability decided, with the container from the kept blocks', () => {
    const p = page();
    const record = readabilityRecord(p.snapshot, (block) => p.paragraphs.includes(block.id));
    decide(record, { block: p.hidden, kept: false, stage: 'gce', reason: 'Hidden on the page', evidence: { kind: 'hidden' } });
    explainRemovals(p.snapshot, record, -1);
    const d = record.decisions;
    expect(d[p.menu]).toMatchObject({ cause: 'nav-menu', reason: 'Navigation menu (in <nav>, 100% links) — outside the article (Readability)' });
    expect(d[p.copyright]).toMatchObject({ cause: 'site-footer' });
    expect(d[p.copyright]!.reason).toMatch(/^Site footer \(in <footer>, 0% links\) — outside the article \(Readability\)$/);
    expect(d[p.promo]!.cause).toBe('outside-container');
    expect(d[p.promo]!.reason).toMatch(/the article is <article> marked “post”, 3 kept blocks; it stands alone in <div>.*Readability/);
    // Inside the article, with no rule matching: only the stage can say why.
    expect(d[p.inside]).toMatchObject({ cause: 'stage-decided', reason: 'Not part of the article according to the structural extractor (Readability)' });
    expect(d[p.hidden]).toMatchObject({ cause: 'hidden', reason: 'Hidden on the page' });
    // Kept blocks are untouched, and nothing is replaced: no supersedes chain grows.
    expect(d[p.paragraphs[0]!]!.cause).toBeUndefined();
    expect(d[p.menu]!.supersedes).toBeUndefined();
  });

  it('uses the layout container when GCE decided', () => {
    const p = page();
    const record = emptyRecord();
    for (const block of p.snapshot.blocks) {
      const inside = p.paragraphs.includes(block.id) || block.id === p.inside;
      decide(record, {
        block: block.id,
        kept: inside,
        stage: 'gce',
        reason: inside ? 'Inside the main content area' : 'Outside the main content area',
        evidence: inside ? { kind: 'main-container', container: p.article } : { kind: 'outside-main-container', container: p.article },
      });
    }
    explainRemovals(p.snapshot, record, p.article);
    expect(record.decisions[p.menu]!.reason).toBe('Navigation menu (in <nav>, 100% links) — outside the main content area (layout)');
    expect(record.decisions[p.promo]!.reason).toMatch(/^Outside the article \(the article is <article> marked “post”, 4 kept blocks;.*decided by layout \(GCE\)$/);
  });
});
