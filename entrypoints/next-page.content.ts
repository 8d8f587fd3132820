/**
 * The next-page content script. Not registered in the manifest: the reader injects it into the source tab after
 * setting the address to read (ext/next-page-read.ts). It loads that page, same origin only, in a frame laid out
 * like the tab but out of sight, reads it with the same pipeline as the first page and removes the frame.
 */
import { extractPage } from '@/src/pipeline/extract-page';
import { encodePayload } from '@/ext/extraction-guard';
import { INTERACTIVE_READ_BUDGET } from '@/src/snapshot/budget';
import { NEXT_PAGE_GLOBAL } from '@/ext/next-page-read';

const LOAD_LIMIT_MS = 30_000;

function loadFrame(url: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = `position:absolute;left:-${window.innerWidth + 1000}px;top:0;width:${window.innerWidth}px;height:${window.innerHeight}px;border:0;`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the next page took too long to load')), LOAD_LIMIT_MS);
    frame.addEventListener('load', () => {
      clearTimeout(timer);
      resolve(frame);
    }, { once: true });
    frame.src = url;
    document.documentElement.appendChild(frame);
  });
}

export default defineContentScript({
  registration: 'runtime',
  async main(): Promise<string | { error: string }> {
    const url = String((globalThis as Record<string, unknown>)[NEXT_PAGE_GLOBAL] ?? '');
    let target: URL;
    try {
      target = new URL(url, location.href);
    } catch {
      return { error: 'the next page’s address is not valid' };
    }
    if (target.origin !== location.origin) return { error: 'the next page is on another site' };
    const frame = await loadFrame(target.href);
    try {
      const doc = frame.contentDocument;
      if (!doc?.body) return { error: 'the next page could not be opened here' };
      const extraction = await extractPage(doc, { waitForContentMs: 3_000, budget: INTERACTIVE_READ_BUDGET });
      return encodePayload({ extraction, marks: [] });
    } finally {
      frame.remove();
    }
  },
});
