/** The reader's first read takes the read the click started; without one (or on "Try again") it reads the tab itself. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReadTabResult } from '../../../ext/read-tab';
import type { Extraction } from '../../../src/pipeline/types';

const readTab = vi.fn<(tabId: number) => Promise<ReadTabResult>>();
const takeEarlyRead = vi.fn<(tabId: number) => Promise<ReadTabResult | null>>();
vi.mock('../../../ext/read-tab', async (original) => ({ ...(await original<object>()), readTab: (id: number) => readTab(id) }));
vi.mock('../../../ext/early-read', () => ({ takeEarlyRead: (id: number) => takeEarlyRead(id) }));

const { readSource } = await import('../../../entrypoints/reader/read-source');

function extraction(mode: string): Extraction {
  return {
    snapshot: { url: 'about:blank', html: '<p data-pith-block="0">Hello</p>', lang: 'en', blocks: [], metadata: {} } as unknown as Extraction['snapshot'],
    record: { decisions: [], runs: [] } as unknown as Extraction['record'],
    mainNode: -1,
    mode,
    timings: {},
  };
}

describe('readSource', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    readTab.mockReset();
    takeEarlyRead.mockReset();
  });

  it('uses the read the click started and does not read the tab again', async () => {
    takeEarlyRead.mockResolvedValue({ ok: true, extraction: extraction('from the click') });
    const outcome = await readSource(4, { early: true });
    expect(outcome).toMatchObject({ phase: 'ready', extraction: { mode: 'from the click' } });
    expect(takeEarlyRead).toHaveBeenCalledWith(4);
    expect(readTab).not.toHaveBeenCalled();
  });

  it('reads the tab itself when nothing is waiting (reader reloaded, background restarted)', async () => {
    takeEarlyRead.mockResolvedValue(null);
    readTab.mockResolvedValue({ ok: true, extraction: extraction('own read') });
    expect(await readSource(4, { early: true })).toMatchObject({ phase: 'ready', extraction: { mode: 'own read' } });
    expect(readTab).toHaveBeenCalledWith(4);
  });

  it('"Try again" reads the tab afresh, never an old result', async () => {
    readTab.mockResolvedValue({ ok: false, reason: 'no-access', message: 'no permission' });
    expect(await readSource(4, { early: false })).toEqual({ phase: 'error', failure: { ok: false, reason: 'no-access', message: 'no permission' } });
    expect(takeEarlyRead).not.toHaveBeenCalled();
  });

  it('says which tab is missing when the reader was opened without one', async () => {
    const outcome = await readSource(null, { early: true });
    expect(outcome.phase).toBe('error');
    expect(outcome.phase === 'error' && outcome.failure.message).toMatch(/doesn’t know which tab/);
  });
});
