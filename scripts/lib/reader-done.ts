/**
 * Waiting for the reader to show the article (or an error) without disturbing it: through the DevTools protocol,
 * polled in the page. Playwright's waitForSelector would first inject its selector engine (about 300 kB of script)
 * into the reader, on the reader's main thread while it paints the article.
 */
import type { BrowserContext, Page } from 'playwright-core';

const READER_DONE = `new Promise((resolve) => {
  const until = Date.now() + 60000;
  const check = () => (document.querySelector('#pith-article [data-pith-block], #pith-error') || Date.now() > until ? resolve(true) : setTimeout(check, 25));
  check();
})`;

export async function readerDone(context: BrowserContext, reader: Page): Promise<void> {
  const cdp = await context.newCDPSession(reader);
  try {
    await cdp.send('Runtime.evaluate', { expression: READER_DONE, awaitPromise: true, returnByValue: true });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
