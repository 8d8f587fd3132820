/**
 * The per-site choices the reader remembers: sites whose removed comments are shown without asking, and sites
 * where the reader opens by itself when an article loads (auto-open also needs the site's host permission, asked
 * for when it is turned on).
 */
import { storage } from 'wxt/utils/storage';

export const commentsShownSitesItem = storage.defineItem<string[]>('local:commentsShownSites', { fallback: [] });
export const autoOpenSitesItem = storage.defineItem<string[]>('local:autoOpenSites', { fallback: [] });

type SiteList = typeof autoOpenSitesItem;

export async function siteListed(list: SiteList, site: string): Promise<boolean> {
  return (await list.getValue()).includes(site);
}

export async function setSiteListed(list: SiteList, site: string, listed: boolean): Promise<void> {
  const sites = (await list.getValue()).filter((s) => s !== site);
  await list.setValue(listed ? [...sites, site].sort() : sites);
}
