/**
 * Options: the sites where the reader opens by itself (`#pith-auto-open-sites`, each with "Stop", which also gives
 * the site's access back) and "Export all highlights" (one JSON file with every page's highlights and anchors).
 */
import { useEffect, useState } from 'preact/hooks';
import { disableAutoOpen } from '../../ext/auto-open';
import { exportAllHighlightsJson, highlightsItem, loadAllHighlights } from '../../ext/highlights-store';
import { autoOpenSitesItem } from '../../ext/site-lists';
import { errorMessage } from '../../src/error-message';
import { downloadText } from '../reader/download';

export function ReadingSettings() {
  const [sites, setSites] = useState<string[]>([]);
  const [highlightCount, setHighlightCount] = useState(0);
  const [status, setStatus] = useState('');

  useEffect(() => {
    const loadSites = (): void => void autoOpenSitesItem.getValue().then(setSites);
    const countHighlights = (): void => void loadAllHighlights().then((all) => setHighlightCount(Object.values(all).reduce((n, list) => n + list.length, 0)));
    loadSites();
    countHighlights();
    const unwatchSites = autoOpenSitesItem.watch(loadSites);
    const unwatchHighlights = highlightsItem.watch(countHighlights);
    return () => {
      unwatchSites();
      unwatchHighlights();
    };
  }, []);

  return (
    <fieldset id="pith-reading">
      <legend>Reading</legend>
      <p class="help">Sites where the reader opens by itself when an article loads. Turn it on with “Always open the reader on …” in the reader.</p>
      {sites.length === 0 ? (
        <p id="pith-auto-open-sites">No sites yet.</p>
      ) : (
        <ul id="pith-auto-open-sites">
          {sites.map((site) => (
            <li key={site}>
              {new URL(site).host}{' '}
              <button type="button" aria-label={`Stop opening the reader on ${new URL(site).host}`} onClick={() => void disableAutoOpen(site).catch((e: unknown) => setStatus(errorMessage(e)))}>
                Stop
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button
          type="button"
          id="pith-export-highlights"
          disabled={highlightCount === 0}
          onClick={() =>
            void exportAllHighlightsJson().then(
              (text) => {
                downloadText(text, 'pith-highlights.json', 'application/json');
                setStatus(`Saved ${highlightCount} highlights to pith-highlights.json.`);
              },
              (e: unknown) => setStatus(`Couldn’t export the highlights (${errorMessage(e)}).`),
            )
          }
        >
          Export all highlights ({highlightCount})
        </button>
      </p>
      <p id="pith-reading-status" role="status">
        {status}
      </p>
    </fieldset>
  );
}
