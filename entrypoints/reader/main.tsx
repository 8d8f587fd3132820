/**
 * The reader's entry, kept small. The page's HTML is a skeleton, painted before any script runs. This script asks
 * at once for the read the toolbar click started (or reads the tab itself) and applies the stored reader settings;
 * once the skeleton is on screen it loads the article view (show-reader.tsx), which paints the article and then
 * the full reader with its controls.
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
  void afterPaint()
    .then(() => import('./show-reader'))
    .then(({ showReader }) => showReader(mount, outcome, settingsApplied));
}
