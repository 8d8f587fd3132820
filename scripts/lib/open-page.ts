/** Loads a document into a fresh page and imports the page bundle, so that window.__pith is ready to call. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { PAGE_BUNDLE_FILE } from '../../vite.page.config';
import type { PageSource } from './page-source';
import { BUNDLE_PATH_PREFIX, routePage } from './page-routing';
import type { CachedFiles } from './static-files';

export interface LoadOptions {
  /**
   * Run the page's own scripts while it loads. Off for saved HTML: its scripts lost their dependencies, may
   * redirect or document.write, and the benchmark's truth was made from the static markup (<noscript> shown).
   */
  pageScripts: boolean;
  timeoutMs: number;
}

/** HTTP statuses at or above this make a live URL a failure rather than a page to read. */
const HTTP_ERROR = 400;
const READY_POLL_MS = 25;

/**
 * Not goto's waitUntil 'load': when a page script starts a navigation that routing cancels (204), Playwright never
 * sees the load event although the document completes. Not waitForFunction either: it re-polls with the page's own
 * timers, which do not fire while script execution is disabled. So Node polls. The pool's deadline bounds this.
 */
async function documentComplete(page: Page): Promise<void> {
  const readyState = (): Promise<unknown> =>
    page.evaluate('document.readyState').catch((error: unknown) => {
      if (page.isClosed()) throw error;
      return 'loading'; // the context was being replaced; ask again
    });
  while ((await readyState()) !== 'complete') await sleep(READY_POLL_MS);
}

export async function loadPithPage(page: Page, source: PageSource, bundle: CachedFiles, options: LoadOptions): Promise<void> {
  const cdp = options.pageScripts ? undefined : await page.context().newCDPSession(page);
  await cdp?.send('Emulation.setScriptExecutionDisabled', { value: true });
  await routePage(page, source, bundle);

  const response = await page.goto(source.url, { waitUntil: 'commit', timeout: options.timeoutMs });
  if (source.kind === 'live' && response && response.status() >= HTTP_ERROR) {
    throw new Error(`HTTP ${response.status()} ${response.statusText()} from ${source.url}`);
  }
  await documentComplete(page);

  // Our bundle needs script execution; the page's inline scripts were skipped while parsing and stay skipped.
  await cdp?.send('Emulation.setScriptExecutionDisabled', { value: false });
  await cdp?.detach();

  const bundleUrl = `${new URL(source.url).origin}${BUNDLE_PATH_PREFIX}${PAGE_BUNDLE_FILE}`;
  const installed = await page.evaluate(async (url) => {
    await import(url);
    return typeof window.__pith?.extract === 'function';
  }, bundleUrl);
  if (!installed) throw new Error(`the page bundle did not install window.__pith (${bundleUrl})`);
}
