import { launchWithExtension, openReaderFor, startServer } from './harness';
import { installSpeechDouble, finishUtterance, fireBoundary } from './speech-double';
const out = process.argv[2] ?? '/tmp/rd/shots';
const server = await startServer();
const b = await launchWithExtension();
try {
  const s = await openReaderFor(b, server.url('read-aloud-article.html'));
  const r = s.reader;
  await r.setViewportSize({ width: 1280, height: 900 });
  await r.locator('#pith-read-toggle').waitFor();
  await installSpeechDouble(r);
  await r.locator('#pith-read-toggle').click();
  await finishUtterance(r);
  await fireBoundary(r, 11, 10);
  await r.screenshot({ path: `${out}/c1-read-aloud.png` });
  await r.locator('#pith-read-toggle').click();
  // a highlight and the toolbar
  await r.evaluate(() => {
    const a = document.getElementById('pith-article')!;
    const w = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const at = (n as Text).data.indexOf('concentric rings');
      if (at < 0) continue;
      const range = document.createRange(); range.setStart(n, at); range.setEnd(n, at + 16);
      document.getSelection()!.removeAllRanges(); document.getSelection()!.addRange(range); return;
    }
  });
  await r.waitForTimeout(300);
  await r.screenshot({ path: `${out}/c2-toolbar.png` });
  await r.locator('.pith-highlight-toolbar button[data-highlight-color="green"]').click();
  await r.waitForTimeout(300);
  await r.locator('.pith-highlight-item textarea').fill('A note about the lens');
  await r.locator('#pith-highlights-heading').scrollIntoViewIfNeeded();
  await r.screenshot({ path: `${out}/c3-highlight.png` });
  await r.setViewportSize({ width: 700, height: 900 });
  await r.locator('.pith-more-button').click();
  await r.waitForTimeout(300);
  await r.screenshot({ path: `${out}/c4-narrow-more.png`, fullPage: false });
  await r.locator('#pith-highlights-heading').scrollIntoViewIfNeeded();
  await r.screenshot({ path: `${out}/c4b-narrow-highlights.png` });
  await s.close();
  const c = await openReaderFor(b, server.url('blog-with-comments.html'));
  await c.reader.setViewportSize({ width: 1280, height: 900 });
  await c.reader.locator('#pith-comments-toggle').click();
  await c.reader.locator('#pith-comments-toggle').scrollIntoViewIfNeeded();
  await c.reader.screenshot({ path: `${out}/c5-comments.png` });
  await c.reader.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await c.reader.screenshot({ path: `${out}/c5b-comments-dark.png` });
  await c.close();
  const m = await openReaderFor(b, server.url('canal-1.html'));
  await m.reader.setViewportSize({ width: 1280, height: 900 });
  await m.reader.locator('#pith-next-page').scrollIntoViewIfNeeded();
  await m.reader.screenshot({ path: `${out}/c6-next-offer.png` });
  await m.reader.locator('#pith-next-page').click();
  await m.reader.locator('#pith-page-2').waitFor();
  await m.reader.locator('#pith-page-2').scrollIntoViewIfNeeded();
  await m.reader.screenshot({ path: `${out}/c7-page2.png` });
  await m.reader.locator('#pith-next-page:not([disabled])').click();
  await m.reader.locator('.pith-pages-end').waitFor();
  await m.reader.locator('.pith-pages-end').scrollIntoViewIfNeeded();
  await m.reader.screenshot({ path: `${out}/c8-end.png` });
  await m.close();
} finally { await b.close(); await server.close(); }
