/**
 * Reading the source tab at the click. The toolbar action (background) starts the extraction in the source tab
 * while the browser opens the reader tab; the reader then takes the result from the background instead of
 * starting its own read once its script has loaded. A result is handed out once and dropped after a minute if no
 * reader asks (reader closed first). A reader that finds nothing waiting (reloaded, or the background restarted in
 * between) reads the tab itself, as before.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import { extractionFromResults, readTabPassed, type PassedRead, type ReadTabResult } from './read-tab';
import { mark } from './timeline';

interface ReaderProtocol {
  /**
   * The read started at the click for this source tab, or null when there is none. A successful read comes as the
   * page's answer, unparsed (the reader checks and parses it), so that the background does no work on it.
   */
  'pith.reader.takeRead'(tabId: number): PassedRead | null;
}

const readerMessaging = defineExtensionMessaging<ReaderProtocol>();

const UNCLAIMED_MS = 60_000;
const pending = new Map<number, { result: Promise<PassedRead>; timer: ReturnType<typeof setTimeout> }>();

/**
 * Background: starts reading the tab now (the click's activeTab grant is fresh). With the tab's URL known the
 * extraction is requested before this returns, so the browser handles it before whatever the caller asks next
 * (opening the reader tab).
 */
export function startEarlyRead(tabId: number, url?: string): void {
  offerRead(tabId, readTabPassed(tabId, { url, atClick: true }));
}

/** Background: hands a read already made (auto-open's) to the reader tab about to open for this tab. */
export function offerRead(tabId: number, result: Promise<PassedRead>): void {
  clearTimeout(pending.get(tabId)?.timer);
  const timer = setTimeout(() => pending.delete(tabId), UNCLAIMED_MS);
  pending.set(tabId, { result, timer });
}

function fromReaderPage(url: string | undefined): boolean {
  return url !== undefined && url.startsWith((browser.runtime.getURL as (path: string) => string)('/reader.html'));
}

/**
 * Background: the waiting read for a tab, handed out once and only to a reader page (null otherwise). Resolves when
 * the read does.
 */
export async function claimEarlyRead(tabId: number, senderUrl: string | undefined): Promise<PassedRead | null> {
  const entry = pending.get(tabId);
  if (!entry || !fromReaderPage(senderUrl)) return null;
  pending.delete(tabId);
  clearTimeout(entry.timer);
  const result = await entry.result;
  mark('early-read:sent');
  return result;
}

/** Background: answers the reader's request with the waiting read. */
export function installEarlyReadService(): void {
  readerMessaging.onMessage('pith.reader.takeRead', ({ data: tabId, sender }) => claimEarlyRead(tabId, sender.url));
}

/** Reader: the read started at the click, or null (none waiting, or the background did not answer). */
export async function takeEarlyRead(tabId: number): Promise<ReadTabResult | null> {
  let taken: PassedRead | null;
  try {
    taken = await readerMessaging.sendMessage('pith.reader.takeRead', tabId);
  } catch {
    return null;
  }
  return taken?.ok === 'passed' ? extractionFromResults([{ result: taken.answer }]) : taken;
}
