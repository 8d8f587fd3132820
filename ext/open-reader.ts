/**
 * Opening the reader for a tab: a new tab right after it, so the source page (and anything typed into it) stays as
 * it was. The page is read from the click on, while the browser opens the reader tab (`early-read.ts`). If the
 * browser refuses, the toolbar button says why (badge and tooltip) rather than nothing happening.
 */
import { browser, type Browser } from 'wxt/browser';
import { startEarlyRead } from './early-read';
import { mark } from './timeline';
import { errorMessage } from '../src/error-message';

export function readerUrl(tabId: number | undefined): string {
  const base = (browser.runtime.getURL as (path: string) => string)('/reader.html');
  return tabId === undefined ? base : `${base}?tab=${tabId}`;
}

export async function openReader(tab: Browser.tabs.Tab): Promise<void> {
  mark('action');
  if (tab.id !== undefined) startEarlyRead(tab.id, tab.url ?? tab.pendingUrl);
  try {
    await browser.tabs.create({
      url: readerUrl(tab.id),
      index: tab.index + 1,
      windowId: tab.windowId,
      ...(tab.id === undefined ? {} : { openerTabId: tab.id }),
      active: true,
    });
    mark('reader:tab-created');
  } catch (error) {
    const message = errorMessage(error);
    console.error('Pith: could not open the reader', error);
    await Promise.allSettled([
      browser.action.setBadgeText({ text: '!', tabId: tab.id }),
      browser.action.setTitle({ title: `Pith couldn't open the reader (${message}). Click to try again.`, tabId: tab.id }),
    ]);
  }
}
