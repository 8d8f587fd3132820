/**
 * End-to-end: the activeTab path users rely on. The other e2e files read pages on 127.0.0.1, which the extension's
 * host permissions cover, so a broken activeTab path would go unnoticed there. Here the loaded build has no host
 * permissions at all and the page is served under another host name (mapped to 127.0.0.1 by
 * --host-resolver-rules): the reader can read it only after the browser's own action click, which grants activeTab.
 *
 *   npx wxt build && node --import tsx --test test/e2e/active-tab.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { excerpt, launchWithExtension, openReaderFor, startServer, type Launched, type StaticServer } from './harness';

const HOST = 'pith-reader.test';
const T = { timeout: 60_000 };

let server: StaticServer;
let browser: Launched;
/** The fixture under the other host name; a query string keeps each tab's URL unique. */
let visits = 0;
const pageUrl = (fixture: string) => `http://${HOST}:${new URL(server.origin).port}/${fixture}?visit=${++visits}`;

before(async () => {
  server = await startServer();
  browser = await launchWithExtension({
    args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    manifest: (m) => {
      delete m.host_permissions;
      delete m.optional_host_permissions;
    },
  });
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.close();
});

describe('a build without host permissions, on a page under another host name', () => {
  test('the loaded manifest asks for activeTab and no host', () => {
    const manifest = JSON.parse(readFileSync(join(browser.extDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.host_permissions, undefined);
    assert.ok((manifest.permissions as string[]).includes('activeTab'), JSON.stringify(manifest.permissions));
    assert.ok(!(manifest.permissions as string[]).some((p) => p.includes('://') || p === '<all_urls>'), JSON.stringify(manifest.permissions));
  });

  test('clicking the toolbar action opens the reader with the article', T, async () => {
    const s = await openReaderFor(browser, pageUrl('news-multicolumn.html'), { fire: 'click' });
    try {
      assert.equal(s.firedWith, 'Extensions.triggerAction');
      assert.equal(new URL(s.source.url()).hostname, HOST, 'the page is served under the other host name');
      const body = await s.reader.locator('#pith-reader').innerHTML().catch(() => '');
      assert.equal(s.outcome, 'article', `the reader shows #pith-error after a click: ${excerpt(body)}`);
      const text = await s.reader.locator('#pith-article').innerText();
      assert.ok(text.includes('Tverrbrean') && text.includes('Haakon Vik'), `article text: ${excerpt(text, 600)}`);
      assert.ok(!text.includes('Crosswords'), 'page chrome in the article');
      assert.equal((await s.reader.locator('#pith-title').innerText()).trim(), 'Retreating glacier uncovers a forest buried for five thousand years');
    } finally {
      await s.close();
    }
  });

  test('without a click (the listener called directly) the page cannot be read: the click is what grants access', T, async () => {
    const s = await openReaderFor(browser, pageUrl('news-multicolumn.html'), { fire: 'auto' });
    try {
      assert.notEqual(s.firedWith, 'Extensions.triggerAction');
      assert.equal(s.outcome, 'error', `the reader read a page it has no access to: ${excerpt(await s.reader.locator('#pith-reader').innerHTML())}`);
      const msg = (await s.reader.locator('#pith-error').innerText()).trim();
      assert.ok(msg.length > 0, '#pith-error is empty');
      assert.equal(await s.reader.locator('#pith-article [data-pith-block]').count(), 0);
    } finally {
      await s.close();
    }
  });

  test('the export and "show removed" work on a page read through activeTab', T, async () => {
    const s = await openReaderFor(browser, pageUrl('cookie-bar.html'), { fire: 'click' });
    try {
      assert.equal(s.outcome, 'article');
      const box = s.reader.locator('#pith-show-removed');
      await box.evaluate((el: HTMLInputElement) => el.click());
      const bar = s.reader.locator('#pith-article .pith-removed', { hasText: 'We use cookies' }).last();
      await bar.waitFor({ state: 'attached', timeout: 5000 });
      assert.match((await bar.getAttribute('data-reason')) ?? '', /overlay|fixed|cookie|sticky/i);
      const [download] = await Promise.all([
        s.reader.waitForEvent('download', { timeout: 10_000 }),
        s.reader.locator('button[data-export="md"]').click(),
      ]);
      const md = readFileSync(await download.path(), 'utf8');
      assert.ok(md.includes('sourdough starter'), `markdown: ${excerpt(md, 400)}`);
    } finally {
      await s.close();
    }
  });
});
