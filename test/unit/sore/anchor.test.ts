import { describe, expect, it } from 'vitest';
import { chooseAnchor, metadataTexts } from '../../../src/sore/anchor';
import { DEFAULT_SORE_PARAMS } from '../../../src/sore/params';
import { block, metadata, recordKeeping, snapshot } from './fixtures';

const P = DEFAULT_SORE_PARAMS;
const blocks = [
  block(0, 'text', 'Sidebar teaser', { node: 3 }),
  block(1, 'heading', 'Volcano erupts near Grindavik'),
  block(2, 'text', 'The volcano began erupting on Monday night after weeks of earthquakes.'),
  block(3, 'text', 'Lava flows reached the edge of the town by morning.'),
];
const record = recordKeeping(blocks, [1, 2, 3]);

describe('anchor', () => {
  it('uses metadata, deduplicated, with the site name cut from titles', () => {
    const snap = snapshot(blocks, {
      metadata: metadata({
        title: 'Volcano erupts near Grindavik | Example News',
        siteName: 'Example News',
        description: 'Lava reached the town overnight; residents were evacuated.',
        openGraph: { 'og:title': 'Volcano erupts near Grindavik', 'og:description': 'Lava reached the town overnight; residents were evacuated.' },
        jsonLd: { headline: 'Volcano erupts near Grindavik', description: 'Lava reached the town overnight' },
      }),
    });
    expect(metadataTexts(snap)).toEqual(['Volcano erupts near Grindavik', 'Lava reached the town overnight; residents were evacuated.']);
    const anchor = chooseAnchor(snap, record, P);
    expect(anchor.source).toBe('metadata');
    expect(anchor.text).toBe('Volcano erupts near Grindavik\nLava reached the town overnight; residents were evacuated.');
  });

  it('falls back to the first kept heading when metadata is empty', () => {
    const anchor = chooseAnchor(snapshot(blocks), record, P);
    expect(anchor).toEqual({ text: 'Volcano erupts near Grindavik', source: 'first-heading' });
  });

  it('treats a title that is only the site name (or too short) as poor', () => {
    const onlySite = snapshot(blocks, { metadata: metadata({ title: 'Example News', siteName: 'Example News' }) });
    expect(chooseAnchor(onlySite, record, P).source).toBe('first-heading');
    const hostOnly = snapshot(blocks, { metadata: metadata({ title: 'example.com' }) });
    expect(chooseAnchor(hostOnly, record, P).source).toBe('first-heading');
    const short = snapshot(blocks, { metadata: metadata({ title: 'News' }) });
    expect(chooseAnchor(short, record, P).source).toBe('first-heading');
  });

  it('falls back to the leading text of the kept content when there is no usable heading', () => {
    const noHeading = blocks.filter((b) => b.kind !== 'heading');
    const anchor = chooseAnchor(snapshot(noHeading), recordKeeping(noHeading, [2, 3]), P);
    expect(anchor.source).toBe('leading-text');
    expect(anchor.text.startsWith('The volcano began erupting')).toBe(true);
    expect(anchor.text).toContain('Lava flows');
    const cut = chooseAnchor(snapshot(noHeading), recordKeeping(noHeading, [2, 3]), { ...P, leadingTextChars: 40 });
    expect(cut.text).toBe('The volcano began erupting on Monday');
  });

  it('reports no anchor when nothing is kept', () => {
    expect(chooseAnchor(snapshot(blocks), recordKeeping(blocks, []), P)).toEqual({ text: '', source: 'none' });
  });
});
