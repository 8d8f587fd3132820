/**
 * Reading a tab: check its URL, run the extraction content script in it (activeTab, granted by the toolbar click or
 * the shortcut), and turn every failure into a message the reader can act on.
 */
import { browser } from 'wxt/browser';
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { keptBlocks } from '@/src/decisions/record';
import { noTextReason, notAPageReason } from '@/src/render/page-notes';
import type { Extraction } from '@/src/pipeline/types';
import { payloadExtraction } from './extraction-guard';
import { addMarks, mark } from './timeline';
import { checkPageUrl, RESTRICTED_BROWSER_PAGE } from './page-access';
import { errorMessage } from '../src/error-message';

export type ReadTabFailure = { ok: false; message: string; reason: 'restricted' | 'no-text' | 'no-access' | 'error' };
export type ReadTabResult = { ok: true; extraction: Extraction } | ReadTabFailure;
/**
 * A read whose page answer (the extraction script's JSON string) is passed on as it came, unparsed, for the reader
 * to check and parse (`extractionFromResults`): the background then neither parses it nor serializes the extraction
 * again to send it. Failures before the answer are as in `ReadTabResult`.
 */
export type PassedRead = { ok: 'passed'; answer: string } | ReadTabResult;

const EXTRACT_SCRIPT = '/content-scripts/extract.js';
const TIMEOUT_MS = 90_000;

export const MESSAGES = {
  noTab: 'Pith doesn’t know which tab to read. Open an article, then click the Pith button in the toolbar (or press Alt+Shift+R).',
  tabClosed: 'The tab you opened Pith from has been closed. Open the article again and click the Pith button (or press Alt+Shift+R).',
  noAccess: 'Pith can’t read this tab: browsers keep blank tabs (about:blank) and their own pages from extensions, and on a web page the access your click gave ends when the page reloads or moves on.',
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
 * Chromium (seen in 156) can refuse the first script run at a toolbar click because the click's activeTab grant
 * lands just after the click event; the same call 0.2–0.7 s later succeeds. A read started at the click asks again
 * at these delays (ms) before telling the reader it has no access.
 */
const GRANT_SETTLE_DELAYS_MS = [100, 200, 400, 800];

export interface ReadTabOptions {
  /** The tab's URL when the caller has it, so the extraction is requested at once, without asking the browser. */
  url?: string;
  /** The read starts at the toolbar click: a refusal may be the grant still arriving (GRANT_SETTLE_DELAYS_MS). */
  atClick?: boolean;
}

/** `readTab`, with the page's answer passed on unparsed when it is the script's JSON string (see `PassedRead`). */
export async function readTabPassed(tabId: number, options: ReadTabOptions = {}): Promise<PassedRead> {
  try {
    return await readTabOnce(tabId, options, true);
  } catch (error) {
    return thrownFailure(error);
  }
}

/** Reads the tab. Never rejects: anything that throws on the way is a failure the reader can show. */
export async function readTab(tabId: number, options: ReadTabOptions = {}): Promise<ReadTabResult> {
  try {
    return await readTabOnce(tabId, options);
  } catch (error) {
    return thrownFailure(error);
  }
}

/**
 * Runs one of the extension's scripts in the tab. `atClick`: the run follows the user's gesture at once, so a refusal
 * is asked again at GRANT_SETTLE_DELAYS_MS before it is reported.
 */
export async function runScriptInTab(
  tabId: number,
  file: ScriptPublicPath,
  atClick: boolean,
): Promise<{ ok: true; results: readonly unknown[] | 'timeout' } | ReadTabFailure> {
  const delays = atClick ? GRANT_SETTLE_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      return { ok: true, results: await withTimeout(browser.scripting.executeScript({ target: { tabId }, files: [file] }), TIMEOUT_MS) };
    } catch (error) {
      const failure = scriptingFailure(error);
      if (failure.reason !== 'no-access' || attempt >= delays.length) return failure;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

async function readTabOnce(tabId: number, options: ReadTabOptions): Promise<ReadTabResult>;
async function readTabOnce(tabId: number, options: ReadTabOptions, passAnswer: true): Promise<PassedRead>;
async function readTabOnce(tabId: number, { url: knownUrl, atClick = false }: ReadTabOptions, passAnswer = false): Promise<PassedRead> {
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

  mark('extract:requested');
  const run = await runScriptInTab(tabId, EXTRACT_SCRIPT, atClick);
  if (!run.ok) return run;
  const { results } = run;
  mark('extract:returned');
  if (results === 'timeout') return { ok: false, reason: 'error', message: MESSAGES.timeout };
  const answer = passAnswer ? scriptAnswer(results) : undefined;
  return answer === undefined ? extractionFromResults(results) : { ok: 'passed', answer };
}

/** The script's answer when it is a string without an error beside it (what `encodePayload` returns), else undefined. */
function scriptAnswer(results: readonly unknown[]): string | undefined {
  const first: unknown = results[0];
  if (typeof first !== 'object' || first === null || ('error' in first && first.error) || !('result' in first)) return undefined;
  return typeof first.result === 'string' ? first.result : undefined;
}

/** The extraction an extraction script handed back (scripting results), checked, or why there is none to show. */
export function extractionFromResults(results: readonly unknown[]): ReadTabResult {
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
