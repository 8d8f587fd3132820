/**
 * End-to-end (Chromium, built extension): the reading features of issue 37. Read aloud queues the article's
 * sentences in order with its language and moves the highlight on boundary events (speechSynthesis replaced by a
 * test double in the reader page: headless browsers have no voices); a highlight survives closing and reopening the
 * reader and is in the Markdown export; removed comments shown on request; a three-page article read to its end
 * with one click per page, in a browser without host access (only the click's), and a highlight made in page 2
 * that the reopened reader lists as on page 2, exports, and draws again once page 2 is loaded; auto-open asking for
 * the one origin and opening the reader on the next load of that site. None of the reading features' files is
 * requested before the article's text is painted.
 *
 *   npx wxt build && node --import tsx --test test/e2e/reading.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { EXT_DIR, firstTextPaint, launchWithExtension, openReaderFor, startServer, TEST_HOST_PERMISSIONS, type Launched, type StaticServer } from './harness';
import { downloadExport } from './export-download';
import { installSpeechDouble, spoken, fireBoundary, finishUtterance, highlighted, highlightedSentence } from './speech-double';

const T = { timeout: 90_000 };

let server: StaticServer;
let browser: Launched | undefined;

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(fixture: string) {
  assert.ok(browser);
  const session = await openReaderFor(browser, server.url(fixture));
  assert.equal(session.outcome, 'article', `the reader shows #pith-error for ${fixture}`);
  return session;
}

/** Selects `passage` inside the article's (or `root`'s) first element that holds it, as a user dragging over it would. */
async function selectInArticle(reader: Page, passage: string, root = '#pith-article'): Promise<void> {
  await reader.evaluate(([text, rootSelector]) => {
    const article = document.querySelector(rootSelector)!;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n as Text).data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + text.length);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`not in the article: ${text}`);
  }, [passage, root] as const);
}

describe('read aloud', () => {
  test('queues title, sentences and caption in order with the page language, names the code block, and moves the highlight', T, async () => {
    const s = await open('read-aloud-article.html');
    try {
      await s.reader.locator('#pith-read-toggle').waitFor({ timeout: 10_000 });
      await installSpeechDouble(s.reader);
      await s.reader.locator('#pith-read-toggle').click();
      let said = await spoken(s.reader);
      assert.equal(said.length, 1, 'one sentence is spoken at a time');
      assert.equal(said[0].text, 'How lighthouses got their lenses');
      assert.equal(said[0].lang, 'en-GB');
      // Read to the end, one utterance after the other.
      for (let i = 0; i < 40; i++) {
        said = await spoken(s.reader);
        if (!(await finishUtterance(s.reader))) break;
      }
      said = await spoken(s.reader);
      const texts = said.map((u) => u.text);
      const expected = [
        'How lighthouses got their lenses',
        'Before the nineteenth century, lighthouses burned wood or coal in open fires.',
        'Their light reached only a few miles out to sea.',
        'Ships still ran aground within sight of the coast.',
        'In 1822 Augustin Fresnel showed a lens made of concentric rings of glass.',
      ];
      assert.deepEqual(texts.slice(0, expected.length), expected);
      assert.ok(texts.includes('A first-order Fresnel lens, taller than a keeper.'), 'the caption is read');
      assert.ok(texts.includes('A code block of 2 lines, not read aloud.'), 'the code block is named');
      assert.ok(!texts.some((t) => t.includes('sqrt')), 'the code itself is not read');
      assert.ok(texts.indexOf('A code block of 2 lines, not read aloud.') > texts.indexOf('A first-order Fresnel lens, taller than a keeper.'));
      assert.equal(texts.at(-1), 'Some have been moved into museums, where visitors can stand inside them.');
      assert.ok(!texts.some((t) => /Copyright|Home/.test(t)), 'removed parts are not read');
      assert.ok(said.every((u) => u.lang === 'en-GB'));
    } finally {
      await s.close();
    }
  });

  test('the sentence and the word being read are highlighted; next and previous move by sentence', T, async () => {
    const s = await open('read-aloud-article.html');
    try {
      await s.reader.locator('#pith-read-toggle').waitFor({ timeout: 10_000 });
      await installSpeechDouble(s.reader);
      await s.reader.locator('#pith-read-toggle').click();
      await finishUtterance(s.reader); // the title
      let shown = await highlighted(s.reader);
      assert.equal(shown.sentence, 'Before the nineteenth century, lighthouses burned wood or coal in open fires.');
      await fireBoundary(s.reader, 11, 10); // "nineteenth"
      shown = await highlighted(s.reader);
      assert.equal(shown.word, 'nineteenth');
      await fireBoundary(s.reader, 31); // Firefox reports no length: "lighthouses"
      assert.equal((await highlighted(s.reader)).word, 'lighthouses');
      await s.reader.keyboard.press('l');
      assert.equal(await highlightedSentence(s.reader, 'Their light reached only a few miles out to sea.'), 'Their light reached only a few miles out to sea.');
      assert.equal((await spoken(s.reader)).at(-1)?.text, 'Their light reached only a few miles out to sea.');
      await s.reader.locator('#pith-read-previous').click();
      const first = 'Before the nineteenth century, lighthouses burned wood or coal in open fires.';
      assert.equal(await highlightedSentence(s.reader, first), first);
      await s.reader.keyboard.press('k');
      assert.equal(await s.reader.locator('#pith-read-toggle').textContent(), 'Resume');
    } finally {
      await s.close();
    }
  });
});

describe('highlights', () => {
  test('a highlight made in the reader is back after closing and reopening it, and is in the Markdown export', T, async () => {
    const passage = 'concentric rings of glass';
    const first = await open('read-aloud-article.html');
    try {
      await first.reader.locator('#pith-highlights-heading').waitFor({ timeout: 10_000 });
      await selectInArticle(first.reader, passage);
      await first.reader.locator('.pith-highlight-toolbar button[data-highlight-color="green"]').click();
      const mark = first.reader.locator('#pith-article mark.pith-hl');
      await mark.first().waitFor({ timeout: 5_000 });
      assert.equal(await mark.textContent(), passage);
      await first.reader.locator('.pith-highlight-item textarea').fill('Fresnel, 1822');
      await first.reader.locator('.pith-highlight-item textarea').blur();
      await first.reader.waitForTimeout(300);
    } finally {
      await first.close();
    }
    const again = await open('read-aloud-article.html');
    try {
      const mark = again.reader.locator('#pith-article mark.pith-hl-green');
      await mark.first().waitFor({ timeout: 10_000 });
      assert.equal(await mark.textContent(), passage);
      assert.equal(await again.reader.locator('.pith-highlight-item textarea').inputValue(), 'Fresnel, 1822');
      const markdown = await downloadExport(again.reader, 'md');
      assert.match(markdown, /## Highlights\n\n- ==concentric rings of glass==\[\^h1\]/);
      assert.match(markdown, /\[\^h1\]: Fresnel, 1822/);
      const json = JSON.parse(await downloadExport(again.reader, 'json'));
      assert.equal(json.highlights[0].target.selector[0].exact, passage);
      assert.equal(json.highlights[0].target.selector[0].type, 'TextQuoteSelector');
    } finally {
      await again.close();
    }
    // Every page's highlights, exported together from the options page.
    const options = await browser!.context.newPage();
    try {
      await options.goto(`chrome-extension://${browser!.extensionId}/options.html`);
      const button = options.locator('#pith-export-highlights:not([disabled])');
      await button.waitFor({ timeout: 10_000 });
      const [download] = await Promise.all([options.waitForEvent('download', { timeout: 15_000 }), button.click()]);
      const all = JSON.parse(await readFile(await download.path(), 'utf8'));
      assert.equal(all.pages[0].url, server.url('read-aloud-article.html'));
      assert.equal(all.pages[0].highlights[0].anchor.quote.exact, passage);
    } finally {
      await options.close();
    }
  });
});

describe('comments on request', () => {
  test('the removed comment section is offered at the end of the article and shown with author and date', T, async () => {
    const s = await open('blog-with-comments.html');
    try {
      const article = await s.reader.locator('#pith-article').textContent();
      assert.ok(!article?.includes('pigeons'), 'the comments are not in the article');
      const toggle = s.reader.locator('#pith-comments-toggle');
      await toggle.waitFor({ timeout: 10_000 });
      assert.equal(await toggle.textContent(), 'Show 3 comments');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await s.reader.locator('.pith-comment').count(), 0, 'collapsed until asked');
      await toggle.click();
      const comments = s.reader.locator('.pith-comment');
      assert.equal(await comments.count(), 3);
      assert.equal(await comments.nth(0).locator('.pith-comment-author').textContent(), 'Priya');
      assert.equal(await comments.nth(1).locator('time').getAttribute('datetime'), '2026-06-05T18:40');
      assert.match((await comments.nth(1).textContent()) ?? '', /blowing over in a storm/);
      await s.reader.locator('#pith-comments-always').check();
      await s.reader.waitForTimeout(300);
    } finally {
      await s.close();
    }
    const again = await open('blog-with-comments.html');
    try {
      await again.reader.locator('.pith-comment').first().waitFor({ timeout: 10_000 });
      assert.equal(await again.reader.locator('#pith-comments-toggle').getAttribute('aria-expanded'), 'true', 'remembered for the site');
    } finally {
      await again.close();
    }
  });
});

describe('auto-open per site', () => {
  test('turning it on asks for that one origin, and the next article load on the site opens the reader', T, async () => {
    assert.ok(browser);
    const s = await open('read-aloud-article.html');
    const asked: string[][] = [];
    try {
      await s.reader.exposeFunction('pithTestAsked', (origins: string[]) => asked.push(origins));
      await s.reader.evaluate(() => {
        const permissions = (globalThis as any).chrome.permissions;
        const request = permissions.request.bind(permissions);
        permissions.request = (p: { origins?: string[] }) => {
          void (globalThis as any).pithTestAsked(p.origins ?? []);
          return request(p);
        };
      });
      await s.reader.locator('#pith-auto-open').check();
      await s.reader.waitForTimeout(500);
      assert.deepEqual(asked, [['http://127.0.0.1/*']], 'the one site, without its port (Firefox ignores patterns with one)');
      assert.equal(await s.reader.locator('#pith-auto-open').isChecked(), true);
    } finally {
      await s.close();
    }
    const readers = () => browser!.context.pages().filter((p) => p.url().includes('/reader.html?tab='));
    const before = readers().length;
    const page = await browser.context.newPage();
    try {
      await page.goto(server.url('blog-with-comments.html'));
      const deadline = Date.now() + 15_000;
      while (readers().length === before && Date.now() < deadline) await page.waitForTimeout(100);
      const reader = readers().at(-1);
      assert.ok(reader && readers().length > before, 'a reader tab opened by itself');
      await reader.waitForSelector('#pith-article', { timeout: 15_000 });
      assert.match((await reader.locator('#pith-title').textContent()) ?? '', /tomatoes on a balcony/);
      await reader.close();
      // Another site (localhost is another origin) does not open the reader.
      await page.goto(server.url('read-aloud-article.html').replace('127.0.0.1', 'localhost'));
      await page.waitForTimeout(2_000);
      assert.equal(readers().length, before, 'no reader for a site not in the list');
      await page.goto(`chrome-extension://${browser.extensionId}/options.html`);
      await page.locator('#pith-auto-open-sites li').first().waitFor({ timeout: 10_000 });
      assert.ok(((await page.locator('#pith-auto-open-sites').textContent()) ?? '').includes(new URL(server.origin).host), 'the site is listed in the options');
    } finally {
      await page.close();
    }
  });
});

describe('multi-page articles, with only the access the click grants', () => {
  let clickOnly: Launched | undefined;
  before(async () => {
    clickOnly = await launchWithExtension({
      manifest: (m) => {
        m.host_permissions = ((m.host_permissions as string[]) ?? []).filter((h) => !TEST_HOST_PERMISSIONS.includes(h));
      },
    });
  }, { timeout: 300_000 });
  after(async () => {
    await clickOnly?.close();
  });

  test('a three-page article is read to its end with one click per page', T, async () => {
    assert.ok(clickOnly);
    const s = await openReaderFor(clickOnly, server.url('canal-1.html'), { fire: 'click' });
    try {
      assert.equal(s.outcome, 'article');
      const next = s.reader.locator('#pith-next-page');
      await next.waitFor({ timeout: 10_000 });
      assert.equal(await next.textContent(), 'Load the next page (page 2)');
      await next.click();
      await s.reader.locator('#pith-page-2').waitFor({ timeout: 20_000 });
      await s.reader.locator('#pith-next-page:not([disabled])').waitFor({ timeout: 20_000 });
      await next.click();
      await s.reader.locator('#pith-page-3').waitFor({ timeout: 20_000 });
      await s.reader.locator('.pith-pages-end').waitFor({ timeout: 10_000 });
      assert.equal(await next.count(), 0, 'no button after the last page');
      const pages = await s.reader.locator('.pith-next-page-article').allTextContents();
      assert.equal(pages.length, 2);
      assert.match(pages[0], /limestone ridge/);
      assert.match(pages[1], /first boat carried coal/);
      assert.ok(!pages.join(' ').includes('Local History Quarterly'), 'appended pages are cleaned like the first');
      assert.equal(await s.reader.evaluate(() => document.activeElement?.id), 'pith-page-3', 'focus moves to the page just loaded');
    } finally {
      await s.close();
    }
  });

  test('a highlight made in page 2 is listed as on page 2 when the reader reopens, is exported, and is drawn once page 2 is loaded', T, async () => {
    assert.ok(clickOnly);
    const passage = 'blast, and the work';
    const first = await openReaderFor(clickOnly, server.url('canal-1.html'), { fire: 'click' });
    try {
      await first.reader.locator('#pith-highlights-heading').waitFor({ timeout: 10_000 });
      await first.reader.locator('#pith-next-page').click();
      await first.reader.locator('#pith-page-2').waitFor({ timeout: 20_000 });
      await selectInArticle(first.reader, passage, '.pith-next-page-article');
      await first.reader.locator('.pith-highlight-toolbar button[data-highlight-color="blue"]').click();
      const mark = first.reader.locator('.pith-next-page-article mark.pith-hl-blue');
      await mark.waitFor({ timeout: 5_000 });
      assert.equal(await mark.textContent(), passage);
      assert.equal(await first.reader.locator('.pith-highlight-item .pith-highlight-page').textContent(), 'On page 2');
      await first.reader.waitForTimeout(300);
    } finally {
      await first.close();
    }
    const again = await openReaderFor(clickOnly, server.url('canal-1.html'), { fire: 'click' });
    try {
      const item = again.reader.locator('.pith-highlight-item');
      await item.locator('.pith-highlight-orphan').waitFor({ timeout: 10_000 });
      assert.match((await item.textContent()) ?? '', /On page 2, not loaded yet/);
      assert.equal(await again.reader.locator('mark.pith-hl').count(), 0, 'not drawn on page 1');
      const markdown = await downloadExport(again.reader, 'md');
      assert.match(markdown, /## Highlights\n\n- ==blast, and the work== \(page 2\)\n/);
      await again.reader.locator('#pith-next-page').click();
      const mark = again.reader.locator('.pith-next-page-article mark.pith-hl-blue');
      await mark.waitFor({ timeout: 20_000 });
      assert.equal(await mark.textContent(), passage);
      assert.doesNotMatch((await item.textContent()) ?? '', /not loaded/);
    } finally {
      await again.close();
    }
  });
});

/** The build's files a chunk imports statically (`import … from "./x.js"`), and theirs, as paths in the build. */
function staticClosure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(EXT_DIR, file), 'utf8');
    for (const m of code.matchAll(/\bimport\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) visit(posix.join(posix.dirname(file), m[1]));
  };
  start.forEach(visit);
  return seen;
}

/** The reading features' own files: the lazily loaded ReadingTools chunk, its stylesheet, and what only it imports. */
function readingFiles(): string[] {
  const chunks = readdirSync(join(EXT_DIR, 'chunks')).map((n) => `chunks/${n}`);
  const named = (prefix: string) => chunks.filter((c) => c.startsWith(`chunks/${prefix}-`) && c.endsWith('.js'));
  const tools = named('ReadingTools');
  assert.equal(tools.length, 1, 'the build has one ReadingTools chunk');
  const eager = staticClosure([...named('reader'), ...named('show-reader'), ...named('App')]);
  const styles = readdirSync(join(EXT_DIR, 'assets')).filter((n) => n.startsWith('ReadingTools-')).map((n) => `assets/${n}`);
  return [...[...staticClosure(tools)].filter((f) => !eager.has(f)), ...styles];
}

describe('nothing of the reading features loads before the article is painted', () => {
  test('the reader requests the reading files only after the article text is on screen', T, async () => {
    const reading = readingFiles();
    assert.ok(reading.length >= 2, `reading files: ${reading.join(', ')}`);
    // The extension's files each page requests: when the browser started the request (DevTools' wall time, ms since
    // the epoch) for requests made once DevTools is attached to the new page, else when this process heard of it
    // (a little after the browser started it).
    const requested: { path: string; at: number }[] = [];
    const started = new Map<string, number>();
    const extensionPath = (url: string): string | null => (url.startsWith('chrome-extension:') ? new URL(url).pathname.slice(1) : null);
    const record = (request: Request): void => {
      const path = extensionPath(request.url());
      if (path) requested.push({ path, at: Date.now() });
    };
    const watch = async (page: Page): Promise<void> => {
      const devtools = await browser!.context.newCDPSession(page);
      devtools.on('Network.requestWillBeSent', (e) => {
        const path = extensionPath(e.request.url);
        if (path && e.wallTime) started.set(path, e.wallTime * 1000);
      });
      await devtools.send('Network.enable');
    };
    const onPage = (page: Page): void => void watch(page).catch(() => undefined);
    browser!.context.on('request', record);
    browser!.context.on('page', onPage);
    try {
      // On a busy machine DevTools may attach to the reader after its requests: then its times are unknown, so read again.
      for (let attempt = 1; ; attempt++) {
        requested.length = 0;
        started.clear();
        const s = await open('canal-1.html');
        try {
          await s.reader.locator('#pith-next-page').waitFor({ timeout: 10_000 }); // the reading tools are in
          const tools = [...started.keys()].find((path) => path.startsWith('chunks/ReadingTools-'));
          if (!tools && attempt < 3) continue;
          assert.ok(tools, `the ReadingTools request was seen by DevTools: ${[...started.keys()].join(', ')}`);
          const painted = await firstTextPaint(s.reader);
          assert.ok(painted, 'the browser reported when the article text was painted');
          const when = requested.map((r) => ({ path: r.path, at: started.get(r.path) ?? r.at }));
          const early = when.filter((r) => reading.includes(r.path) && r.at < painted);
          assert.deepEqual(early, [], `requested before the paint: ${JSON.stringify(when.map((r) => [r.path, Math.round(r.at - painted)]))}`);
          break;
        } finally {
          await s.close();
        }
      }
    } finally {
      browser!.context.off('request', record);
      browser!.context.off('page', onPage);
    }
  });
});
