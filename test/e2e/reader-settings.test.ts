/**
 * End-to-end: the reader's display settings (font size, width, line height, theme) are remembered: a second reader
 * tab opens with them, a tab closed right after a change (before the save debounce ends) still keeps the change, and
 * a browser restarted with the same profile shows them.
 *
 *   npx wxt build && node --import tsx --test test/e2e/reader-settings.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchWithExtension, openReaderFor, startServer, type Launched, type StaticServer } from './harness';

const T = { timeout: 60_000 };
const FIXTURE = 'figure-caption.html';

let server: StaticServer;
let browser: Launched | undefined;
let profileDir: string;

before(async () => {
  server = await startServer();
  profileDir = mkdtempSync(join(tmpdir(), 'pith-settings-profile-'));
  browser = await launchWithExtension({ profileDir });
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

interface Shown {
  fontSize: number;
  contentWidth: number;
  lineHeight: number;
  theme: string | null;
  /** The article's computed font size, px: what the reader actually sees. */
  articlePx: number;
}

/** The settings a reader tab shows: its controls, and the computed font size of the article. */
async function shown(reader: Page): Promise<Shown> {
  await reader.locator('#pith-font-size').waitFor({ state: 'attached', timeout: 10_000 });
  // No named helpers inside: tsx would wrap them in a `__name` call that does not exist in the page.
  return reader.evaluate(() => {
    const [fontSize, contentWidth, lineHeight] = ['pith-font-size', 'pith-content-width', 'pith-line-height'].map((id) =>
      Number((document.getElementById(id) as HTMLInputElement).value),
    );
    const checked = document.querySelector<HTMLInputElement>('input[name="theme"]:checked');
    const p = document.querySelector('#pith-article p') ?? document.getElementById('pith-article')!;
    return {
      fontSize,
      contentWidth,
      lineHeight,
      theme: checked?.value ?? null,
      articlePx: parseFloat(getComputedStyle(p).fontSize),
    };
  });
}

/** Sets a range input the way dragging does (an input event per change). */
async function setRange(reader: Page, id: string, value: number): Promise<void> {
  await reader.locator(`#${id}`).evaluate((el: HTMLInputElement, v: number) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Waits until the reader shows `expected` (storage loads asynchronously after the first render). */
async function waitShown(reader: Page, expected: Partial<Shown>, what: string): Promise<Shown> {
  let now = await shown(reader);
  for (let i = 0; i < 50; i++) {
    if (Object.entries(expected).every(([k, v]) => now[k as keyof Shown] === v)) return now;
    await reader.waitForTimeout(100);
    now = await shown(reader);
  }
  assert.deepEqual(now, { ...now, ...expected }, what);
  return now;
}

async function openReader(): Promise<Awaited<ReturnType<typeof openReaderFor>>> {
  assert.ok(browser);
  const s = await openReaderFor(browser, server.url(FIXTURE));
  assert.equal(s.outcome, 'article', 'the reader shows #pith-error');
  return s;
}

describe('reader display settings are remembered', () => {
  test('a change in one reader tab applies to a reader tab opened afterwards', T, async () => {
    const first = await openReader();
    const defaults = await shown(first.reader);
    assert.notEqual(defaults.fontSize, 24, 'the test needs a font size other than the default');
    await setRange(first.reader, 'pith-font-size', 24);
    await first.reader.locator('#pith-aa > summary').click(); // the settings sit behind "Aa"
    await first.reader.locator('#pith-theme-sepia').check();
    await waitShown(first.reader, { fontSize: 24, theme: 'sepia', articlePx: 24 }, 'the first tab applies the change');
    await first.reader.waitForTimeout(600); // past the save debounce
    const second = await openReader();
    try {
      await waitShown(second.reader, { fontSize: 24, theme: 'sepia', articlePx: 24 }, 'the second reader tab opens with the changed settings');
    } finally {
      await second.close();
      await first.close();
    }
  });

  test('closing the tab right after a change (within the save debounce) keeps the change', T, async () => {
    const s = await openReader();
    await waitShown(s.reader, { fontSize: 24 }, 'settings from the previous test');
    await setRange(s.reader, 'pith-line-height', 2);
    await setRange(s.reader, 'pith-content-width', 800);
    await s.reader.close({ runBeforeUnload: true }); // at once: the 250 ms debounce has not run
    await s.source.close();
    const next = await openReader();
    try {
      await waitShown(next.reader, { lineHeight: 2, contentWidth: 800, fontSize: 24 }, 'the change made just before closing is kept');
    } finally {
      await next.close();
    }
  });

  test('a browser restarted with the same profile shows the settings', T, async () => {
    assert.ok(browser);
    await browser.close();
    browser = undefined;
    browser = await launchWithExtension({ profileDir });
    const s = await openReader();
    try {
      await waitShown(
        s.reader,
        { fontSize: 24, theme: 'sepia', lineHeight: 2, contentWidth: 800, articlePx: 24 },
        'after a restart the reader shows the remembered settings',
      );
    } finally {
      await s.close();
    }
  });
  test('typography (font, spacing, alignment, custom colours) is remembered across reader tabs', T, async () => {
    const first = await openReader();
    await first.reader.locator('#pith-aa > summary').click();
    await first.reader.locator('#pith-font-dyslexic').check();
    await setRange(first.reader, 'pith-letter-spacing', 0.1);
    await setRange(first.reader, 'pith-word-spacing', 0.3);
    await first.reader.locator('#pith-align-justify').check();
    await first.reader.locator('#pith-theme-custom').check();
    await first.reader.locator('#pith-color-background').evaluate((el: HTMLInputElement) => {
      el.value = '#102030';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await first.reader.waitForTimeout(600); // past the save debounce
    const second = await openReader();
    try {
      const style = async () =>
        second.reader.evaluate(() => {
          const p = document.querySelector('#pith-article p') ?? document.getElementById('pith-article')!;
          const cs = getComputedStyle(p);
          return { font: cs.fontFamily, letter: cs.letterSpacing, align: cs.textAlign, bg: getComputedStyle(document.body).backgroundColor };
        });
      let now = await style();
      for (let i = 0; i < 50 && !now.font.includes('OpenDyslexic'); i++) {
        await second.reader.waitForTimeout(100);
        now = await style();
      }
      assert.match(now.font, /OpenDyslexic/, JSON.stringify(now));
      assert.ok(Math.abs(parseFloat(now.letter) - 0.1 * 24) < 0.01, `letter spacing: ${JSON.stringify(now)}`); // 0.1 em at 24 px
      assert.equal(now.align, 'justify');
      assert.equal(now.bg, 'rgb(16, 32, 48)');
    } finally {
      await second.close();
      await first.close();
    }
  });

});
