/** Chrome: the model host is an offscreen document, created on demand (one per extension). */
import { browser } from 'wxt/browser';
import { HOST_PAGE_PATH } from './protocol';

const JUSTIFICATION = 'Runs the sentence-embedding models (WebAssembly/WebGPU) that decide which parts of a page are boilerplate.';
const ALREADY_EXISTS = /single offscreen document/i;

let creating: Promise<void> | undefined;

export function hasOffscreenApi(): boolean {
  return typeof browser.offscreen?.createDocument === 'function' && typeof browser.runtime.getContexts === 'function';
}

/** Creates the offscreen document unless it exists; concurrent callers share one creation. */
export async function ensureOffscreen(): Promise<void> {
  const url = browser.runtime.getURL(HOST_PAGE_PATH as '/offscreen.html');
  const existing = await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  if (existing.length > 0) return;
  creating ??= browser.offscreen
    .createDocument({ url, reasons: ['WORKERS'], justification: JUSTIFICATION })
    .catch((error: unknown) => {
      // Another context created it between our check and our call: that is fine.
      if (!(error instanceof Error && ALREADY_EXISTS.test(error.message))) throw error;
    })
    .finally(() => (creating = undefined));
  await creating;
}
