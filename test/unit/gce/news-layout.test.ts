import { describe, expect, it } from 'vitest';
import { REASON_INSIDE, REASON_OUTSIDE, gceDecisions, runGce } from '../../../src/gce';
import { SnapshotBuilder, rect } from './builders';

/**
 * A three-column news page on a 1920×1080 window: header nav across the top, a link list on the left, the
 * article in the centre, related links on the right, and a footer with links and a copyright line.
 */
function newsPage() {
  const b = new SnapshotBuilder(undefined, { width: 1920, height: 3200 });
  const header = b.node(b.body, 'header', rect(0, 0, 1920, 120), { hint: 'site-header' });
  const headerLinks = b.linkList(header, rect(160, 30, 1600, 60), 8, 'horizontal');

  const layout = b.node(b.body, 'div', rect(160, 120, 1600, 2680), { hint: 'layout' });
  const nav = b.node(layout, 'nav', rect(160, 120, 300, 2680), { hint: 'sidebar-nav' });
  const navList = b.node(nav, 'ul', rect(160, 140, 300, 1200));
  const navLinks = b.linkList(navList, rect(160, 140, 300, 1200), 30);

  const article = b.node(layout, 'article', rect(520, 140, 900, 2500), { hint: 'story' });
  const headline = b.node(article, 'h1', rect(520, 160, 900, 80));
  const articleBlocks = [b.block(headline, rect(520, 160, 900, 80), 'Council approves the new bridge', { kind: 'heading' })];
  for (let y = 280; y + 120 <= 2600; y += 160) {
    articleBlocks.push(b.paragraph(article, rect(520, y, 900, 120), 'A paragraph of reporting on the decision, quotes and context.'));
  }

  const aside = b.node(layout, 'aside', rect(1460, 120, 300, 2680), { hint: 'related' });
  const relatedTitle = b.node(aside, 'h2', rect(1460, 120, 300, 20));
  const relatedHeading = b.block(relatedTitle, rect(1460, 120, 300, 20), 'Related', { kind: 'heading' });
  const relatedList = b.node(aside, 'ul', rect(1460, 140, 300, 1000));
  const relatedLinks = b.linkList(relatedList, rect(1460, 140, 300, 1000), 10);

  const footer = b.node(b.body, 'footer', rect(0, 2800, 1920, 400), { hint: 'contentinfo' });
  const footerLinks = b.linkList(footer, rect(160, 2840, 1600, 60), 6, 'horizontal');
  const copyright = b.paragraph(footer, rect(160, 3000, 1600, 40), '© 2025 The Daily Example. All rights reserved.');

  return {
    snapshot: b.build(),
    article,
    articleBlocks,
    outside: [...headerLinks, ...navLinks, relatedHeading, ...relatedLinks, ...footerLinks, copyright],
    navList,
    relatedList,
  };
}

describe('GCE on a three-column news page', () => {
  it('excludes the link columns from the grid and chooses the centre article', () => {
    const { snapshot, article, articleBlocks, navList, relatedList } = newsPage();
    const result = runGce(snapshot);
    expect(result.linkRegions).toEqual(expect.arrayContaining([navList, relatedList]));
    const excludedByLinks = new Set(result.cells.filter((c) => c.excluded === 'link-region').map((c) => c.col));
    expect(excludedByLinks).toEqual(new Set([1, 5]));
    expect(result.leaves.every((l) => articleBlocks.includes(l))).toBe(true);
    expect(result.mainNode).toBe(article);
    expect(result.path).toBe('M3best');
  });

  it('keeps the article blocks and removes nav, related links and footer as outside the main content', () => {
    const { snapshot, article, articleBlocks, outside } = newsPage();
    const decisions = gceDecisions(snapshot, runGce(snapshot));
    expect(decisions).toHaveLength(snapshot.blocks.length);
    for (const id of articleBlocks) {
      expect(decisions[id]).toMatchObject({ kept: true, reason: REASON_INSIDE, evidence: { kind: 'main-container', container: article } });
    }
    for (const id of outside) {
      expect(decisions[id]).toMatchObject({
        kept: false,
        stage: 'gce',
        reason: REASON_OUTSIDE,
        evidence: { kind: 'outside-main-container', container: article },
      });
    }
    // 14 paragraphs of 900×120 (y = 280, 440, … 2360) and a 900×80 headline in a 900×2500 article.
    expect(articleBlocks).toHaveLength(15);
    expect(decisions[articleBlocks[0]!]!.score).toBeCloseTo((14 * 900 * 120 + 900 * 80) / (900 * 2500));
  });
});
