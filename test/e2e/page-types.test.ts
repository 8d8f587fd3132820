/**
 * End-to-end: page types. Fixture pages written for these tests (a forum thread, a product page, a service page, a
 * documentation page, a listing, a news story beside a column of headline cards) read through the built extension in
 * headless Chromium: the reader names the page type in its status line and shows what that kind of page is for.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/page-types.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { excerpt, launchWithExtension, openReaderFor, startServer, type Launched, type ReaderSession, type StaticServer } from './harness';

const T = { timeout: 60_000 };

let server: StaticServer;
let browser: Launched;
const sessions = new Map<string, Promise<ReaderSession>>();

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
}, { timeout: 300_000 });

after(async () => {
  for (const s of sessions.values()) await s.then((r) => r.close()).catch(() => {});
  await browser?.close();
  await server?.close();
});

async function reader(fixture: string): Promise<Page> {
  let s = sessions.get(fixture);
  if (!s) {
    s = openReaderFor(browser, server.url(`page-types/${fixture}`));
    sessions.set(fixture, s);
  }
  const session = await s;
  if (session.outcome === 'error') assert.fail(`${fixture}: the reader shows #pith-error: ${await session.reader.locator('#pith-error').innerText()}`);
  return session.reader;
}

async function articleText(page: Page): Promise<string> {
  return page.locator('#pith-article').innerText();
}

function containsAll(text: string, words: string[], where: string): void {
  const missing = words.filter((w) => !text.includes(w));
  assert.deepEqual(missing, [], `${where}: missing ${JSON.stringify(missing)}; got: ${excerpt(text, 800)}`);
}

function containsNone(text: string, words: string[], where: string): void {
  const present = words.filter((w) => text.includes(w));
  assert.deepEqual(present, [], `${where}: should not show ${JSON.stringify(present)}; got: ${excerpt(text, 800)}`);
}

/** The page type as the status line shows it when the profile ran, else as the diagnostics view names it. */
async function statusPageType(page: Page): Promise<string> {
  const shown = page.locator('#pith-status .pith-status-page-type');
  if ((await shown.count()) > 0) return shown.innerText();
  return (await page.locator('#pith-diagnostics-page-type').textContent()) ?? '';
}

describe('forum thread with an opening post and five replies', () => {
  test('every post is in the reader, in order, and the login box is not', T, async () => {
    const page = await reader('forum-thread.html');
    const text = await articleText(page);
    const posts = [
      'My pond pump started humming loudly',
      'A hum with reduced flow is nearly always',
      'Agree with Tom about the impeller',
      'I opened it up this morning',
      'a foam pre-filter sleeve over the intake',
      'clean the impeller every autumn',
    ];
    containsAll(text, posts, 'forum thread');
    const positions = posts.map((p) => text.indexOf(p));
    assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'posts out of order');
    containsNone(text, ['Log in to join the discussion', 'Forgot your password?', 'Register now', 'Growing water lilies since 1998'], 'forum thread');
  });

  test('the status line says it is a forum thread, and each post has its author and date above it', T, async () => {
    const page = await reader('forum-thread.html');
    assert.match(await statusPageType(page), /Forum thread/);
    const metas = page.locator('#pith-article .pith-post-meta');
    assert.equal(await metas.count(), 6, `expected 6 post headers; got ${excerpt(await page.locator('#pith-article').innerHTML(), 1500)}`);
    const first = await metas.first().innerText();
    assert.match(first, /marsh_wren/);
    assert.match(first, /March 3, 2025/);
    assert.match(await metas.nth(1).innerText(), /tadpole_tom/);
  });
});

describe('product page with specifications in a hidden tab and in JSON-LD', () => {
  test('name, price, description and the hidden specifications are in the reader', T, async () => {
    const page = await reader('product.html');
    assert.match(await statusPageType(page), /Product/);
    const text = await articleText(page);
    containsAll(text, ['€89.00', 'thrown by hand in our workshop', 'cork-wrapped handle', '1.2 litres', 'not induction', '940 grams'], 'product page');
    containsNone(text, ['Cart (0)', 'Returns', 'pours beautifully', 'verified owner'], 'product page');
  });
});

describe('service page with five sections', () => {
  test('hero, features, testimonials, pricing and FAQ are all in the reader', T, async () => {
    const page = await reader('service.html');
    assert.match(await statusPageType(page), /Service/);
    const text = await articleText(page);
    containsAll(
      text,
      ['turning bare yards and tired lawns', 'Layered borders chosen for your soil', 'kept the old apple tree', 'From £6,500 including materials', 'within a forty minute drive'],
      'service page',
    );
    containsNone(text, ['Careers', 'Portfolio'], 'service page');
  });
});

describe('documentation page with a sidebar and a table of contents', () => {
  test('prose, code and table stay; sidebar, table of contents and "edit this page" go', T, async () => {
    const page = await reader('documentation.html');
    assert.match(await statusPageType(page), /Documentation/);
    const text = await articleText(page);
    containsAll(text, ['reads its settings from a file named tidewater.toml', 'poll_interval_ms = 500', 'Where rendered pages are kept between builds', 'the exit code tells scripts'], 'docs page');
    containsNone(text, ['Writing plugins', 'Command line reference', 'On this page', 'Edit this page'], 'docs page');
  });
});

describe('listing of twelve cards', () => {
  test('all twelve cards are in the reader; the sort bar and pagination are not', T, async () => {
    const page = await reader('listing.html');
    assert.match(await statusPageType(page), /Listing|Collection/);
    const text = await articleText(page);
    containsAll(
      text,
      ['Smoky aubergine dal', 'Lemon and herb roast chicken', 'Spring pea risotto', 'Miso glazed salmon', 'Chickpea and spinach stew', 'Buttermilk pancakes',
        'Roasted squash soup', 'Crispy tofu noodles', 'Tomato and bread salad', 'Slow cooked beef ragu', 'Cardamom rice pudding', 'Green shakshuka'],
      'listing',
    );
    containsNone(text, ['Sort by', 'Most popular', 'Next'], 'listing');
  });
});

describe('a news story with a column of twenty headline cards beside it', () => {
  // Whatever the classifier makes of the cards, a listing profile leaves an article with long prose beside them alone.
  test('the story is in the reader from first to last paragraph, and the headline cards are not', T, async () => {
    const text = await articleText(await reader('article-beside-cards.html'));
    containsAll(text, ['The river authority opened the Hallam weir gates', 'We lose the grazing for a month', 'the primary school on Mill Lane closed', 'A review of the flood plan'], 'story');
    containsNone(text, ['Council approves new cycle lanes', 'Museum finds lost medieval charter', 'Road resurfacing starts on Monday', 'Latest headlines'], 'story');
  });
});
