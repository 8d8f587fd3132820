/**
 * Reading a tab: check its URL, run the extraction content script in it (activeTab, granted by the toolbar click or
 * the shortcut), and turn every failure into a message the reader can act on.
 */
import { browser } from 'wxt/browser';
import { keptBlocks } from '@/src/decisions/record';
import { noTextReason, notAPageReason } from '@/src/render/page-notes';
import type { Extraction } from '@/src/pipeline/types';
import { payloadExtraction } from './extraction-guard';
import { addMarks, mark } from './timeline';
import { checkPageUrl, RESTRICTED_BROWSER_PAGE } from './page-access';
import { errorMessage } from '../src/error-message';

export type ReadTabFailure = { ok: false; message: string; reason: 'restricted' | 'no-text' | 'no-access' | 'error' };
export type ReadTabResult = { ok: true; extraction: Extraction } | ReadTabFailure;

const EXTRACT_SCRIPT = '/content-scripts/extract.js';
const TIMEOUT_MS = 90_000;
const CLICK_AGAIN = 'Go back to the article’s tab and click the Pith button (or press Alt+Shift+R) again.';

export const MESSAGES = {
  noTab: 'Pith doesn’t know which tab to read. Open an article, then click the Pith button in the toolbar (or press Alt+Shift+R).',
  tabClosed: 'The tab you opened Pith from has been closed. Open the article again and click the Pith button (or press Alt+Shift+R).',
  noAccess: `Pith doesn’t have permission to read that tab. The permission it gets when you click its button lasts only until the page reloads or navigates. ${CLICK_AGAIN}`,
  errorPage: 'That tab is showing an error page, not an article. Reload it, and once the article shows, click the Pith button again.',
  store: 'Browsers don’t let extensions read extension store pages. Open an article on the web and try again.',
  noText:
    'Pith found no article text on this page. It may still be loading, be mostly video or images, or need you to sign in. Wait until the article shows (scroll through it if it loads as you scroll), then click the Pith button again.',
  timeout: 'Reading the page took too long. Reload the article, wait until it has loaded, then click the Pith button again.',
  noResult: 'Pith’s page script returned nothing. Reload the article and click the Pith button again.',
} as const;

/** A read that failed for a reason only the browser's words describe. */
function couldNotRead(detail: string): ReadTabFailure {
  return { ok: false, reason: 'error', message: `Pith couldn’t read this page (${detail}). Reload the article and click the Pith button again.` };
}

/** A read that threw (not a refusal the scripting API reported): what the reader shows. */
function thrownFailure(error: unknown): ReadTabFailure {
  return couldNotRead(errorMessage(error));
}

/** Maps the scripting API's errors (Chrome's and Firefox's wording) to what the reader should do. */
export function scriptingFailure(error: unknown): ReadTabFailure {
  const raw = errorMessage(error);
  if (/No tab with id|Invalid tab ID|tab was closed/i.test(raw)) return { ok: false, reason: 'error', message: MESSAGES.tabClosed };
  if (/extensions gallery cannot be scripted|webstore/i.test(raw)) return { ok: false, reason: 'restricted', message: MESSAGES.store };
  if (/Cannot access a (chrome|chrome-extension|edge|about|devtools)[:\w-]*:?\/\/ URL|Cannot access (a )?chrome:|about:/i.test(raw)) {
    return { ok: false, reason: 'restricted', message: RESTRICTED_BROWSER_PAGE };
  }
  if (/showing error page|error page/i.test(raw)) return { ok: false, reason: 'error', message: MESSAGES.errorPage };
  if (/Cannot access contents of url "file:/i.test(raw)) {
    const access = checkPageUrl('file:///x.html');
    return access.ok ? { ok: false, reason: 'no-access', message: MESSAGES.noAccess } : { ok: false, reason: access.reason, message: access.message };
  }
  if (/Cannot access contents of|must request permission|Missing host permission|permission to access/i.test(raw)) {
    return { ok: false, reason: 'no-access', message: MESSAGES.noAccess };
  }
  return couldNotRead(raw.replace(/\.$/, ''));
}

function hasReadableContent(extraction: Extraction): boolean {
  return keptBlocks(extraction.snapshot.blocks, extraction.record).some(
    (b) => b.text.trim().length > 0 || b.kind === 'image' || b.kind === 'figure' || b.kind === 'math',
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads the tab. Never rejects: anything that throws on the way is a failure the reader can show. `knownUrl`: the
 * tab's URL when the caller has it (the toolbar click's tab), so the extraction is requested at once, without first
 * asking the browser about the tab.
 */
export async function readTab(tabId: number, knownUrl?: string): Promise<ReadTabResult> {
  try {
    return await readTabOnce(tabId, knownUrl);
  } catch (error) {
    return thrownFailure(error);
  }
}

async function readTabOnce(tabId: number, knownUrl: string | undefined): Promise<ReadTabResult> {
  if (!Number.isInteger(tabId) || tabId < 0) return { ok: false, reason: 'error', message: MESSAGES.noTab };
  let url = knownUrl;
  if (url === undefined) {
    try {
      const tab = await browser.tabs.get(tabId);
      url = tab.url ?? tab.pendingUrl;
    } catch {
      return { ok: false, reason: 'error', message: MESSAGES.tabClosed };
    }
  }
  const access = checkPageUrl(url);
  if (!access.ok) return { ok: false, reason: access.reason, message: access.message };

  let results: readonly unknown[] | 'timeout';
  mark('extract:requested');
  try {
    results = await withTimeout(browser.scripting.executeScript({ target: { tabId }, files: [EXTRACT_SCRIPT] }), TIMEOUT_MS);
  } catch (error) {
    return scriptingFailure(error);
  }
  mark('extract:returned');
  if (results === 'timeout') return { ok: false, reason: 'error', message: MESSAGES.timeout };
  const first: unknown = results[0];
  if (typeof first === 'object' && first !== null && 'error' in first && first.error) {
    // Firefox reports an exception thrown by the script here.
    return couldNotRead(errorMessage(first.error));
  }
  const payload = payloadExtraction(typeof first === 'object' && first !== null && 'result' in first ? first.result : undefined);
  if (!payload) return { ok: false, reason: 'error', message: MESSAGES.noResult };
  addMarks(payload.marks);
  const value = payload.extraction;
  const notAPage = notAPageReason(value.snapshot);
  if (notAPage) return { ok: false, reason: 'no-text', message: notAPage };
  if (!hasReadableContent(value)) return { ok: false, reason: 'no-text', message: noTextReason(value.snapshot) ?? MESSAGES.noText };
  return { ok: true, extraction: value };
}
