/**
 * End to end in real Chromium with the built extension: pages that are not ordinary articles get a reader that
 * says what it did, or a message that says why there is nothing to read.
 *   npm run build --silent && node --import tsx --test test/e2e/bad-input.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension, openReaderFor, servePages, type Launched, type StaticServer } from './harness';

const T = { timeout: 120_000 };
const PARAGRAPHS = [
  'The village bakery has opened at five every morning for sixty years, and the queue forms before the lights come on.',
  'Its sourdough starter is older than the current owner, who inherited it from her grandmother along with the oven.',
  'On Saturdays the bakery sells out by nine, so regulars leave their orders on a slate by the door the night before.',
];
const ARTICLE = `<article><h1>The village bakery</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article>`;
const page = (body: string, title = 'The village bakery') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body{font:18px/1.6 serif;margin:0}</style></head><body>${body}</body></html>`;

describe('bad input', () => {
  let browser: Launched;
  let server: StaticServer;
  let otherOrigin = '';

  before(async () => {
    server = await servePages({
      'story.html': page(ARTICLE),
      'frame-only.html': page('<iframe src="/story.html" style="border:0;width:100%;height:900px"></iframe>', 'Framed'),
      'frameset.html': `<!DOCTYPE html><html><head><title>Frames</title></head><frameset cols="20%,80%"><frame src="/menu.html"><frame src="/story.html"></frameset></html>`,
      'menu.html': page('<nav><a href="/">Home</a><a href="/a">Archive</a></nav>', 'Menu'),
      'notes.txt': `${PARAGRAPHS.join('\n\n')}\n`,
      'drawing.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="10" y="50">A label</text></svg>',
    });
    otherOrigin = server.origin.replace('127.0.0.1', 'localhost');
    browser = await launchWithExtension();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function read(path: string) {
    const session = await openReaderFor(browser, server.url(path), { timeout: 60_000 });
    const text = await session.reader.$eval('#pith-reader', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));
    return { session, text };
  }

  test('a page that is only a same-origin iframe reads the frame', T, async () => {
    const { session, text } = await read('/frame-only.html');
    try {
      assert.equal(session.outcome, 'article', text);
      for (const p of PARAGRAPHS) assert.ok(text.includes(p), text);
    } finally {
      await session.close();
    }
  });

  test('a page that is only a frame from another site says which frame and what to do', T, async () => {
    const framed = await servePages({ 'outer.html': page(`<iframe src="${otherOrigin}/story.html" style="border:0;width:100%;height:900px"></iframe>`, 'Outer') });
    try {
      const session = await openReaderFor(browser, framed.url('/outer.html'));
      try {
        assert.equal(session.outcome, 'error');
        const message = await session.reader.$eval('#pith-error', (el) => el.textContent ?? '');
        assert.match(message, /inside a frame from another site \(http:\/\/localhost:\d+\/story\.html\)/);
        assert.match(message, /Open the frame’s address in its own tab/);
      } finally {
        await session.close();
      }
    } finally {
      await framed.close();
    }
  });

  test('a frameset is read through its frames', T, async () => {
    const { session, text } = await read('/frameset.html');
    try {
      assert.equal(session.outcome, 'article', text);
      for (const p of PARAGRAPHS) assert.ok(text.includes(p), text);
    } finally {
      await session.close();
    }
  });

  test('a text/plain document is shown with a note', T, async () => {
    const { session, text } = await read('/notes.txt');
    try {
      assert.equal(session.outcome, 'article', text);
      assert.ok(text.includes(PARAGRAPHS[1]), text);
      assert.match(await session.reader.$eval('#pith-warning', (el) => el.textContent ?? ''), /plain-text document/);
    } finally {
      await session.close();
    }
  });

  test('an SVG document gets a message, not an empty reader', T, async () => {
    const { session } = await read('/drawing.svg');
    try {
      assert.equal(session.outcome, 'error');
      assert.match(await session.reader.$eval('#pith-error', (el) => el.textContent ?? ''), /SVG image, not an article/);
    } finally {
      await session.close();
    }
  });
});
