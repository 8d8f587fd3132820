/**
 * End-to-end: the reader speaks to readers (issue 36). Over every fixture page, no visible text in the reader (panel,
 * "What was removed", show-removed markers, tooltips) uses the engine's vocabulary outside the "Details" disclosures;
 * the reading settings are on the first screen at 1280 px; at 400 px the title and first paragraph are; "show
 * removed" draws collapsed markers that expand on click; a removed block is corrected with the keyboard alone.
 * Screenshots of each state go to test-screens/words/ (gitignored) for a reviewer to look at.
 *
 *   npm run build:chrome && node --import tsx --test test/e2e/reader-words.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertPlainWords, engineWords, plainErrorPage, STRAY_TEXT } from './reader-words-check';
import { launchWithExtension, openReaderFor, PAGES_DIR, ROOT, startServer, type Launched, type StaticServer } from './harness';

const T = { timeout: 120_000 };
const SCREENS = join(ROOT, 'test-screens/words');

const FIXTURES = [
  ...readdirSync(PAGES_DIR).filter((f) => f.endsWith('.html')),
  ...readdirSync(join(PAGES_DIR, 'page-types'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => `page-types/${f}`),
];

let server: StaticServer;
let browser: Launched;

before(async () => {
  mkdirSync(SCREENS, { recursive: true });
  server = await startServer();
  browser = await launchWithExtension();
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENS, `${name.replace(/[^\w.-]+/g, '_')}.png`) });
}

async function showRemoved(page: Page): Promise<void> {
  const box = page.locator('#pith-show-removed');
  if (!(await box.isChecked())) await box.click();
  await page.waitForFunction(() => document.querySelector('#pith-article .pith-removed, #pith-article .pith-removed-marker') !== null || !document.querySelector('#pith-removal-summary details'));
}

describe('the reader uses plain words on every fixture page', () => {
  for (const fixture of FIXTURES) {
    test(fixture, T, async () => {
      const s = await openReaderFor(browser, server.url(fixture));
      try {
        if (await plainErrorPage(s)) return;
        const page = s.reader;
        await page.locator('#pith-aa').waitFor({ state: 'visible', timeout: 10_000 });
        await shot(page, `${fixture}-first`);
        assert.deepEqual(await page.evaluate(`(() => { ${STRAY_TEXT} })()`), [], 'text drawn outside the panel and the article column');
        await showRemoved(page);
        await assertPlainWords(page);
        await shot(page, `${fixture}-removed`);
      } finally {
        await s.close();
      }
    });
  }
});

describe('layout for people', () => {
  const FIXTURE = 'article-with-boilerplate.html';

  test('at 1280 px the reading settings are on the first screen', T, async () => {
    const s = await openReaderFor(browser, server.url(FIXTURE));
    try {
      const page = s.reader;
      await page.setViewportSize({ width: 1280, height: 900 });
      const aa = page.locator('#pith-aa > summary');
      await aa.waitFor({ state: 'visible' });
      await aa.click();
      const size = page.locator('#pith-font-size');
      await size.waitFor({ state: 'visible' });
      const box = await size.boundingBox();
      assert.ok(box && box.y + box.height <= 900, `the text-size slider is below the first screen: ${JSON.stringify(box)}`);
      await shot(page, 'settings-1280');
      // Nothing with text drawn outside the panel and the article column.
      const stray = await page.evaluate(() => {
        const app = document.querySelector('#pith-reader')!;
        return Array.from(app.children)
          .filter((el) => !el.matches('aside.pith-panel, main.pith-main, .pith-toast, .pith-tooltip, #pith-block-correction') && (el as HTMLElement).innerText.trim() !== '')
          .map((el) => (el as HTMLElement).innerText.slice(0, 80));
      });
      assert.deepEqual(stray, [], 'text outside the reader layout');
    } finally {
      await s.close();
    }
  });

  test('at 400 px the title and the first paragraph are on the first screen', T, async () => {
    const s = await openReaderFor(browser, server.url(FIXTURE));
    try {
      const page = s.reader;
      await page.setViewportSize({ width: 400, height: 800 });
      await page.locator('#pith-aa').waitFor({ state: 'visible' });
      await page.evaluate(() => window.scrollTo(0, 0));
      const title = await page.locator('#pith-title').boundingBox();
      const first = await page.locator('#pith-article p').first().boundingBox();
      assert.ok(title && title.y >= 0 && title.y + title.height <= 800, `title off the first screen: ${JSON.stringify(title)}`);
      assert.ok(first && first.y + Math.min(first.height, 40) <= 800, `first paragraph off the first screen: ${JSON.stringify(first)}`);
      await shot(page, 'narrow-400');
      assert.deepEqual(await page.evaluate(`(() => { ${STRAY_TEXT} })()`), [], 'text drawn outside the panel and the article column at 400 px');
      await page.locator('.pith-more-button').click();
      await page.locator('#pith-removal-summary').waitFor({ state: 'visible' });
      await shot(page, 'narrow-400-more');
      await page.locator('.pith-more-button').click();
      await page.locator('#pith-aa > summary').click();
      await page.locator('#pith-font-size').waitFor({ state: 'visible' });
      await shot(page, 'narrow-400-settings');
    } finally {
      await s.close();
    }
  });

  test('show removed draws each removed run as one marker that expands on click', T, async () => {
    const s = await openReaderFor(browser, server.url(FIXTURE));
    try {
      const page = s.reader;
      await page.setViewportSize({ width: 1280, height: 900 });
      await showRemoved(page);
      const markers = page.locator('#pith-article .pith-removed-marker');
      assert.ok((await markers.count()) > 0, 'no marker drawn');
      assert.equal(await page.locator('#pith-article .pith-removed:visible').count(), 0, 'removed blocks drawn before any marker was opened');
      const marker = markers.first();
      assert.match(await marker.innerText(), /^▸?\s*[A-Z][^—]+ — \S/, 'the marker names the piece and its evidence');
      await shot(page, 'markers-collapsed');
      await marker.click();
      assert.equal(await marker.getAttribute('aria-expanded'), 'true');
      const run = await marker.getAttribute('data-pith-run');
      assert.ok((await page.locator(`#pith-article .pith-removed[data-pith-run="${run}"]:visible`).count()) > 0, 'the run did not open');
      await shot(page, 'markers-expanded');
      await marker.click();
      assert.equal(await page.locator(`#pith-article .pith-removed[data-pith-run="${run}"]:visible`).count(), 0, 'the run did not close');
    } finally {
      await s.close();
    }
  });

  test('a removed part is reached and offered "Keep this" with the keyboard alone', T, async () => {
    const s = await openReaderFor(browser, server.url(FIXTURE));
    try {
      const page = s.reader;
      await page.setViewportSize({ width: 1280, height: 900 });
      await showRemoved(page);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      // N moves between removed parts: on to the first collapsed marker.
      let focused = '';
      for (let i = 0; i < 10 && !/pith-removed-marker/.test(focused); i++) {
        await page.keyboard.press('n');
        focused = await page.evaluate(() => document.activeElement?.className ?? '');
        assert.match(focused, /pith-removed/, `N moved the focus off the removed parts (to "${focused}")`);
      }
      assert.match(focused, /pith-removed-marker/, 'N never reached a marker');
      await page.keyboard.press('Enter'); // opens the run
      await page.keyboard.press('n'); // its first removed block
      assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /pith-removed\b/);
      const blockBox = await page.evaluate(() => {
        const r = document.activeElement!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      });
      await page.keyboard.press('Enter');
      const keep = page.locator('#pith-block-correction button[data-correct="restore"]');
      await keep.waitFor({ state: 'visible', timeout: 3000 });
      assert.equal(await keep.innerText(), 'Keep this');
      assert.ok(await keep.evaluate((el) => el === document.activeElement), 'the card’s button does not have the focus');
      const card = await page.locator('#pith-block-correction').boundingBox();
      assert.ok(card && card.y >= 0 && card.y + card.height <= 900, 'the card is not on screen');
      const gap = Math.min(Math.abs(card.y - blockBox.bottom), Math.abs(card.y + card.height - blockBox.top));
      assert.ok(gap <= 20, `the card is not beside the block (${gap} px away)`);
      await shot(page, 'correction-card');
      await page.keyboard.press('Escape');
      await page.locator('#pith-block-correction').waitFor({ state: 'detached', timeout: 3000 });
    } finally {
      await s.close();
    }
  });
});

describe('what was removed says what a piece beside the article is', () => {
  test('an author box and a shop cart beside the article are named as such, not only by where they sat', T, async () => {
    const s = await openReaderFor(browser, server.url('article-beside-pieces.html'));
    try {
      const page = s.reader;
      await page.locator('#pith-removal-summary').waitFor({ state: 'attached', timeout: 10_000 });
      const groups = await page.$$eval('#pith-removal-summary details.pith-removal-group', (all) =>
        all.map((d) => ({ cause: d.getAttribute('data-cause'), text: (d.textContent ?? '').replace(/\s+/g, ' ') })),
      );
      const author = groups.find((g) => g.cause === 'author-box');
      assert.ok(author?.text.includes('About the author') && author.text.includes('Tomas Reyne'), `author box group: ${JSON.stringify(groups)}`);
      assert.ok(groups.some((g) => g.cause === 'shop-widget' && g.text.includes('Your basket is empty')), `shop controls group: ${JSON.stringify(groups)}`);
      assert.ok(!groups.some((g) => g.cause === 'outside-container' && /Tomas Reyne|basket/.test(g.text)), 'neither is left under "Beside the article"');
      await shot(page, 'article-beside-pieces-summary');
    } finally {
      await s.close();
    }
  });
});

describe('the options page for people', () => {
  for (const [width, height] of [
    [1280, 900],
    [400, 800],
  ] as const) {
    test(`at ${width} px it is readable: nothing cut off sideways, engine words only under "Advanced"`, T, async () => {
      const page = await browser.context.newPage();
      try {
        await page.setViewportSize({ width, height });
        await page.goto(`chrome-extension://${browser.extensionId}/options.html`);
        await page.locator('h1').first().waitFor({ state: 'visible', timeout: 10_000 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(SCREENS, `options-${width}.png`), fullPage: true });
        const layout = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          // Controls whose text does not fit their box (a model list cut off at "Xenova/multili").
          cut: Array.from(document.querySelectorAll<HTMLElement>('select, button, label, summary'))
            .filter((el) => {
              if (el.offsetParent === null) return false;
              if (!(el instanceof HTMLSelectElement)) return el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible';
              // A select draws its chosen option in its own box: that text's width against the box, less the arrow.
              const probe = document.createElement('span');
              probe.style.font = getComputedStyle(el).font;
              probe.style.whiteSpace = 'pre';
              probe.textContent = el.selectedOptions[0]?.textContent ?? '';
              document.body.append(probe);
              const fits = probe.getBoundingClientRect().width <= el.clientWidth - 20;
              probe.remove();
              return !fits;
            })
            .map((el) => (el.id || el.textContent || '').trim().slice(0, 40)),
          text: document.body.innerText,
        }));
        assert.ok(layout.scrollWidth <= width, `the page is wider than the window (${layout.scrollWidth} px)`);
        assert.deepEqual(layout.cut, [], 'controls whose text is cut off');
        const found = engineWords(layout.text);
        assert.equal(found, null, `engine words outside "Advanced": …${found}…`);
      } finally {
        await page.close();
      }
    });
  }
});

/** Each post of a thread in the reader: its heading and the text of its blocks, in order. */
async function threadPosts(page: Page): Promise<{ heads: string[]; posts: string[] }> {
  const heads = await page.locator('#pith-article .pith-post-meta').allInnerTexts();
  const posts = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('#pith-article .pith-post-meta')).map((meta) => {
      const n = meta.getAttribute('data-pith-post');
      return [meta.innerText, ...Array.from(document.querySelectorAll<HTMLElement>(`#pith-article [data-pith-post="${n}"]:not(.pith-post-meta)`)).map((el) => el.innerText)].join('\n');
    }),
  );
  return { heads, posts };
}

/** Whether the first comment fold sits between the heading of post `post` (0 = the first) and the next post's. */
async function firstFoldUnderPost(page: Page, post: number): Promise<boolean> {
  return page.locator('#pith-article details.pith-post-comments').first().evaluate((d, n) => {
    const [own, next] = Array.from(document.querySelectorAll('#pith-article .pith-post-meta')).slice(n, n + 2);
    return !!own && !!next && (own.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && (next.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  }, post);
}

/** Opens a thread fixture in the reader at 1280 px, waits for the post headings and takes a screenshot. */
async function openThread(fixture: string, screen: string): Promise<{ s: Awaited<ReturnType<typeof openReaderFor>>; page: Page; heads: string[]; posts: string[] }> {
  const s = await openReaderFor(browser, server.url(fixture));
  const page = s.reader;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('#pith-article .pith-post-meta').first().waitFor({ state: 'visible', timeout: 10_000 });
  await shot(page, screen);
  return { s, page, ...(await threadPosts(page)) };
}

describe('a Q&A thread reads as a thread', () => {
  test('the question first, then the answers in order, each headed and with its author; badges removed; comments folded under their post', T, async () => {
    const { s, page, heads, posts } = await openThread('qa-thread.html', 'qa-thread');
    try {
      assert.deepEqual(
        heads.map((h) => h.split(' · ')[0]),
        ['Question', 'Answer 1 of 3', 'Answer 2 of 3', 'Answer 3 of 3'],
        `post headings: ${JSON.stringify(heads)}`,
      );
      // Each post's author is in its heading or on the line under it, and the posts are in the page's order.
      const expected = [
        ['wren_abbott', 'smells sharply of nail polish remover'],
        ['ines_marlow', 'Your starter is hungry, not spoiled'],
        ['ottilie_brand', 'Another thing worth trying is a cooler spot'],
        ['basil_crumb', 'use less starter in each feed'],
      ];
      expected.forEach(([author, words], i) => {
        assert.ok(posts[i]?.includes(words!), `post ${i + 1} does not hold "${words}": ${posts[i]}`);
        assert.ok(posts[i]!.split('\n').slice(0, 2).some((line) => line.includes(author!)), `post ${i + 1} is not headed by ${author}: ${posts[i]}`);
      });
      const text = await page.locator('#pith-article').innerText();
      assert.doesNotMatch(text, /badges|reputation/i, 'member details (badges, reputation) in the reader');
      // Comments: one collapsed disclosure under the question (2) and under the first answer (1).
      const folds = page.locator('#pith-article details.pith-post-comments');
      assert.deepEqual(await folds.locator('summary').allInnerTexts(), ['2 comments', '1 comment']);
      assert.doesNotMatch(text, /What temperature is your kitchen/, 'a comment is shown before it is opened');
      assert.ok(await firstFoldUnderPost(page, 0), 'the question’s comments are not between the question and the first answer');
      await folds.first().locator('summary').click();
      assert.match(await folds.first().innerText(), /What temperature is your kitchen/);
      await shot(page, 'qa-thread-comments');
    } finally {
      await s.close();
    }
  });

  test('Stack Exchange-like markup: the question in its own element before the answers, author cards with reputation and badges, an editor’s card, vote cells, comment lists', T, async () => {
    const { s, page, heads, posts } = await openThread('comments/qa-question-card.html', 'qa-question-card');
    try {
      // Headed by the asker and each answerer, never by the editor (Jonas Ekberg) or a commenter.
      assert.deepEqual(
        heads.map((h) => h.split(' · ').slice(0, 2).join(' · ')),
        ['Question · Priya Raman', 'Answer 1 of 3 · Henrik Vos', 'Answer 2 of 3 · maddie_cycles', 'Answer 3 of 3 · Old Spoke'],
        `post headings: ${JSON.stringify(heads)}`,
      );
      ['fitted a new eleven-speed chain', 'Your cassette is worn', 'check the joining link', 'swapping only the worn sprockets'].forEach((words, i) => {
        assert.ok(posts[i]?.includes(words), `post ${i + 1} does not hold "${words}": ${posts[i]}`);
      });
      const text = await page.locator('#pith-article').innerText();
      assert.doesNotMatch(text, /badges?|reputation|48\.2k|91\.5k|1,317|Jonas Ekberg|Improve this|Add a comment/i, 'member details, an editor or post controls in the reader');
      // The page's byline is the asker's author card: the header shows the name without the counts run into it.
      assert.equal((await page.locator('#pith-byline').innerText()).trim(), 'Priya Raman');
      // Each answer's comments folded under it; the question's comments stay removed, as the engine decided.
      const folds = page.locator('#pith-article details.pith-post-comments');
      assert.deepEqual(await folds.locator('summary').allInnerTexts(), ['1 comment', '2 comments']);
      assert.ok(await firstFoldUnderPost(page, 1), 'the first answer’s comment is not between the first and the second answer');
      assert.doesNotMatch(text, /New cassette fitted this morning|small sprockets you ride most often/, 'a comment is shown before it is opened, or the question’s comments are shown');
      await folds.first().locator('summary').click();
      assert.match(await folds.first().innerText(), /New cassette fitted this morning/);
      await shot(page, 'qa-question-card-comments');
    } finally {
      await s.close();
    }
  });
});

