/**
 * A news story followed by the site's "latest news" list of timed headlines (issue 38): the list is not part of the
 * story, whether a listing profile would add it (the page taken for a listing) or the structural stages kept it.
 * Fixture pages written for this test, one in English and one in Russian (the rules read no words of either).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from '../../../src/boilerplate/ancestry';
import { isKept } from '../../../src/decisions/record';
import { runPageTypeProfile } from '../../../src/page-type';
import { listingProfile } from '../../../src/page-type/listing-profile';
import { pageRepeats } from '../../../src/page-type/repeats';
import { trailingLinkRuns } from '../../../src/page-type/trailing-links';
import type { PageSnapshot } from '../../../src/snapshot/types';
import { inOrder, pageSnapshot, readabilityRecord } from './page-snapshot';

const FIXTURES = join(__dirname, '../../fixtures/pages/news-ticker');

const STORIES = [
  { file: 'footbridge-en.html', first: "The town's oldest footbridge", last: 'reuse the old railings', headline: 'Airport adds a direct flight to Lisbon', latest: 'Latest news' },
  { file: 'footbridge-ru.html', first: 'Старейший пешеходный мост', last: 'сохранить старые перила', headline: 'Аэропорт открыл прямой рейс в Лиссабон', latest: 'Последние новости' },
];

const inTicker = (snapshot: PageSnapshot, id: number) => snapshot.nodes.some((n, i) => n.hint.includes('latest') && isInside(snapshot, snapshot.blocks[id]!.node, i));

function keptText(snapshot: PageSnapshot, record: ReturnType<typeof readabilityRecord>): string {
  return snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n');
}

describe.each(STORIES)('a short news story followed by 20 timed headlines ($file)', ({ file, first, last, headline, latest }) => {
  const read = () => pageSnapshot(readFileSync(join(FIXTURES, file), 'utf8'));

  it('taken for a listing, keeps the story and not the headlines (the listing profile leaves an article as read)', () => {
    const snapshot = read();
    const record = readabilityRecord(snapshot, (b) => !inTicker(snapshot, b.id));
    const profile = listingProfile(snapshot, record, 'listing', pageRepeats(snapshot));
    expect(profile?.reason).toMatch(/^Listing: left as read \(an article of \d+ characters of prose beside its 20 cards\)$/);
    expect(profile?.decisions.filter((d) => d.kept)).toEqual([]);
  });

  it('when the structural stages kept the headlines, removes them and their heading as links to other stories', () => {
    const snapshot = read();
    const record = readabilityRecord(snapshot, () => true);
    const { log } = runPageTypeProfile(snapshot, record);
    const kept = keptText(snapshot, record);
    expect(inOrder(kept, [first, last])).toBe(true);
    expect(kept).not.toContain(headline);
    expect(kept).not.toContain(latest);
    const removed = snapshot.blocks.filter((b) => inTicker(snapshot, b.id) && b.text && !isKept(record, b.id));
    expect(removed).toHaveLength(41); // the heading, 20 times and 20 headlines
    for (const b of removed) {
      expect(record.decisions[b.id]?.cause).toBe('related-content');
      expect(record.decisions[b.id]?.reason).toBe('Links to other stories: a list of 20 links to other pages after the end of the article');
    }
    expect(log.some((l) => l.detail === 'trailing-links')).toBe(true);
  });

  it('is left alone with the pass switched off', () => {
    const snapshot = read();
    const record = readabilityRecord(snapshot, () => true);
    runPageTypeProfile(snapshot, record, { 'trailing-links': false, 'missed-listing': false });
    expect(keptText(snapshot, record)).toContain(headline);
  });
});

describe('what is not a run of headlines after an article', () => {
  const heads = Array.from({ length: 12 }, (_, i) => `<li><a href="/n/${i}">Headline number ${i + 1} of the archive page</a></li>`).join('');

  it('a listing with a short introduction: its links are its content', () => {
    const snapshot = pageSnapshot(`<main><h1>Archive</h1><p>Every story we ran in March, newest first, with the ones our readers shared most marked.</p><ul>${heads}</ul></main>`);
    expect(trailingLinkRuns(snapshot, readabilityRecord(snapshot, () => true))).toEqual([]);
  });

  it('a list of links between paragraphs of the article', () => {
    const paragraph = (i: number) => `<p>Paragraph ${i} of the guide: the path climbs from the car park through beech woods to the ridge, where the view opens over three valleys.</p>`;
    const snapshot = pageSnapshot(`<main><h1>Ridge walk</h1>${[1, 2, 3, 4].map(paragraph).join('')}<ul>${heads}</ul>${[5, 6].map(paragraph).join('')}</main>`);
    expect(trailingLinkRuns(snapshot, readabilityRecord(snapshot, () => true))).toEqual([]);
  });
});
