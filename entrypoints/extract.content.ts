/**
 * The extraction content script. Not registered in the manifest: the reader injects it into the source tab with
 * scripting.executeScript (activeTab), and WXT hands main's value back as the injection result.
 */
import { extractPage } from '@/src/pipeline/extract-page';
import { timelineNow } from '@/ext/timeline';
import { encodePayload } from '@/ext/extraction-guard';
import { INTERACTIVE_READ_BUDGET } from '@/src/snapshot/budget';

/** A page whose body is still empty (its scripts have yet to build it) gets this long to fill in. */
const WAIT_FOR_CONTENT_MS = 3_000;

export default defineContentScript({
  registration: 'runtime',
  async main(): Promise<string> {
    const startedAt = timelineNow();
    const extraction = await extractPage(document, { waitForContentMs: WAIT_FOR_CONTENT_MS, budget: INTERACTIVE_READ_BUDGET });
    return encodePayload({ extraction, marks: [{ name: 'extract:start', at: startedAt }, { name: 'extract:end', at: timelineNow() }] });
  },
});
