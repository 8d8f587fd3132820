/**
 * End to end: content whose showing depends on scripts is read as the reader sees it.
 * - A page parsed with scripting off shows its <noscript> content: Discourse serves a whole thread there for browsers
 *   whose scripts do not run. A notice beside an article ("enable JavaScript") is not the page. With scripting on, a
 *   noscript's content is inert text and never read.
 * - Sections a script fades in as the reader scrolls (opacity 0 in the flow of the page) are read; a faded-out
 *   dropdown menu or popover (opacity 0, positioned over the page) and a widget's configuration in 1px type are not.
 * Runs the page bundle in headless Chromium, as the CLI and the benchmark do.
 * Run: node --import tsx --test test/e2e/script-dependent-content.test.ts
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_VIEWPORT } from '../../scripts/lib/browser';
import { ensurePageBundle } from '../../scripts/lib/page-bundle';
import { PagePool } from '../../scripts/lib/page-pool';
import { syntheticUrl } from '../../scripts/lib/page-source';

const PAGES = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));
const TIMEOUT_MS = 60_000;

let pool: PagePool;

before(async () => {
  pool = new PagePool(await ensurePageBundle(), DEFAULT_VIEWPORT);
});

after(async () => {
  await pool?.close();
});

/** The reader's text of a fixture page, loaded with the page's scripts off (noscript shown) or on. */
async function readerText(file: string, pageScripts: boolean, edit: (html: string) => string = (html) => html): Promise<string> {
  const html = edit(await readFile(`${PAGES}${file}`, 'utf8'));
  return pool.withPage(0, { kind: 'html', url: syntheticUrl(file), html }, { pageScripts, timeoutMs: TIMEOUT_MS }, (page) =>
    page.evaluate(async () => {
      const api = window.__pith!;
      return api.format(await api.extract({}), 'text');
    }),
  );
}

const POSTS = ['smells sharply of acetone', 'yeast has run out of food', 'Chlorinated tap water', 'like green apples now'];

describe('<noscript> content', () => {
  it('a forum thread served inside <noscript>, scripts off: every post is read', async () => {
    const text = await readerText('forum-thread-noscript.html', false);
    for (const post of POSTS) assert.ok(text.includes(post), `the post with "${post}" is in the reader:\n${text}`);
    assert.ok(!text.includes('Terms of Service'), 'the footer menu stays out');
  });

  it('the same page with scripts on: the inert noscript text is not read', async () => {
    const text = await readerText('forum-thread-noscript.html', true);
    for (const post of POSTS) assert.ok(!text.includes(post), `"${post}" is not on the page the reader sees`);
    assert.ok(!text.includes('crawler-post'), 'no markup shows as text');
  });

  it('an article with a noscript notice between its paragraphs, scripts off: the article is read, the notice is not', async () => {
    // Written as prose and placed inside the article, where the structural stages keep a paragraph: only the
    // noscript rule keeps it out.
    const notice = 'Your browser is not running scripts, so the interactive map of the night-train network cannot be shown here; please enable JavaScript to see it.';
    const text = await readerText('article-with-boilerplate.html', false, (html) =>
      html.replace(/(<p>For decades the sleeper services[^<]*<\/p>)/, `$1<noscript><div class="js-warning"><p>${notice}</p></div></noscript>`),
    );
    const plain = await readerText('article-with-boilerplate.html', false);
    assert.ok(plain.length > 500, 'fixture check: the article is read');
    assert.ok(!text.includes(notice), 'the notice is not in the reader');
    assert.equal(text, plain, 'the article reads as it does without the notice');
  });
});

describe('content faded in by scripts', () => {
  it('sections at opacity 0 waiting for a scroll-reveal script are read; a faded-out dropdown, popover and data carrier are not', async () => {
    const text = await readerText('article-scroll-reveal.html', false);
    for (const line of ['Long before the tidal power station', 'undershot wheel', 'Chausey islands', 'Steam mills in the towns']) {
      assert.ok(text.includes(line), `"${line}" is in the reader:\n${text}`);
    }
    for (const heading of ['Holding back the ebb', 'Stones and gears', 'Why they fell silent']) assert.ok(text.includes(heading), `the heading "${heading}" is read`);
    assert.ok(!text.includes('Gift cards for engineers'), 'the faded-out dropdown menu stays out');
    assert.ok(!text.includes('Glossary: a tide mill'), 'the faded-out popover over the article stays out');
    assert.ok(!text.includes('triggerColor'), "a widget's configuration, transparent and in 1px type, stays out");
  });
});
