/**
 * The extraction content script. Not registered in the manifest: the reader injects it into the source tab with
 * scripting.executeScript (activeTab), and WXT hands main's value back as the injection result.
 */
import { extractPage } from '@/src/pipeline/extract-page';
import { timelineNow } from '@/ext/timeline';
import type { PageReadPayload } from '@/ext/extraction-guard';

export default defineContentScript({
  registration: 'runtime',
  async main(): Promise<PageReadPayload> {
    const startedAt = timelineNow();
    const extraction = await extractPage(document, {});
    return { extraction, marks: [{ name: 'extract:start', at: startedAt }, { name: 'extract:end', at: timelineNow() }] };
  },
});
