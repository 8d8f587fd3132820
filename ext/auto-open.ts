/**
 * Auto-open per site. The reader's "Always open for this site" asks the browser for that one site's host access
 * (optional_host_permissions; nothing in the manifest's host_permissions) and lists the site; from then on, when a
 * page of a listed site finishes loading, the background reads it and, if it holds an article, opens the reader.
 */
import { browser } from 'wxt/browser';
import { offerRead } from './early-read';
import { readTab } from './read-tab';
import { readerUrl } from './open-reader';
import { siteOf } from '@/src/corrections/rules';
import { autoOpenSitesItem, setSiteListed, siteListed } from './site-lists';

/**
 * The host-permission pattern for one site (an origin). Without its port: Firefox ignores a match pattern that names
 * a port (it then grants nothing that matches), and a pattern without one covers every port in both browsers.
 */
export function sitePattern(site: string): string {
  const { protocol, hostname } = new URL(site);
  return `${protocol}//${hostname}/*`;
}

/** Reader (at the user's click): asks for the site's access and lists it; false when the user said no. */
export async function enableAutoOpen(site: string): Promise<boolean> {
  const granted = await browser.permissions.request({ origins: [sitePattern(site)] });
  if (granted) await setSiteListed(autoOpenSitesItem, site, true);
  return granted;
}

/** Unlists the site and gives its access back (what the manifest grants stays). */
export async function disableAutoOpen(site: string): Promise<void> {
  await setSiteListed(autoOpenSitesItem, site, false);
  const stillNeeded = (await autoOpenSitesItem.getValue()).some((s) => sitePattern(s) === sitePattern(site));
  if (!stillNeeded) await browser.permissions.remove({ origins: [sitePattern(site)] }).catch(() => false);
}

async function openIfArticle(tabId: number, url: string, index: number, windowId: number): Promise<void> {
  const site = siteOf(url);
  if (!site || !(await siteListed(autoOpenSitesItem, site))) return;
  if (!(await browser.permissions.contains({ origins: [sitePattern(site)] }))) return;
  const read = await readTab(tabId, { url });
  if (!read.ok) return; // not an article (or not readable): the page stays as it is
  offerRead(tabId, Promise.resolve(read));
  await browser.tabs.create({ url: readerUrl(tabId), index: index + 1, windowId, openerTabId: tabId, active: true });
}

/** Background: opens the reader for listed sites' articles as they finish loading. */
export function installAutoOpen(): void {
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.status !== 'complete' || !tab.url) return;
    void openIfArticle(tabId, tab.url, tab.index, tab.windowId).catch((error: unknown) => console.error('Pith: auto-open failed', error));
  });
}
