/**
 * Which pages Pith cannot read, known from the URL alone, and what to tell the reader. No extension APIs here:
 * browsers refuse to let extensions script their own pages, the extension stores and the PDF viewer, and file:
 * pages need a switch the user turns on.
 */

export type PageAccess =
  | { ok: true }
  | { ok: false; reason: 'restricted' | 'no-access'; message: string };

const TRY_AGAIN = 'Open an article on the web and try again.';

const BROWSER_SCHEMES = new Set([
  'chrome:', 'chrome-extension:', 'chrome-search:', 'chrome-untrusted:', 'devtools:', 'edge:', 'brave:', 'opera:',
  'vivaldi:', 'about:', 'view-source:', 'moz-extension:', 'resource:', 'data:', 'javascript:', 'blob:', 'filesystem:',
]);

const STORE_PAGES: { host: string; path?: string; name: string }[] = [
  { host: 'chromewebstore.google.com', name: 'the Chrome Web Store' },
  { host: 'chrome.google.com', path: '/webstore', name: 'the Chrome Web Store' },
  { host: 'microsoftedge.microsoft.com', path: '/addons', name: 'the Edge Add-ons store' },
  { host: 'addons.mozilla.org', name: 'addons.mozilla.org' },
  { host: 'addons.opera.com', name: 'the Opera add-ons store' },
];

/** Chrome's built-in PDF viewer extension. */
const PDF_VIEWER_ID = 'mhjfbmdgcfjbbpaeojofohoefgiehjai';

export const RESTRICTED_BROWSER_PAGE = `Pith can't read browser pages such as chrome://… ${TRY_AGAIN}`;

export function checkPageUrl(rawUrl: string | undefined): PageAccess {
  if (!rawUrl) return { ok: true }; // unknown (no permission to see it): let the browser decide
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: true };
  }
  const isPdf = /\.pdf$/i.test(url.pathname) || url.hostname === PDF_VIEWER_ID;
  if (isPdf) {
    return {
      ok: false,
      reason: 'restricted',
      message: "Pith reads web pages, not PDF files, and the browser's PDF viewer can't be read by extensions. Open the article's web version and try again.",
    };
  }
  if (url.protocol === 'file:') {
    return {
      ok: false,
      reason: 'no-access',
      message:
        'To read files on your computer, turn on “Allow access to file URLs” for Pith on the extensions page (chrome://extensions → Pith → Details), then reload the file and try again.',
    };
  }
  if (BROWSER_SCHEMES.has(url.protocol)) {
    const example = url.protocol === 'about:' || url.protocol === 'view-source:' ? url.protocol : `${url.protocol}//`;
    return { ok: false, reason: 'restricted', message: `Pith can't read browser pages such as ${example}… ${TRY_AGAIN}` };
  }
  const store = STORE_PAGES.find((s) => url.hostname === s.host && (!s.path || url.pathname.startsWith(s.path)));
  if (store) {
    return {
      ok: false,
      reason: 'restricted',
      message: `Browsers don't let extensions read ${store.name}. ${TRY_AGAIN}`,
    };
  }
  return { ok: true };
}
