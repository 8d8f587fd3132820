/**
 * What a page may load. Nothing reaches the network except a live URL's own host: the document itself comes from
 * memory or a file, the page bundle from .output/page/ under /__pith__/ on the page's own origin, and every other
 * request (other origins' scripts, images, fonts, trackers) is refused.
 */
import type { Page, Request } from 'playwright-core';
import type { PageSource } from './page-source';
import { readUnder, type CachedFiles } from './static-files';

/** Where the bundle appears on the page's origin: same-origin, so module imports and wasm fetches need no CORS. */
export const BUNDLE_PATH_PREFIX = '/__pith__/';

const HTML_UTF8 = 'text/html; charset=utf-8';
const HTML_OWN_CHARSET = 'text/html';
/** Answering a navigation with 204 cancels it: the current document stays instead of becoming an error page. */
const NO_CONTENT = 204;

function isMainFrameNavigation(page: Page, request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame() === page.mainFrame();
  } catch {
    return false; // requests without a frame (workers)
  }
}

export async function routePage(page: Page, source: PageSource, bundle: CachedFiles): Promise<void> {
  const documentUrl = new URL(source.url);
  let documentRequested = false;

  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = URL.canParse(request.url()) ? new URL(request.url()) : undefined;
    if (!url) return route.abort('blockedbyclient');

    const sameOrigin = url.origin === documentUrl.origin;
    if (sameOrigin && url.pathname.startsWith(BUNDLE_PATH_PREFIX)) {
      const file = await bundle.get(url.pathname.slice(BUNDLE_PATH_PREFIX.length));
      return file
        ? route.fulfill({ status: 200, body: file.body, contentType: file.contentType })
        : route.fulfill({ status: 404, body: '' });
    }

    if (isMainFrameNavigation(page, request)) {
      // Only the first navigation loads the document; a page script redirecting elsewhere must not replace it.
      if (documentRequested) return route.fulfill({ status: NO_CONTENT, body: '' });
      documentRequested = true;
      if (source.kind === 'live') return route.continue();
      const contentType = typeof source.html === 'string' ? HTML_UTF8 : source.charset ? `text/html; charset=${source.charset}` : HTML_OWN_CHARSET;
      return route.fulfill({ status: 200, body: source.html, contentType });
    }

    if (source.kind === 'live') {
      return url.host === documentUrl.host ? route.continue() : route.abort('blockedbyclient');
    }
    if (sameOrigin && source.filesDir) {
      const file = await readUnder(source.filesDir, url.pathname);
      if (file) return route.fulfill({ status: 200, body: file.body, contentType: file.contentType });
    }
    return route.abort('blockedbyclient');
  });
}
