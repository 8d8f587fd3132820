/** Reading a tab never rejects: whatever throws on the way becomes a message the reader shows. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { extractionFromResults, readTab, readTabPassed } from '../../../ext/read-tab';
import { encodePayload } from '../../../ext/extraction-guard';

describe('readTab', () => {
  beforeEach(() => fakeBrowser.reset());

  it('turns an exception thrown while reading into a failure with its words, never a rejection', async () => {
    vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ id: 3, url: 'https://example.org/story' } as never);
    // An extraction that looks whole but holds a broken block: checking it for text throws.
    const extraction = {
      snapshot: { url: 'https://example.org/story', html: '', lang: 'en', blocks: [null], metadata: {} },
      record: { decisions: [], runs: [] },
      mode: 'structural',
      mainNode: 0,
      timings: {},
    };
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript: async () => [{ result: { extraction, marks: [] } }] };
    const result = await readTab(3);
    expect(result).toMatchObject({ ok: false, reason: 'error' });
    expect(result.ok === false && result.message).toMatch(/^Pith couldn’t read this page \(.+\)/);
  });

  it('passes the page’s answer on unparsed for the reader, which reads from it what readTab would have', async () => {
    const extraction = {
      snapshot: { url: 'https://example.org/story', html: '', lang: 'en', blocks: [{ id: 0, kind: 'text', text: 'A paragraph of the story.', images: [] }], metadata: {} },
      record: { decisions: [{ block: 0, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: 0 } }], runs: [] },
      mode: 'structural',
      mainNode: 0,
      timings: {},
    };
    const answer = encodePayload({ extraction: extraction as never, marks: [] });
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript: async () => [{ result: answer }] };
    const passed = await readTabPassed(6, { url: 'https://example.org/story' });
    expect(passed).toEqual({ ok: 'passed', answer });
    const parsed = await readTab(6, { url: 'https://example.org/story' });
    expect(parsed).toMatchObject({ ok: true });
    expect(extractionFromResults([{ result: answer }])).toEqual(parsed);
    // An answer that is not the script's string (an error, an object) is checked here, as readTab does.
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript: async () => [{ result: undefined }] };
    expect(await readTabPassed(6, { url: 'https://example.org/story' })).toMatchObject({ ok: false, reason: 'error' });
  });

  it('a closed tab is a failure that says so', async () => {
    vi.spyOn(fakeBrowser.tabs, 'get').mockRejectedValue(new Error('No tab with id: 4'));
    const result = await readTab(4);
    expect(result).toMatchObject({ ok: false, reason: 'error' });
    expect(result.ok === false && result.message).toMatch(/has been closed/);
  });

  it('with the clicked tab’s URL known, asks for the extraction before returning, without asking the browser about the tab', async () => {
    // The toolbar click then opens the reader tab: the browser must get the extraction request first.
    const get = vi.spyOn(fakeBrowser.tabs, 'get');
    get.mockClear();
    const executeScript = vi.fn(async () => [{ result: undefined }]);
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript };
    const pending = readTab(5, { url: 'https://example.org/story' });
    expect(executeScript).toHaveBeenCalledTimes(1);
    expect(get).not.toHaveBeenCalled();
    expect(await pending).toMatchObject({ ok: false, reason: 'error' });
  });

  it('a known URL the browser does not let extensions read is refused without running anything', async () => {
    const executeScript = vi.fn(async () => []);
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript };
    expect(await readTab(6, { url: 'chrome://settings/' })).toMatchObject({ ok: false, reason: 'restricted' });
    expect(executeScript).not.toHaveBeenCalled();
  });

  it('a read started at the toolbar click asks again while the click’s permission is still arriving; any other read reports no access at once', async () => {
    const refusal = new Error('Cannot access contents of the page. Extension manifest must request permission to access the respective host.');
    const refusedOnce = () => {
      let calls = 0;
      return vi.fn(async () => {
        if (calls++ === 0) throw refusal;
        return [{ result: undefined }];
      });
    };
    const atClick = refusedOnce();
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript: atClick };
    const clicked = await readTab(7, { url: 'https://example.org/story', atClick: true });
    expect(atClick).toHaveBeenCalledTimes(2);
    expect(clicked).toMatchObject({ ok: false, reason: 'error' }); // past the refusal: the (empty) result is read

    const later = refusedOnce();
    (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript: later };
    expect(await readTab(8, { url: 'https://example.org/story' })).toMatchObject({ ok: false, reason: 'no-access' });
    expect(later).toHaveBeenCalledTimes(1);
  });
});
