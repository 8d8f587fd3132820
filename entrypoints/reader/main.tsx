/**
 * The reader's entry, kept small. The page's HTML is a skeleton, painted before any script runs. This script asks
 * at once for the read the toolbar click started (or reads the tab itself), applies the stored reader settings and
 * starts loading the article view (show-reader.tsx); once the skeleton is on screen the view paints the article and
 * then the full reader with its controls.
 */
import { mark } from '@/ext/timeline';
import { afterPaint } from './after-paint';
import { applyStoredReaderSettings } from './apply-settings';
import { readSource, sourceTabId } from './read-source';
import './reader.css';

mark('reader:script');
const outcome = readSource(sourceTabId(location.search), { early: true });
const settingsApplied = applyStoredReaderSettings().catch(() => undefined);
const mount = document.getElementById('app');
if (mount) {
  // Fetched and compiled (off the main thread) from now on, so that on a busy machine, where this page starts late,
  // the article view is ready when the read arrives; it paints only once the skeleton is on screen.
  const view = import('./show-reader');
  void afterPaint()
    .then(() => {
      // The skeleton is on screen: the article's fonts are looked up now, while the page is read (index.html).
      document.querySelector('.pith-font-warmup')?.removeAttribute('hidden');
      return view;
    })
    .then(({ showReader }) => showReader(mount, outcome, settingsApplied));
}
