import { describe, expect, it } from 'vitest';
import type { RemovalCause } from '../../../src/decisions/causes';
import type { DecisionRecord } from '../../../src/decisions/types';
import { placeNames } from '../../../src/render/place-names';
import { removalSummary } from '../../../src/render/removal-summary';
import { removalWords } from '../../../src/render/vocabulary';
import { SnapshotBuilder, rect } from '../gce/builders';

/** An article of three paragraphs with pieces around it that the engine named only as "outside the article". */
function page() {
  const b = new SnapshotBuilder();
  const article = b.node(b.body, 'article', rect(0, 0, 800, 900));
  for (let i = 0; i < 3; i++) b.block(b.node(article, 'p', rect(0, i * 100, 800, 90)), rect(0, i * 100, 800, 90), `Paragraph ${i} of the story, long enough to read as prose. `.repeat(4));
  const figure = b.node(b.body, 'figure', rect(0, 400, 800, 300));
  const caption = b.block(b.node(figure, 'figcaption', rect(0, 650, 800, 40)), rect(0, 650, 800, 40), 'The harbour at dawn, seen from the old lighthouse.');
  const bio = b.block(b.node(b.node(b.body, 'div', rect(0, 1000, 800, 100), { hint: 'post-author-bio' }), 'p', rect(0, 1000, 800, 100)), rect(0, 1000, 800, 100), 'Ana Lima writes about the sea and the people who work on it.');
  const cart = b.block(b.node(b.body, 'div', rect(900, 0, 300, 80), { hint: 'mini-cart' }), rect(900, 0, 300, 80), 'Your basket is empty');
  const other = b.block(b.node(b.body, 'div', rect(0, 1200, 800, 100), { hint: 'box-3' }), rect(0, 1200, 800, 100), 'A paragraph in a box of its own that nothing names.');
  const menu = b.block(b.node(b.body, 'nav', rect(0, 1400, 800, 40)), rect(0, 1400, 800, 40), 'Home News', { linkText: 9 });
  const snapshot = b.build();
  const causes: Record<number, RemovalCause> = { [caption]: 'outside-container', [bio]: 'outside-container', [cart]: 'page-type-profile', [other]: 'outside-container', [menu]: 'nav-menu' };
  const record: DecisionRecord = {
    runs: [],
    decisions: snapshot.blocks.map((block) =>
      causes[block.id]
        ? { block: block.id, kept: false, stage: 'gce', reason: 'Outside the article', cause: causes[block.id], evidence: { kind: 'outside-main-container', container: article } }
        : { block: block.id, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: article } },
    ),
  };
  return { snapshot, record, ids: { caption, bio, cart, other, menu } };
}

describe('placeNames', () => {
  it('names what a piece removed as "outside the article" is, from the elements around it', () => {
    const { snapshot, record, ids } = page();
    const names = placeNames(snapshot, record);
    expect(names.get(ids.caption)).toBe('image-caption');
    expect(names.get(ids.bio)).toBe('author-box');
    expect(names.get(ids.cart)).toBe('shop-widget');
    // Nothing says what this one is: it stays under its place; a piece the engine named keeps its name.
    expect(names.has(ids.other)).toBe(false);
    expect(names.has(ids.menu)).toBe(false);
    expect(removalWords(record.decisions[ids.bio], [snapshot.blocks[ids.bio]!], names.get(ids.bio))).toBe('About the author: a note on who wrote it');
  });

  it('changes only the reader’s groups, never a decision', () => {
    const { snapshot, record } = page();
    const before = structuredClone(record);
    const groups = removalSummary(snapshot.blocks, record, placeNames(snapshot, record)).map((g) => g.label).sort();
    expect(groups).toEqual(['About the author', 'Beside the article', 'Image caption', 'Shop controls', 'Site menu']);
    expect(record).toEqual(before);
  });
});

/**
 * An article with pieces Readability dropped between its paragraphs and no stage named (the reader's fallback):
 * each is named from what it carries, or left under its place when nothing says what it is.
 */
function fallbackPage() {
  const b = new SnapshotBuilder();
  const article = b.node(b.body, 'div', rect(0, 0, 800, 3000), { hint: 'story-body' });
  let y = 0;
  const at = (h: number) => rect(0, (y += h + 10) - h, 800, h);
  const paragraph = (i: number) => b.block(b.node(article, 'p', at(90)), rect(0, y - 90, 800, 90), `Paragraph ${i} of the story, long enough to read as prose. `.repeat(4));
  const inside = (parent: number, tag: string, text: string, options: { hint?: string; form?: 'other'; kind?: 'heading'; linkText?: number } = {}) => {
    const node = b.node(parent, tag, at(40), { hint: options.hint, form: options.form });
    return { node, block: b.block(b.node(node, 'p', rect(0, y - 40, 800, 40)), rect(0, y - 40, 800, 40), text, { linkText: options.linkText }) };
  };
  const kept = [paragraph(0)];
  const form = inside(article, 'form', 'Your name · Your e-mail · Send', { form: 'other' }).block;
  kept.push(paragraph(1));
  const gallery = inside(article, 'div', '1 of 24 · Full screen · Autoplay · Close', { hint: 'inline-gallery-embed' }).block;
  const date = b.block(b.node(article, 'p', at(30)), rect(0, y - 30, 800, 30), 'March 25, 2015 · 6:00 PM');
  const countdown = b.block(b.node(article, 'p', at(30)), rect(0, y - 30, 800, 30), 'Your video will play in 00:25');
  const reviews = inside(article, 'growth-trust-pilot-reviews', 'Quick and easy, would use again. · Sam K.').block;
  const disclaimer = inside(article, 'div', 'This blog is for general information only and is not advice.', { hint: 'site-disclaimer' }).block;
  const copyright = b.block(b.node(article, 'p', at(30)), rect(0, y - 30, 800, 30), '© 2024 Harbour Press. All rights reserved.');
  const heading = b.block(b.node(article, 'h2', at(30)), rect(0, y - 30, 800, 30), 'More from the harbour', { kind: 'heading' });
  const card = inside(b.node(article, 'article', at(60)), 'div', 'Fishermen return to the old quay after ten years', { linkText: 20 }).block;
  const title = b.block(b.node(article, 'h1', at(30)), rect(0, y - 30, 800, 30), 'The harbour at dawn', { kind: 'heading' });
  const card2 = inside(b.node(article, 'article', at(60)), 'div', 'A lighthouse keeper on forty years of storms', { linkText: 20 }).block;
  kept.push(paragraph(2));
  const snapshot = b.build();
  const record: DecisionRecord = {
    runs: [],
    decisions: snapshot.blocks.map((block) =>
      kept.includes(block.id)
        ? { block: block.id, kept: true, stage: 'readability', reason: 'In the article', evidence: { kind: 'structural-extractor', extractor: 'readability', kept: true } }
        : { block: block.id, kept: false, stage: 'readability', reason: 'Dropped by Readability', cause: 'stage-decided', evidence: { kind: 'structural-extractor', extractor: 'readability', kept: false } },
    ),
  };
  return { snapshot, record, ids: { form, gallery, date, countdown, reviews, disclaimer, copyright, heading, card, title, card2 } };
}

describe('placeNames for pieces no stage named', () => {
  it('names forms, galleries, date lines, reviews, legal notices and story cards from what they carry', () => {
    const { snapshot, record, ids } = fallbackPage();
    const names = placeNames(snapshot, record);
    expect(names.get(ids.form)).toBe('web-form');
    expect(names.get(ids.gallery)).toBe('media-player');
    expect(names.get(ids.date)).toBe('date-line');
    expect(names.get(ids.reviews)).toBe('customer-reviews');
    expect(names.get(ids.disclaimer)).toBe('legal-notice');
    expect(names.get(ids.copyright)).toBe('legal-notice');
    expect(names.get(ids.card)).toBe('related-content');
    // A heading over a named part of the page takes its name; the page's title does not, whatever follows it.
    expect(names.get(ids.heading)).toBe('related-content');
    expect(names.has(ids.title)).toBe(false);
    // A countdown is not a date line: nothing says what it is, so it stays under its place.
    expect(names.has(ids.countdown)).toBe(false);
    const words = (id: number) => removalWords(record.decisions[id], [snapshot.blocks[id]!], names.get(id));
    expect(words(ids.form)).toBe('Form: fields to fill in and their buttons');
    expect(words(ids.gallery)).toBe('Gallery or video player: its buttons, counters and slide captions');
    expect(words(ids.date)).toBe('Date line: a date or time on its own');
    expect(words(ids.copyright)).toBe('Legal notice: copyright, disclaimer or terms');
    expect(words(ids.countdown)).toBe('Beside the article: 6 words');
  });

  it('changes only the reader’s groups, never a decision', () => {
    const { snapshot, record } = fallbackPage();
    const before = structuredClone(record);
    const labels = removalSummary(snapshot.blocks, record, placeNames(snapshot, record)).map((g) => g.label);
    expect(labels).toContain('Links to other stories');
    // The disclaimer and the copyright line are one run of the same name: one piece.
    expect(labels).toContain('Legal notice');
    expect(record).toEqual(before);
  });
});
