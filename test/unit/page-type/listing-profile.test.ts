/**
 * The listing profile's own parts: a listing the structural stages missed (kept none of its cards) is read as one
 * whatever the classifier said, and cards split over sibling containers (an index cut by letter) are one listing.
 * Snapshots of pages written here (happy-dom: no layout, so the structural fallback decides).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from '../../../src/boilerplate/ancestry';
import { decide, isKept } from '../../../src/decisions/record';

import { cardFamily, listingProfile } from '../../../src/page-type/listing-profile';
import { missedListingProfile } from '../../../src/page-type/missed-listing';
import { pageRepeats } from '../../../src/page-type/repeats';
import { applyPageTypeProfile, runStructuralStages } from '../../../src/pipeline/extract-page';
import type { RemovalCause } from '../../../src/decisions/causes';
import type { Extraction } from '../../../src/pipeline/types';
import { pageSnapshot } from './page-snapshot';

const FIXTURES = join(__dirname, '../../fixtures/pages/page-types');
const TOOLS = ['Stainless border spade', 'Ash-handled garden fork', 'Bypass secateurs', 'Long-reach loppers', 'Carbon steel hand trowel', 'Folding pruning saw', 'Galvanised watering can, 9 litres', 'Oak-handled hori hori knife', 'Three-prong hand cultivator', 'Rubber-tined leaf rake'];


function keptTexts(extraction: Pick<Extraction, 'snapshot' | 'record'>): string[] {
  return extraction.snapshot.blocks.filter((b) => isKept(extraction.record, b.id)).map((b) => b.text);
}

/** The kept text of a page read as a collection, after checking that it holds the introduction and every item. */
function collectionRead(extraction: Extraction): string {
  expect(extraction.pageType?.type).toBe('collection');
  const kept = keptTexts(extraction).join('\n');
  for (const tool of TOOLS) expect(kept).toContain(tool);
  expect(kept).toContain('Every tool in this collection');
  return kept;
}

describe('a listing the structural stages missed', () => {
  it('brings back all ten product cards of a collection page, and not its filters, sort bar or pagination', () => {
    const snapshot = pageSnapshot(readFileSync(join(FIXTURES, 'collection.html'), 'utf8'));
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    // As the structural stages read many shops' category pages: the introduction, none of the cards.
    for (const block of snapshot.blocks) {
      const intro = block.text === 'Hand tools' || block.text.startsWith('Every tool in this collection');
      decide(record, { block: block.id, kept: intro, stage: 'readability', cause: intro ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    const kept = keptTexts(extraction);
    for (const tool of TOOLS) expect(kept).toContain(tool);
    expect(kept.some((t) => t.startsWith('Every tool in this collection'))).toBe(true);
    for (const chrome of ['Sort by', 'Showing 10 of 37', 'Next', 'Fernhill (14)', 'Under £20', 'Delivery']) expect(kept.join('\n')).not.toContain(chrome);
    expect(extraction.pageType?.applied).toBe(true);
    expect(extraction.pageType?.reason).toMatch(/Listing: all 10 cards kept \(the structural stages kept none of them; they hold [\d.]+ times the text kept\)$/);
    expect(extraction.record.runs.some((r) => r.path === 'page-type:missed-listing')).toBe(true);
  });

  it('leaves an article alone when the structural stages kept it and a few related cards sit below it', () => {
    const paragraph = (i: number) => `<p>Paragraph ${i} of the piece: the river authority opened the weir gates at dawn, and by noon the meadows below the mill were under a foot of water that the farmers had been told to expect.</p>`;
    const related = ['Flood defences approved', 'Mill reopens to visitors', 'Otters return to the Avon', 'New footbridge at Bidford'];
    const snapshot = pageSnapshot(`<main><article><h1>The weir opens</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join('')}</article>
      <section class="related"><ul>${related.map((t, i) => `<li class="card"><a href="/n/${i}"><h3>${t}</h3></a><p>From the archive, ${i + 2} min read</p></li>`).join('')}</ul></section></main>`);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    expect(keptTexts({ snapshot, record }).some((t) => t.startsWith('Paragraph 3'))).toBe(true);
    expect(missedListingProfile(snapshot, record, pageRepeats(snapshot))).toBeNull();
  });

  it('brings back the cards below a long introduction when they hold several times its text', () => {
    const intro = (i: number) => `<p>Part ${i} of the introduction: this directory lists the walking clubs of the county, with the routes they keep, the days they meet and who to ask before joining a first walk with them.</p>`;
    const clubs = Array.from({ length: 12 }, (_, i) => `Club ${i + 1} of the valley`);
    const card = (name: string) => `<li class="card"><h3><a href="/c/${name.length}">${name}</a></h3><p>${name} meets on Saturday mornings at the market cross and walks between eight and fourteen miles on the ridge paths, with a shorter loop for newcomers; dogs on leads are welcome, boots are a must, and the season ends with a supper at the mill.</p></li>`;
    const snapshot = pageSnapshot(`<main><h1>Walking clubs</h1>${[1, 2, 3, 4, 5, 6, 7].map(intro).join('')}<ul class="clubs">${clubs.map(card).join('')}</ul></main>`);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    for (const block of snapshot.blocks) {
      const kept = block.text === 'Walking clubs' || block.text.startsWith('Part ');
      decide(record, { block: block.id, kept, stage: 'readability', cause: kept ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    const introKept = keptTexts({ snapshot, record }).join('').length;
    expect(introKept).toBeGreaterThan(1200);
    expect(introKept).toBeLessThan(2500);
    const profile = missedListingProfile(snapshot, record, pageRepeats(snapshot));
    expect(profile?.reason).toMatch(/^Listing: all 12 cards kept/);
    for (const d of profile!.decisions) decide(record, d);
    const kept = keptTexts({ snapshot, record });
    for (const club of clubs) expect(kept).toContain(club);
  });

  it('leaves a short news story alone beside the site\'s columns of headlines, when the page reads as an article', () => {
    const paragraph = (i: number) => `<p>Paragraph ${i} of the story: the council voted on Tuesday night to close the east wing of the district hospital, and staff learned of it from the evening news.</p>`;
    const headline = (i: number) => `<li class="teaser"><a href="/news/${i}">Headline ${i}: the region's other news of the day, in a line that links elsewhere</a></li>`;
    const snapshot = pageSnapshot(`<div class="page"><div class="story"><h1>Hospital wing to close</h1>${[1, 2, 3, 4, 5].map(paragraph).join('')}</div>
      <div class="column"><ul class="latest">${Array.from({ length: 30 }, (_, i) => headline(i + 1)).join('')}</ul></div></div>`);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    for (const block of snapshot.blocks) {
      const kept = block.text.startsWith('Paragraph ');
      decide(record, { block: block.id, kept, stage: 'readability', cause: kept ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    // The headlines hold several times the story's text: read as a listing page, they are its items…
    expect(missedListingProfile(snapshot, record, pageRepeats(snapshot), 'listing')?.reason).toMatch(/^Listing: all 30 cards kept/);
    // …but the classifier reads an article, and the story's five paragraphs stand beside cards that are only links.
    expect(missedListingProfile(snapshot, record, pageRepeats(snapshot), 'article')).toBeNull();
  });

  it('brings back the headings among the cards with them, and not a heading a named rule removed', () => {
    const card = (name: string) => `<div class="card"><h3><a href="/c/${name.length}">${name}</a></h3><p>${name}: hand-thrown stoneware, glazed in the studio's own ash glaze and fired twice, dishwasher safe, made to order within three weeks.</p></div>`;
    const mugs = ['Tall mug', 'Short mug', 'Handleless cup', 'Espresso cup'];
    const bowls = ['Soup bowl', 'Noodle bowl', 'Pasta plate', 'Side plate'];
    const snapshot = pageSnapshot(`<main><div class="grid"><h2>Mugs and cups</h2>${mugs.map(card).join('')}<h2>Share this page</h2><h2>Bowls and plates</h2>${bowls.map(card).join('')}</div></main>`);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    for (const block of snapshot.blocks) {
      const cause = block.text === 'Share this page' ? 'share-buttons' : 'outside-container';
      decide(record, { block: block.id, kept: false, stage: 'readability', cause, reason: 'test', evidence: { kind: 'empty' } });
    }
    const profile = missedListingProfile(snapshot, record, pageRepeats(snapshot));
    for (const d of profile!.decisions) decide(record, d);
    const kept = keptTexts({ snapshot, record });
    for (const item of [...mugs, ...bowls, 'Mugs and cups', 'Bowls and plates']) expect(kept).toContain(item);
    expect(kept).not.toContain('Share this page');
    const heading = snapshot.blocks.find((b) => b.text === 'Bowls and plates')!;
    expect(record.decisions[heading.id]?.reason).toBe('Listing: a heading among its 8 repeated items');
  });
});

describe('collection profile', () => {
  it('keeps what the structural stages kept and drops the sort bar and pagination, each with its cause', () => {
    const snapshot = pageSnapshot(readFileSync(join(FIXTURES, 'collection.html'), 'utf8'));
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    // As Chromium's structural stages read it: the introduction, the cards and the controls between them.
    for (const block of snapshot.blocks) {
      const main = !/^(Fernhill|Tools|Seeds|Pots|Basket|Filter|Brand|Price|Burgon|Niwaki|Under|£20 to|Over|Delivery|Returns|Contact)/.test(block.text);
      decide(record, { block: block.id, kept: main, stage: 'readability', cause: main ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    const kept = collectionRead(extraction);
    for (const control of ['Sort by', 'Showing 10 of 37', 'Next']) expect(kept).not.toContain(control);
    const causes = new Set(extraction.record.decisions.filter((d) => d && !d.kept && d.reason.startsWith('Collection:')).map((d) => d.cause));
    expect(causes).toEqual(new Set(['filter-bar', 'pagination']));
  });
});

describe('collection profile and the site menu', () => {
  it('drops the shop menu that the structural stages kept with the items, as a navigation menu', () => {
    const snapshot = pageSnapshot(readFileSync(join(FIXTURES, 'collection.html'), 'utf8'));
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    // As the structural extractor reads some shops' category pages: everything, the menu in the header too.
    for (const block of snapshot.blocks) decide(record, { block: block.id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'empty' } });
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    expect(extraction.pageType?.type).toBe('collection');
    const kept = keptTexts(extraction);
    for (const tool of TOOLS) expect(kept).toContain(tool);
    for (const menu of ['Seeds', 'Pots and planters', 'Basket']) expect(kept).not.toContain(menu);
    const menus = extraction.record.decisions.filter((d) => d && !d.kept && d.cause === 'nav-menu' && d.reason.startsWith('Collection:'));
    expect(menus.map((d) => d.reason)).toContain("Collection: navigation menu removed (in the site's navigation)");
    expect(extraction.pageType?.reason).toMatch(/\d+ blocks of the site's menus removed/);
  });
});

describe('collection profile and the shop’s side sheets', () => {
  it('drops a rewards side sheet that the structural stages kept with the items (read in place without the page’s styles)', () => {
    const sheet = `<div class="sidesheet-overlay"><div class="sidesheet-modal"><h5>Garden Club rewards</h5><div class="sheet-body"><div class="rich-text">
      <p>Garden Club members earn one point for every pound they spend, and every hundred points become a five pound voucher.</p>
      <p>Points expire after twelve months without a purchase.</p></div></div></div></div>`;
    const html = readFileSync(join(FIXTURES, 'collection.html'), 'utf8').replace('</main>', `</main>${sheet}`);
    const snapshot = pageSnapshot(html);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    for (const block of snapshot.blocks) decide(record, { block: block.id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'empty' } });
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    const kept = collectionRead(extraction);
    for (const text of ['Garden Club rewards', 'every hundred points', 'Points expire']) expect(kept).not.toContain(text);
    const points = snapshot.blocks.find((b) => b.text.startsWith('Points expire'))!;
    expect(extraction.record.decisions[points.id]).toMatchObject({ cause: 'overlay-panel', reason: 'Collection: dialog or side panel that opens over the page removed (in an element named as a dialog or side sheet)' });
    expect(extraction.pageType?.reason).toContain('3 blocks of dialogs and side sheets removed');
  });
});

describe('collection profile and a dialog open on the live page', () => {
  it('keeps the items when a wrapper around them carries the open dialog\'s state class ("modal-open")', () => {
    const html = readFileSync(join(FIXTURES, 'collection.html'), 'utf8').replace('<main', '<div class="page modal-open"><main').replace('</main>', '</main></div>');
    const snapshot = pageSnapshot(html);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    for (const block of snapshot.blocks) decide(record, { block: block.id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'empty' } });
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    const kept = collectionRead(extraction);
    for (const tool of TOOLS) expect(kept).toContain(tool);
    expect(extraction.record.decisions.some((d) => d?.cause === 'overlay-panel')).toBe(false);
  });
});

describe('collection introduction', () => {
  it('brings back the heading and introduction above the items when the structural stages took only the items', () => {
    const snapshot = pageSnapshot(readFileSync(join(FIXTURES, 'collection.html'), 'utf8'));
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    // As Chromium's layout stage reads it: the card grid is the container; heading, introduction and sort bar are outside.
    const firstTool = snapshot.blocks.find((b) => b.text === TOOLS[0])!.id;
    for (const block of snapshot.blocks) {
      const main = block.id >= firstTool - 1 && !/^(Delivery|Returns|Contact|Next|‹|1 2)/.test(block.text);
      decide(record, { block: block.id, kept: main, stage: 'gce', cause: main ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    const kept = keptTexts(extraction).join('\n');
    expect(kept).toContain('Hand tools');
    expect(kept).toContain('Every tool in this collection');
    for (const control of ['Sort by', 'Fernhill (14)', 'Under £20']) expect(kept).not.toContain(control);
  });
});

describe('card families', () => {
  it('takes the cards of an index cut by letter as one listing', () => {
    const letter = (l: string, names: string[]) => `<div class="index-group"><h3>${l}</h3><ul>${names.map((n) => `<li><a href="/wiki/${n}">${n} (programming language)</a></li>`).join('')}</ul></div>`;
    const snapshot = pageSnapshot(`<main><h1>Category: Programming languages</h1><div class="index-columns">
      ${letter('A', ['Ada', 'ALGOL', 'APL', 'AWK'])}${letter('B', ['BASIC', 'BCPL', 'Bash', 'Boo'])}${letter('C', ['C', 'COBOL', 'Clojure', 'Crystal', 'Curry'])}
      </div><div class="index-columns">${letter('D', ['D', 'Dart', 'Dylan', 'DIBOL'])}${letter('E', ['Eiffel', 'Elixir', 'Erlang', 'Euphoria'])}</div></main>`);
    const repeats = pageRepeats(snapshot);
    const biggest = repeats.groups.find((g) => g.signature === 'li.' && g.members.length === 5)!;
    const family = cardFamily(snapshot, repeats, biggest);
    expect(family.members.length).toBe(21);
    const names = new Set(snapshot.blocks.filter((b) => family.members.some((m) => isInside(snapshot, b.node, m))).map((b) => b.text));
    for (const name of ['Ada (programming language)', 'Crystal (programming language)', 'Euphoria (programming language)']) expect(names).toContain(name);
  });
});

describe('an article beside a card grid', () => {
  const fixture = readFileSync(join(FIXTURES, 'article-beside-cards.html'), 'utf8');
  const HEADLINES = ['Council approves new cycle lanes', 'Museum finds lost medieval charter', 'Road resurfacing starts on Monday'];

  /** As the structural stages read such a page: the story's column kept, the headline column not. */
  function storyKept(html: string) {
    const snapshot = pageSnapshot(html);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    const story = snapshot.nodes.find((n) => n.tag === 'div' && n.hint.includes('story'))!.id;
    for (const block of snapshot.blocks) {
      const kept = isInside(snapshot, block.node, story);
      decide(record, { block: block.id, kept, stage: 'readability', cause: kept ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    return { snapshot, record };
  }

  it('stays the article read: the listing profile and the missed-listing rule leave the headline cards out', () => {
    const { snapshot, record } = storyKept(fixture);
    const repeats = pageRepeats(snapshot);
    const profile = listingProfile(snapshot, record, 'listing', repeats)!;
    expect(profile.reason).toMatch(/^Listing: left as read \(an article of \d+ characters of prose beside its 20 cards\)$/);
    for (const d of profile.decisions) decide(record, d);
    const kept = keptTexts({ snapshot, record }).join('\n');
    expect(kept).toContain('The river authority opened the Hallam weir gates');
    expect(kept).toContain('A review of the flood plan');
    for (const headline of HEADLINES) expect(kept).not.toContain(headline);
    expect(missedListingProfile(snapshot, record, repeats)).toBeNull();
  });

  it('with only a short standfirst beside the same cards, the cards are the page and come back', () => {
    const short = fixture.replace(/(<p class="byline">[^]*?<\/p>\s*<p>[^<]*<\/p>)[^]*?(\s*<\/div>\s*<div class="headlines">)/, '$1$2');
    const { snapshot, record } = storyKept(short);
    const profile = listingProfile(snapshot, record, 'listing', pageRepeats(snapshot))!;
    expect(profile.reason).toBe('Listing: all 20 cards kept');
    for (const d of profile.decisions) decide(record, d);
    const kept = keptTexts({ snapshot, record }).join('\n');
    for (const headline of HEADLINES) expect(kept).toContain(headline);
  });
});

/** The rain-jacket collection as the structural extractor reads some shops' category pages: only the buying guide below the grid. */
function footTextRead(): Extraction {
  const snapshot = pageSnapshot(readFileSync(join(FIXTURES, 'collection-foot-text.html'), 'utf8'));
  const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
  const guide = snapshot.blocks.find((b) => b.text === 'How to choose a rain jacket')!.id;
  const causes: Record<string, RemovalCause> = { 'Brackenridge Outdoor': 'site-header', Home: 'breadcrumb', Clothing: 'breadcrumb' };
  for (const block of snapshot.blocks) {
    const main = block.id >= guide && !/^(Delivery|Returns|Contact)/.test(block.text);
    const cause = main ? undefined : (causes[block.text] ?? (/^Home/.test(block.text) ? 'breadcrumb' : 'outside-container'));
    decide(record, { block: block.id, kept: main, stage: 'readability', cause, reason: 'test', evidence: { kind: 'empty' } });
  }
  return applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
}

const JACKETS = ['Ridgeline 2.5-layer shell', 'Fellrunner packable smock', 'Commuter reflective jacket', 'Stormwall three-layer jacket', 'Drizzle lightweight anorak', 'Tarn insulated waterproof', 'Bothy long rain coat', 'Scree hardwearing shell'];

describe('collection lead under the page heading', () => {
  it('brings back the heading and introduction when the structural stages took only the guide at the foot of the page', () => {
    const extraction = footTextRead();
    expect(extraction.pageType?.type).toBe('collection');
    const kept = keptTexts(extraction);
    expect(kept).toContain('Rain jackets');
    expect(kept.some((t) => t.startsWith('Waterproof shells for hill walking'))).toBe(true);
    expect(kept.some((t) => t.startsWith('We test each one on the same wet ridge walk'))).toBe(true);
    expect(kept.some((t) => t.startsWith('A two-layer jacket with a mesh lining'))).toBe(true);
    // The logo's heading in the site header is not the page's heading; the breadcrumb and sort bar stay out.
    expect(kept).not.toContain('Brackenridge Outdoor');
    for (const control of ['Sort by', 'Showing 8 of 41']) expect(kept.join('\n')).not.toContain(control);
    expect(kept.join('\n')).not.toMatch(/Home \/ Clothing/);
    const lead = extraction.record.decisions.filter((d) => d?.kept && d.reason === 'Collection: the page heading and the introduction under it');
    expect(lead.length).toBe(3);
  });

  it('brings back the item grid between the heading and the guide, without the button every card repeats', () => {
    const extraction = footTextRead();
    const kept = keptTexts(extraction);
    for (const jacket of JACKETS) expect(kept).toContain(jacket);
    for (const price of ['£89.00', '£149.00', '£45.00']) expect(kept).toContain(price);
    expect(kept).not.toContain('Add to basket');
    const items = extraction.record.decisions.filter((d) => d?.kept && d.reason === 'Collection: one of the items between the page heading and its text');
    expect(items.length).toBe(16);
    expect(extraction.pageType?.reason).toContain('16 blocks of the item grids between its heading and its text brought back');
    // The filter column beside the grid repeats too, but is no card of the grid: it stays out.
    expect(kept.join('\n')).not.toContain('Medium (17)');
  });
});

describe('collection lead on a responsive page', () => {
  it('brings back the introduction once when the page repeats it for another screen size and the repeat was kept', () => {
    const intro = 'Waterproof shells for hill walking, cycling to work and standing at the side of a muddy pitch: every jacket here keeps out a day of steady rain and packs small enough to live in a rucksack.';
    const html = readFileSync(join(FIXTURES, 'collection-foot-text.html'), 'utf8').replace('<section class="category-guide">', `<div class="intro-wide"><p>${intro}</p></div>\n    <section class="category-guide">`);
    const snapshot = pageSnapshot(html);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    // The structural stages kept the wide-screen copy of the introduction and the guide below the grid.
    const first = snapshot.blocks.filter((b) => b.text === intro).at(-1)!.id;
    for (const block of snapshot.blocks) {
      const main = block.id >= first && !/^(Delivery|Returns|Contact)/.test(block.text);
      decide(record, { block: block.id, kept: main, stage: 'readability', cause: main ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    const extraction = applyPageTypeProfile({ snapshot, record, mainNode: -1, mode: 'test', timings: {} } as unknown as Extraction);
    expect(extraction.pageType?.type).toBe('collection');
    const kept = keptTexts(extraction);
    expect(kept).toContain('Rain jackets');
    expect(kept.filter((t) => t === intro)).toHaveLength(1);
    expect(kept.some((t) => t.startsWith('We test each one on the same wet ridge walk'))).toBe(true);
  });
});

describe('labels and controls every card repeats', () => {
  it('brings back each shoe card’s name, colour and price, not the "Add to favourites" button or the labels of its details', () => {
    const shoes = [
      ['Fellrunner', 'Moss green', '£84.00'], ['Ridgeline 2', 'Slate', '£96.00'], ['Tarn Trail', 'Ochre', '£72.50'],
      ['Scree Pro', 'Black', '£120.00'], ['Brook Lite', 'Sky blue', '£64.00'], ['Crag GTX', 'Rust', '£132.00'],
    ];
    const card = ([name, colour, price]: string[], i: number) => `<article class="shoe-card"><a href="/shoe/${i}">${name} trail shoe. Colour ${colour}. ${price}.</a>
      <button class="fav">Add to favourites</button>
      <dl><dt>Product name</dt><dd>${name}</dd><dt>Colour</dt><dd>${colour}</dd><dt>Price</dt><dd>${price}</dd></dl></article>`;
    const snapshot = pageSnapshot(`<main><h1>Trail shoes</h1><div class="results">${shoes.map(card).join('')}</div></main>`);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    // As the structural stages read some shops' result pages: the heading only, none of the cards.
    for (const block of snapshot.blocks) {
      const kept = block.text === 'Trail shoes';
      decide(record, { block: block.id, kept, stage: 'readability', cause: kept ? undefined : 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    }
    const profile = missedListingProfile(snapshot, record, pageRepeats(snapshot));
    expect(profile?.reason).toMatch(/^Listing: all 6 cards kept/);
    for (const d of profile!.decisions) decide(record, d);
    const kept = keptTexts({ snapshot, record });
    for (const [name, colour, price] of shoes) {
      expect(kept).toContain(`${name} trail shoe. Colour ${colour}. ${price}.`);
      expect(kept).toContain(name);
      expect(kept).toContain(price);
    }
    for (const label of ['Add to favourites', 'Product name', 'Colour', 'Price']) expect(kept).not.toContain(label);
  });
});
