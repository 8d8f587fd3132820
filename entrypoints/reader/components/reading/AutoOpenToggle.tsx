/**
 * "Always open the reader on this site": turning it on asks the browser for access to this one site (the browser
 * shows its own prompt); from then on the reader opens by itself when an article on the site loads.
 */
import { useEffect, useState } from 'preact/hooks';
import { disableAutoOpen, enableAutoOpen } from '@/ext/auto-open';
import { autoOpenSitesItem, siteListed } from '@/ext/site-lists';
import { siteOf } from '@/src/corrections/rules';
import { errorMessage } from '@/src/error-message';

export function AutoOpenToggle({ pageUrl }: { pageUrl: string }) {
  const site = siteOf(pageUrl);
  const [on, setOn] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (site) void siteListed(autoOpenSitesItem, site).then(setOn);
  }, [site]);

  if (!site) return null;
  const host = new URL(site).host;
  const change = (wanted: boolean): void => {
    setMessage(null);
    setOn(wanted); // shown at once; a refusal sets it back
    // The permission request must start in the click itself (the browser asks only during a user gesture).
    const done = wanted ? enableAutoOpen(site) : disableAutoOpen(site).then(() => false);
    done.then(
      (granted) => {
        setOn(granted);
        if (wanted && !granted) setMessage(`The browser did not give Pith access to ${host}, so the reader won’t open there by itself.`);
      },
      (error: unknown) => setMessage(`Couldn’t change this (${errorMessage(error)}).`),
    );
  };

  return (
    <section class="pith-section pith-auto-open" aria-labelledby="pith-auto-open-label">
      <label class="pith-switch">
        <input id="pith-auto-open" type="checkbox" checked={on} onChange={(e) => change((e.currentTarget as HTMLInputElement).checked)} />
        <span id="pith-auto-open-label">Always open the reader on {host}</span>
      </label>
      <p class="pith-hint">
        {on ? 'Articles on this site open in the reader as they load. The list of sites is in Pith’s options.' : 'Pith will ask the browser for access to this site only.'}
      </p>
      {message && (
        <p class="pith-notice" role="status">
          {message}
        </p>
      )}
    </section>
  );
}
