/**
 * The per-type profiles over the structural stages' record, on snapshots of the fixture pages (happy-dom: no
 * layout, so blocks are marked visible and the structural fallback decides before the profile).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, isKept } from '../../../src/decisions/record';
import type { PageType } from '../../../src/page-type';
import { profileDecisions } from '../../../src/page-type/profiles';
import { withAddedBlocks } from '../../../src/page-type/product-data';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';
import { pageSnapshot, readabilityRecord } from './page-snapshot';

const FIXTURES = join(__dirname, '../../fixtures/pages/page-types');

/** The fixture page's snapshot (every block visible) and the structural stages' record over it. */
function structural(name: string) {
  const snapshot = pageSnapshot(readFileSync(join(FIXTURES, name), 'utf8'));
  const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
  return { snapshot, record };
}

function profiled(name: string, type: PageType) {
  const { snapshot, record } = structural(name);
  const profile = profileDecisions(type, snapshot, record);
  for (const d of profile?.decisions ?? []) decide(record, d);
  const full = profile?.added ? withAddedBlocks(snapshot, profile.added) : snapshot;
  const text = full.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n');
  return { profile, record, text, snapshot: full };
}

describe('page-type profiles', () => {
  it('forum: keeps all six posts with their authors and dates, drops the login box, signatures and post actions', () => {
    const { profile, text } = profiled('forum-thread.html', 'forum');
    expect(profile?.reason).toBe('Forum thread: every post kept (6 posts)');
    for (const words of ['My pond pump started humming', 'A hum with reduced flow', 'Agree with Tom', 'I opened it up', 'foam pre-filter sleeve', 'every autumn']) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('Forgot your password?');
    expect(text).not.toContain('Growing water lilies');
    expect(text).not.toMatch(/^Reply$/m);
    expect(profile?.posts?.map((p) => p.author)).toEqual(['marsh_wren', 'tadpole_tom', 'lilypad_lou', 'marsh_wren', 'heron_watch', 'koi_keeper']);
    expect(profile?.posts?.[0].date).toBe('March 3, 2025');
    const causes = new Set(profile?.decisions.filter((d) => !d.kept).map((d) => d.cause));
    expect(causes).toContain('signature');
    expect(causes).toContain('post-actions');
    // Each removal says what the piece is and the evidence, as the named rules word it.
    const reasons = profile?.decisions.filter((d) => !d.kept).map((d) => d.reason) ?? [];
    expect(reasons.some((r) => /^Forum thread: signature removed \(in <\w+> marked “[\w-]+”\)$/.test(r))).toBe(true);
  });

  it('listing: keeps all twelve cards and drops the sort bar and pagination', () => {
    const { profile, text } = profiled('listing.html', 'listing');
    expect(profile?.reason).toBe('Listing: all 12 cards kept');
    for (const title of ['Smoky aubergine dal', 'Miso glazed salmon', 'Green shakshuka', 'Cardamom rice pudding']) expect(text).toContain(title);
    expect(text).not.toContain('Sort by');
  });

  it('product: adds the specifications the page hides, from its JSON-LD', () => {
    const { profile, text } = profiled('product.html', 'product');
    expect(profile?.reason).toMatch(/^Product page: name, description, specifications and price kept/);
    expect(text).toContain('Capacity: 1.2 litres');
    expect(text).toContain('Weight: 940 grams');
  });

  it('product: drops the customer reviews under the product, naming them', () => {
    const { profile, text, record } = profiled('product.html', 'product');
    expect(text).toContain('Capacity: 1.2 litres');
    expect(text).not.toContain('pours beautifully');
    expect(text).not.toContain('verified owner');
    const causes = profile?.decisions.filter((d) => !d.kept).map((d) => d.cause);
    expect(causes).toContain('customer-reviews');
    expect(Object.values(record.decisions).some((d) => d && !d.kept && /customer reviews section removed \(in <section/.test(d.reason))).toBe(true);
  });

  it('product: drops the site menu the structural stages kept with the product, naming it', () => {
    const { snapshot, record } = structural('product.html');
    // As if the structural extractor had kept the header's menu along with the product.
    const menu = snapshot.blocks.filter((b) => ['Shop', 'Kettles', 'Cart (0)'].includes(b.text));
    expect(menu.length).toBeGreaterThan(0);
    for (const b of menu) decide(record, { block: b.id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'empty' } });
    const profile = profileDecisions('product', snapshot, record);
    for (const b of menu) expect(profile?.decisions.find((d) => d.block === b.id)).toMatchObject({ kept: false, cause: 'nav-menu' });
    expect(profile?.reason).toMatch(/blocks of the site's menus removed/);
    for (const d of profile?.decisions ?? []) decide(record, d);
    expect(snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n')).toContain('thrown by hand');
  });

  it("product: keeps the product's sections but not the cart drawer, and drops the footer's fine print the structural stages kept", () => {
    const { snapshot, record } = structural('product-shop-widgets.html');
    // As if the structural extractor had kept the product's first box and the footer's footnotes.
    for (const block of snapshot.blocks) {
      const kept = /^(Trailhead 30L Daypack|The Trailhead 30L|Its back panel|\*)/.test(block.text);
      decide(record, { block: block.id, kept, stage: 'readability', ...(kept ? {} : { cause: 'outside-container' as const }), reason: 'test', evidence: { kind: 'empty' } });
    }
    const profile = profileDecisions('product', snapshot, record);
    for (const d of profile?.decisions ?? []) decide(record, d);
    const text = snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n');
    expect(text).toContain('Recycled ripstop nylon');
    expect(text).toContain('A hip belt with a zipped pocket');
    expect(text).not.toContain('Your bag is empty');
    expect(text).not.toContain('Spend another $40');
    expect(text).not.toContain('ASTM F2153');
    const fine = snapshot.blocks.find((b) => b.text.includes('ASTM F2153'))!;
    expect(profile?.decisions.find((d) => d.block === fine.id)).toMatchObject({ kept: false, cause: 'site-footer' });
    expect(profile?.reason).toMatch(/2 blocks of the site's footer removed/);
  });

  it('listing: brings back the cards the structural stages left out the way they read the kept ones', () => {
    const { snapshot, record } = structural('listing.html');
    // As if the structural stages kept the first card's title and summary and dropped its meta line and every other card.
    const byText = (t: string) => snapshot.blocks.find((b) => b.text.startsWith(t))!;
    for (const block of snapshot.blocks) decide(record, { block: block.id, kept: false, stage: 'readability', cause: 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    for (const t of ['Smoky aubergine dal', 'A weeknight dal']) decide(record, { block: byText(t).id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'empty' } });
    const profile = profileDecisions('listing', snapshot, record);
    for (const d of profile?.decisions ?? []) decide(record, d);
    const kept = snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text);
    expect(kept).toContain('Cardamom rice pudding');
    expect(kept.filter((t) => /· Serves \d/.test(t))).toEqual([]);
    expect(kept.length).toBeGreaterThanOrEqual(24);
  });

  it('listing: takes the cards, not the columns of a mega menu with more text', () => {
    const column = (n: number) => `<li class="menu-col"><a href="/c${n}">Trail running shoes, road running shoes, racing flats and spikes for column ${n}</a></li>`;
    const card = (n: number) => `<div class="tile"><h3>Pond pump model ${n}</h3><p>Quiet, 2,000 litres an hour.</p></div>`;
    document.body.innerHTML = `<header><nav><ul>${[1, 2, 3, 4, 5, 6, 7, 8].map(column).join('')}</ul></nav></header><main><h1>Pond pumps</h1><div class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>`;
    const { snapshot } = takeSnapshot(document);
    for (const block of snapshot.blocks) block.visible = true;
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    const profile = profileDecisions('listing', snapshot, record);
    expect(profile?.reason).toBe('Listing: all 5 cards kept');
  });

  it('service: keeps all five sections', () => {
    const { text } = profiled('service.html', 'service');
    for (const words of ['tired lawns', 'Layered borders', 'old apple tree', 'From £6,500', 'forty minute drive']) expect(text).toContain(words);
  });

  it('forum: a thread that nests the replies beside each post keeps the replies the structural stages dropped, not only the posts', () => {
    const reply = (who: string, words: string) =>
      `<div class="message-children-wrapper"><article class="message nested-reply"><div class="username">${who}</div><p>${words}</p><p>Offline</p></article></div>`;
    const post = (who: string, words: string) => `<article class="message nested-root"><div class="username">${who}</div><p>${words} The gate itself was fitted at the factory.</p></article>`;
    const snapshot = pageSnapshot(`<html><body><header><nav><a href="/">Forums</a></nav></header><main><div class="thread-body">
      ${post('reed_warbler', 'The liftgate lights stay on when the gate is open, and they go off when it closes again.')}
      ${reply('tadpole_tom', 'Do they time out when the gate stays open for a long while in the evening?')}
      ${post('reed_warbler', 'I have not left it open long enough to find out, but they can be switched off by hand.')}
      ${reply('heron_watch', 'Dealers tend to dislike spliced wiring when the car goes in for warranty work.')}
      ${post('reed_warbler', 'The splice sits behind the back panel, so nobody sees it unless they take the panel off.')}
      ${reply('koi_keeper', 'I added the same lights to a 2020 model and they were plug and play from the start.')}
    </div></main></body></html>`);
    // As Readability read such a page: the posts kept, the replies beside them dropped.
    const record = readabilityRecord(
      snapshot,
      (block) => block.text !== 'Offline' && !/tadpole_tom|heron_watch|koi_keeper|Do they|Dealers|I added/.test(block.text) && block.text !== 'Forums',
    );
    const before = profileDecisions('forum', snapshot, record);
    for (const d of before?.decisions ?? []) decide(record, d);
    const text = snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n');
    expect(before?.reason).toBe('Forum thread: every post kept (6 posts)');
    for (const words of ['Do they time out', 'Dealers tend to dislike', 'plug and play', 'switched off by hand']) expect(text).toContain(words);
    expect(before?.posts?.map((p) => p.author)).toEqual(['reed_warbler', 'tadpole_tom', 'reed_warbler', 'heron_watch', 'reed_warbler', 'koi_keeper']);
    expect(text).not.toContain('Forums');

    // Where the record keeps both kinds, the replies are not opened up again: a status line dropped inside them stays out.
    const keptBoth = readabilityRecord(snapshot, (block) => block.text !== 'Offline' && block.text !== 'Forums');
    const profile = profileDecisions('forum', snapshot, keptBoth);
    expect(profile?.decisions.filter((d) => d.kept).map((d) => snapshot.blocks[d.block]!.text)).not.toContain('Offline');
  });
});
