/** `button#pith-correct-on-page`: turns the annotator on in the article's own tab (the tab the reader was opened for). */
import { browser } from 'wxt/browser';
import { startAnnotator } from '@/ext/annotator-launch';
import { sourceTabId } from '../read-source';
import type { Notify } from './ExportButtons';

export function CorrectOnPage({ notify }: { notify: Notify }) {
  const start = async (): Promise<void> => {
    const tabId = sourceTabId(location.search);
    if (tabId === null) return notify('Pith doesn’t know which tab this article came from.', 'error');
    const tab = await browser.tabs.get(tabId).catch(() => null);
    if (!tab) return notify('The tab you opened Pith from has been closed.', 'error');
    const result = await startAnnotator(tabId, tab.url ?? tab.pendingUrl);
    if (!result.ok) notify(result.message, 'error');
  };
  return (
    <div class="pith-toggle">
      <button id="pith-correct-on-page" type="button" class="pith-button" onClick={() => void start()}>
        Correct on the page
      </button>
      <p class="pith-hint">Outline every block on the page itself and flip what Pith got wrong; Pith remembers it for this site.</p>
    </div>
  );
}
