/**
 * The head's metadata after the page changed its address in place: kept when it still describes the view (a site
 * that only tidied its address, whose og:title lacks the " | Site" of its <title>), left out when it names another.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentViewMetadata } from '../../../src/snapshot/current-view';
import { readMetadata } from '../../../src/snapshot/metadata';

function loadedFrom(url: string): void {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: url } as PerformanceEntry]);
}

afterEach(() => vi.restoreAllMocks());

describe('currentViewMetadata', () => {
  it('keeps the head of a page that only tidied its address (tracking parameters removed)', () => {
    document.head.innerHTML = `<title>Pond pumps that run quietly | Garden Weekly</title>
      <meta property="og:title" content="Pond pumps that run quietly"><meta name="description" content="How to pick a pump.">`;
    loadedFrom(`${location.origin}${location.pathname}?utm_source=newsletter`);
    const meta = currentViewMetadata(readMetadata(document), document);
    expect(meta.title).toBe('Pond pumps that run quietly');
    expect(meta.description).toBe('How to pick a pump.');
  });

  it("leaves out the head of an app that navigated to another view and kept the first view's metadata", () => {
    document.head.innerHTML = `<title>Story B: the lighthouse logbooks</title>
      <meta property="og:title" content="Story A: the harbour"><meta name="description" content="About the harbour.">`;
    loadedFrom(`${location.origin}/first-view`);
    const meta = currentViewMetadata(readMetadata(document), document);
    expect(meta.title).toBe('Story B: the lighthouse logbooks');
    expect(meta.description).toBe('');
  });
});
