/**
 * End to end in real Chromium with the built extension: an article built from web components (open and closed
 * shadow roots, named and default slots that reorder the light DOM) and an article inside a same-origin iframe are
 * read whole and in rendered order; a cross-origin frame is named in the record as not read.
 *   npm run build --silent && node --import tsx --test test/e2e/shadow-frames.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchWithExtension, openReaderFor, servePages, type Launched, type StaticServer } from './harness';

const T = { timeout: 90_000 };

const LEDE = 'The lighthouse keepers of the northern cape kept a logbook for ninety years without missing a night.';
const BODY = [
  'Each entry records the wind, the state of the sea and the ships that passed within sight of the lamp.',
  'Historians have now transcribed the whole run, and the weather it describes matches the modern records closely.',
  'The last keeper left in nineteen eighty-one, when the lamp was automated and the cottage became a museum.',
];
const CLOSED_QUOTE = 'The keepers wrote that they never once let the lamp go dark, not even in the great storm of the winter of sixty-three.';
const FRAME_TEXT = [
  'The ferry timetable for the islands changes twice a year, in April and in October, with the tourist season.',
  'In summer the first boat leaves the harbour at six, and the last one returns a little after ten at night.',
  'Winter crossings are fewer, and in a gale the harbour master may cancel them all with an hour of warning.',
];

// A Lit-like component: the template lives in the shadow root, the article's text is slotted in from the light DOM,
// and the named "lede" slot comes first although the lede is written last.
const COMPONENT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The keepers' logbook</title>
<style>body{margin:0;font:18px/1.6 Georgia,serif} nav{display:flex;gap:20px;padding:12px;background:#223} nav a{color:#fff}</style></head>
<body>
<nav><a href="/">Home</a><a href="/news">News</a><a href="/sport">Sport</a><a href="/weather">Weather</a><a href="/login">Sign in</a></nav>
<story-article>
  <h1 slot="title">The keepers' logbook</h1>
  ${BODY.map((p) => `<p>${p}</p>`).join('\n  ')}
  <p slot="lede">${LEDE}</p>
</story-article>
<script>
  customElements.define('story-article', class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'open' }).innerHTML =
        '<style>:host{display:block;max-width:720px;margin:40px auto}</style>' +
        '<article><header><slot name="title"></slot></header><div class="lede"><slot name="lede"></slot></div>' +
        '<div class="body"><slot></slot><keeper-memory></keeper-memory></div></article>';
    }
  });
  customElements.define('keeper-memory', class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'closed' }).innerHTML = '<style>:host{display:block}</style><p>${CLOSED_QUOTE}</p>';
    }
  });
</script>
</body></html>`;

function framePage(crossOrigin: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Island ferries</title>
<style>body{margin:0;font:18px/1.6 Georgia,serif} iframe{border:0;display:block} .story{width:760px;height:900px;margin:20px auto} .ad{width:300px;height:250px}</style></head>
<body><nav><a href="/">Home</a><a href="/travel">Travel</a><a href="/maps">Maps</a></nav>
<iframe class="story" src="/story.html" title="Story"></iframe>
<iframe class="ad" src="${crossOrigin}/ad.html" title="Advertisement"></iframe>
</body></html>`;
}

const STORY = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Island ferries</title>
<style>body{margin:0;font:18px/1.6 Georgia,serif}</style></head>
<body><article><h1>Island ferries</h1>${FRAME_TEXT.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;

const AD = `<!DOCTYPE html><html><body><p>Buy the all-island pass today and save on every crossing this season.</p></body></html>`;

async function articleText(page: Page): Promise<string> {
  return page.$eval('#pith-article', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));
}

async function downloaded(page: Page, format: 'md' | 'json'): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.locator(`button[data-export="${format}"]`).click()]);
  return readFileSync((await download.path()) as string, 'utf8');
}

describe('web components and frames', () => {
  let browser: Launched;
  let server: StaticServer;

  before(async () => {
    server = await servePages({ 'components.html': COMPONENT_PAGE });
    browser = await launchWithExtension();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('a web-component article is read from its shadow roots, in rendered order, closed roots too', T, async () => {
    const session = await openReaderFor(browser, server.url('/components.html'));
    try {
      assert.equal(session.outcome, 'article');
      const text = await articleText(session.reader);
      for (const p of [LEDE, ...BODY]) assert.ok(text.includes(p), `missing: ${p}\n${text}`);
      assert.ok(text.indexOf(LEDE) < text.indexOf(BODY[0]), 'the lede slot is drawn before the body slot');
      assert.ok(text.includes(CLOSED_QUOTE), `closed shadow root not read:\n${text}`);
      assert.ok(!text.includes('Sign in'), 'the nav bar is removed');
      const md = await downloaded(session.reader, 'md');
      assert.ok(md.includes(LEDE) && md.includes(BODY[2]), md);
      // The removed nav says why in its tooltip.
      await session.reader.locator('#pith-show-removed').check();
      await session.reader.locator('#pith-open-removed').click();
      const nav = session.reader.locator('#pith-article .pith-removed').filter({ hasText: 'Weather' }).first();
      await nav.hover();
      const tooltip = session.reader.locator('[role=tooltip].pith-tooltip');
      await tooltip.waitFor({ state: 'visible', timeout: 5_000 });
      assert.match(await tooltip.innerText(), /\w+/);
    } finally {
      await session.close();
    }
  });

  test('an article in a same-origin iframe is read; a cross-origin frame is named as not read', T, async () => {
    const crossOrigin = server.origin.replace('127.0.0.1', 'localhost');
    const page = framePage(crossOrigin);
    const frames = await servePages({ 'frames.html': page, 'story.html': STORY, 'ad.html': AD });
    try {
      const session = await openReaderFor(browser, frames.url('/frames.html'));
      try {
        assert.equal(session.outcome, 'article');
        const text = await articleText(session.reader);
        for (const p of FRAME_TEXT) assert.ok(text.includes(p), `missing: ${p}\n${text}`);
        assert.ok(!text.includes('all-island pass'), 'the cross-origin frame is not read');
        const json = JSON.parse(await downloaded(session.reader, 'json')) as { runs: { path: string; note?: string }[] };
        const run = json.runs.find((r) => r.path === 'snapshot:frames');
        assert.ok(run, JSON.stringify(json.runs));
        assert.match(run.note ?? '', /1 frame read; 1 not read \(.*ad\.html: cross-origin/);
      } finally {
        await session.close();
      }
    } finally {
      await frames.close();
    }
  });
});
