/**
 * End to end in real Chromium with the built extension: pages that change under the reader or are far too large.
 * A page of 200,000 elements is read in part and says so; a page that rewrites its body while it is read, a
 * single-page app that navigated after load, and a page whose body is empty until its scripts run are each read as
 * they are shown, or get a message that says why not.
 *   npm run build --silent && node --import tsx --test test/e2e/live-pages.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { downloadExport } from './export-download';
import { firstTextPaint, launchWithExtension, openReaderFor, servePages, type Launched, type StaticServer } from './harness';

const T = { timeout: 300_000 };
const STORY_A = [
  'The harbour master counts the fishing boats each evening and writes their names on a board by the pier.',
  'When a boat is late the board stays lit, and neighbours gather on the quay with lamps until it comes home.',
];
const STORY_B = [
  'The lighthouse keeper’s logbooks, kept for ninety years, record every storm that reached the northern cape.',
  'Historians now read them to learn how often the winter gales arrived before the first frost of the year.',
  'The last keeper left in 1989, but the logbooks stayed in the tower until the museum asked for them.',
];
const paragraphs = (ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('');
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${head}<style>body{font:18px/1.6 serif;margin:0 auto;max-width:720px}</style></head><body>${body}</body></html>`;

/** 200,000 elements: a short article, then 20,000 paragraphs of nine bold words each (1.6 MB). */
function hugePage(): string {
  const row = `<p>${'<b>word</b> '.repeat(9)}</p>`;
  return page('<title>A page far too large</title>', `<article><h1>A page far too large</h1>${paragraphs(STORY_A)}${row.repeat(20_000)}</article>`);
}

const SPA = page(
  `<title>Story A: the harbour</title><meta property="og:title" content="Story A: the harbour"><link rel="canonical" href="/app.html"><meta name="description" content="About the harbour.">`,
  `<main id="app"><article><h1>Story A: the harbour</h1>${paragraphs(STORY_A)}</article></main>
<script>
addEventListener('load', () => {
  // The app navigates without a page load and leaves the head describing the first view.
  history.pushState({}, '', '/app/lighthouse-logbooks');
  document.title = 'Story B: the lighthouse logbooks';
  document.getElementById('app').innerHTML = '<article><h1>Story B: the lighthouse logbooks</h1>${paragraphs(STORY_B).replace(/'/g, "\\'")}</article>';
});
</script>`,
);

/** Re-renders its whole body every 5 ms (fresh nodes, a ticking counter), and again on any change to <html> or <body>. */
const RESTLESS = page(
  '<title>Story B: the lighthouse logbooks</title>',
  `<script>
let tick = 0;
const render = () => {
  tick++;
  document.body.innerHTML = '<article><h1>Story B: the lighthouse logbooks</h1><p class="updated">Updated ' + tick + ' times.</p>${paragraphs(STORY_B).replace(/'/g, "\\'")}</article>';
};
render();
setInterval(render, 5);
new MutationObserver(render).observe(document.documentElement, { attributes: true });
new MutationObserver(render).observe(document.body, { attributes: true });
</script>`,
);

/** An app shell: the body is empty until its script `fill()` runs (the test calls it once Pith is reading). */
const LATE = page(
  '<title>Story B: the lighthouse logbooks</title>',
  `<div id="root"></div><script>
window.fill = () => {
  document.getElementById('root').innerHTML = '<article><h1>Story B: the lighthouse logbooks</h1>${paragraphs(STORY_B).replace(/'/g, "\\'")}</article>';
};
</script>`,
);

/** An app shell whose script never fills it in. */
const NEVER = page('<title>Loading</title>', '<div id="root"></div><script>/* the bundle failed to load */</script>');

describe('live and oversized pages', () => {
  let browser: Launched;
  let server: StaticServer;

  before(async () => {
    server = await servePages({
      'huge.html': hugePage(),
      'small.html': page('<title>Story A: the harbour</title>', `<article><h1>Story A: the harbour</h1>${paragraphs(STORY_A)}</article>`),
      'app.html': SPA,
      'restless.html': RESTLESS,
      'late.html': LATE,
      'never.html': NEVER,
    });
    browser = await launchWithExtension();
    // A 200,000-element page takes long to load on a busy machine (the reader's time is measured from the click).
    browser.context.setDefaultNavigationTimeout(240_000);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const readerText = (session: Awaited<ReturnType<typeof openReaderFor>>) =>
    session.reader.$eval('#pith-reader', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));

  /**
   * Click to the full reader's article (or error), and to the first screen of text painted (Element Timing), in ms;
   * the page is loaded and on screen before the clock starts.
   */
  async function timedRead(path: string) {
    const session = await openReaderFor(browser, server.url(path), { timeout: 240_000, afterPagePainted: true });
    // openReaderFor also loads the page: take its load out by timing from the reader tab's own start.
    const { ms, startedAt } = await session.reader.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const start = nav ? nav.startTime : 0;
      return { ms: performance.now() - start, startedAt: performance.timeOrigin + start };
    });
    const textPainted = await firstTextPaint(session.reader);
    return { session, ms, textMs: textPainted === null ? null : textPainted - startedAt };
  }

  test('a page of 200,000 elements is read in part and says so (click-to-article time logged beside a small page’s)', T, async (t) => {
    const small = await timedRead('/small.html');
    await small.session.close();
    const { session, ms, textMs } = await timedRead('/huge.html');
    try {
      assert.equal(session.outcome, 'article');
      const text = await readerText(session);
      for (const p of STORY_A) assert.ok(text.includes(p), text.slice(0, 2000));
      const warning = await session.reader.$eval('#pith-warning', (el) => el.textContent ?? '');
      assert.match(warning, /This page is very large: Pith read its first [\d,]+ elements \([\d,]+ blocks\).*; the rest is not shown\./);
      const elements = Number(/first ([\d,]+) elements/.exec(warning)![1].replace(/,/g, ''));
      assert.ok(elements < 200_000, warning);
      const fmt = (n: number | null) => (n === null ? 'not reported' : `${Math.round(n)} ms`);
      t.diagnostic(
        `reader open to its text painted: small page ${fmt(small.textMs)}, 200,000-element page ${fmt(textMs)}; ` +
          `to the full reader: small page ${fmt(small.ms)}, 200,000-element page ${fmt(ms)} (${warning})`,
      );
    } finally {
      await session.close();
    }
  });

  test('a page that rewrites its body while it is read gives the whole article once', T, async () => {
    const { session } = await timedRead('/restless.html');
    try {
      assert.equal(session.outcome, 'article');
      const text = await readerText(session);
      for (const p of STORY_B) {
        assert.equal(text.split(p).length - 1, 1, `"${p.slice(0, 40)}…" should appear once: ${text}`);
      }
    } finally {
      await session.close();
    }
  });

  test('a single-page app that navigated after load: the reader reads the current view, its address and title', T, async () => {
    const { session } = await timedRead('/app.html');
    try {
      assert.equal(session.outcome, 'article');
      const text = await readerText(session);
      for (const p of STORY_B) assert.ok(text.includes(p), text);
      for (const p of STORY_A) assert.ok(!text.includes(p), `the view left behind is not read: ${text}`);
      assert.equal((await session.reader.locator('#pith-title').innerText()).trim(), 'Story B: the lighthouse logbooks');
      const json = JSON.parse(await downloadExport(session.reader, 'json')) as { url: string };
      assert.match(json.url, /^http:\/\/127\.0\.0\.1:\d+\/app\/lighthouse-logbooks$/);
      assert.ok(!JSON.stringify(json).includes('About the harbour.'), 'the first view’s description is not carried over');
      const md = await downloadExport(session.reader, 'md');
      assert.match(md, /title: "?Story B: the lighthouse logbooks/);
      assert.match(md, /source: "?http:\/\/127\.0\.0\.1:\d+\/app\/lighthouse-logbooks/);
    } finally {
      await session.close();
    }
  });

  test('a page whose body is empty until its scripts run is read once the content arrives, and says so', T, async () => {
    // The page fills itself in 300 ms after Pith's content script starts in it (its isolated world appears), so the
    // read is sure to find the body empty however slow the machine is.
    const filled = new Promise<void>((resolve, reject) => {
      browser.context.once('page', (source) => {
        void (async () => {
          const cdp = await browser.context.newCDPSession(source);
          cdp.on('Runtime.executionContextCreated', (event: { context: { origin: string; auxData?: { type?: string } } }) => {
            if (event.context.auxData?.type !== 'isolated' || !event.context.origin.startsWith('chrome-extension://')) return;
            setTimeout(() => void source.evaluate('window.fill()').then(() => resolve(), reject), 300);
          });
          await cdp.send('Runtime.enable');
        })().catch(reject);
      });
    });
    const { session } = await timedRead('/late.html');
    await filled;
    try {
      assert.equal(session.outcome, 'article', await readerText(session));
      const text = await readerText(session);
      for (const p of STORY_B) assert.ok(text.includes(p), text);
      assert.match(await session.reader.$eval('#pith-warning', (el) => el.textContent ?? ''), /was empty when Pith was opened; its content arrived [\d.]+ s later/);
    } finally {
      await session.close();
    }
  });

  test('a page whose body stays empty gets a message saying Pith waited and what to do', T, async () => {
    const { session } = await timedRead('/never.html');
    try {
      assert.equal(session.outcome, 'error');
      const message = await session.reader.$eval('#pith-error', (el) => el.textContent ?? '');
      assert.match(message, /still empty after Pith waited 3\.\d s for its scripts to fill it in/);
      assert.match(message, /click the Pith button \(or press Alt\+Shift\+R\) again/);
    } finally {
      await session.close();
    }
  });
});
