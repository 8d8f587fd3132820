/** The read the toolbar click starts in the background: handed to the reader page once, to nothing else. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReadTabResult } from '../../../ext/read-tab';

const readTab = vi.fn<(tabId: number) => Promise<ReadTabResult>>();
vi.mock('../../../ext/read-tab', async (original) => ({ ...(await original<object>()), readTab: (tabId: number) => readTab(tabId), readTabPassed: (tabId: number) => readTab(tabId) }));

const { claimEarlyRead, startEarlyRead } = await import('../../../ext/early-read');

const READER = 'chrome-extension://test-id/reader.html?tab=7';
const failure = (message: string): ReadTabResult => ({ ok: false, reason: 'no-text', message });

describe('early read', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(fakeBrowser.runtime, 'getURL').mockImplementation((path: string) => `chrome-extension://test-id${path}`);
    readTab.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('starts reading the tab at once and hands the result to the reader page once', async () => {
    readTab.mockResolvedValue(failure('read at the click'));
    startEarlyRead(7);
    expect(readTab).toHaveBeenCalledWith(7);
    expect(await claimEarlyRead(7, READER)).toEqual(failure('read at the click'));
    // A reload of the reader finds nothing waiting and reads the tab itself.
    expect(await claimEarlyRead(7, READER)).toBeNull();
  });

  it('gives nothing to a context that is not the reader page, and keeps the read for the reader', async () => {
    readTab.mockResolvedValue(failure('for the reader'));
    startEarlyRead(8);
    expect(await claimEarlyRead(8, 'https://example.org/page')).toBeNull();
    expect(await claimEarlyRead(8, undefined)).toBeNull();
    expect(await claimEarlyRead(8, 'chrome-extension://test-id/options.html')).toBeNull();
    expect(await claimEarlyRead(8, 'chrome-extension://test-id/reader.html?tab=8')).toEqual(failure('for the reader'));
  });

  it('drops a read no reader asked for within a minute', async () => {
    vi.useFakeTimers();
    readTab.mockResolvedValue(failure('never claimed'));
    startEarlyRead(10);
    vi.advanceTimersByTime(61_000);
    expect(await claimEarlyRead(10, READER)).toBeNull();
  });
});
