/**
 * The extraction content script. Not registered in the manifest: the reader injects it into the source tab with
 * scripting.executeScript (activeTab), and WXT hands main's value back as the injection result.
 */
import { extractPage } from '@/src/pipeline/extract-page';

export default defineContentScript({
  registration: 'runtime',
  async main() {
    return await extractPage(document, {});
  },
});
