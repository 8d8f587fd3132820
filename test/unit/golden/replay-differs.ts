/**
 * Golden pages whose output without a browser differs from Chromium's, so only test/e2e/golden.test.ts checks them.
 * Without a live page, Readability reads the snapshot's HTML copy in happy-dom instead of the marked clone of the
 * page in Chromium, and its byline and comment checks answer differently there; the Markdown export's table and
 * formula conversion also reads the DOM. Each entry says what differs.
 */
const BYLINE = 'the byline line: removed (duplicate-meta) from the copy, kept in Chromium';
const SITE_NAME = "the site's name above the article: kept from the copy, removed (site-header) in Chromium";

export const REPLAY_DIFFERS: ReadonlyMap<string, string> = new Map<string, string>([
  ['code-block', BYLINE],
  ['cookie-bar', BYLINE],
  ['data-table', BYLINE],
  ['figure-caption', BYLINE],
  ['lazy-image', BYLINE],
  ['news-multicolumn', `${BYLINE}; also the date and reading-time lines`],
  ['collection-foot-text', 'the sort bar: kept from the copy, removed (filter-bar) in Chromium'],
  ['forum-thread-login', 'the replies: removed (comment-section) from the copy; the login form kept'],
  ['forum-thread-noscript', 'the post headers: kept from the copy, removed (duplicate-meta) in Chromium'],
  ['markdown-constructs', "the same blocks kept, but the Markdown export's output differs in happy-dom"],
  ['math-article', "the same blocks kept, but the Markdown export's formulas differ in happy-dom"],
  ['blog-post-with-comments', BYLINE],
  ['cjk-japanese-blog', SITE_NAME],
  ['comparison-table', SITE_NAME],
  ['listing-jobs', SITE_NAME],
  ['rtl-hebrew-news', SITE_NAME],
]);
