/**
 * The vocabulary check of issue 36, shared by the fixture and benchmark-page tests (Chromium and Firefox): engine
 * words a reader must not see outside "Details", the script that opens everything a reader can open, and the fixed
 * sample of benchmark pages read at run time from ../shared/bench (never copied into the repository).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ROOT, type ReaderSession } from './harness';

/** Engine words a reader must not see outside "Details" (the target list). */
export const ENGINE = [
  /<[a-z][a-z0-9-]*>/i,
  /marked “/,
  /\((?:Readability|GCE|SORE|Layout|Structure|structure|layout)\b[^)]*\)/,
  /\bScore \d/i,
  /\b(?:gce|structure|readability|sore|dripper|lm):/i,
  /Xenova|Qwen|multilingual-e5|onnx:|webllm:|USE-lite/i,
  /profile not applied|blocks kept|stage dropped|without a specific cause/i,
];

/** The first engine word in `text`, with some context, or null. */
export function engineWords(text: string): string | null {
  for (const pattern of ENGINE) {
    const m = pattern.exec(text);
    if (m) return text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60);
  }
  return null;
}

/**
 * A function body, run in the reader page, that turns on "Show removed", opens every group of "What was removed"
 * (and "Show all") and every removed run's marker, and returns the reader's visible text (innerText skips what is
 * not rendered, so closed "Details" disclosures are left out).
 */
export const OPEN_EVERYTHING = `
  const box = document.querySelector('#pith-show-removed');
  if (box && !box.checked) box.click();
  await new Promise((r) => setTimeout(r, 300));
  for (const d of document.querySelectorAll('#pith-removal-summary details')) d.open = true;
  for (const b of document.querySelectorAll('#pith-removal-summary .pith-link-button')) b.click();
  for (const m of document.querySelectorAll('#pith-article .pith-removed-marker[aria-expanded="false"]')) m.click();
  await new Promise((r) => setTimeout(r, 300));
  return document.body.innerText;`;

export const BENCH_DIR = join(ROOT, '../shared/bench');
/** The dev sets sampled (daniel-dev is kept for evaluation of extraction and not used here). */
const SAMPLED_SETS = ['readability', 'cleaneval-dev', 'cleanportaleval', 'trafilatura-dev', 'wcxb-dev-sample'];
const PER_SET = 4;

export interface BenchPage {
  name: string;
  lang: string;
  html: string;
}

function idHash(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * The fixed sample: from each dev set, PER_SET pages taken round-robin over its languages (most pages first), in
 * each language the pages with the lowest hash of their id. Empty when ../shared/bench is not there.
 */
export function benchSample(): BenchPage[] {
  const out: BenchPage[] = [];
  for (const set of SAMPLED_SETS) {
    const path = join(BENCH_DIR, `${set}.jsonl.gz`);
    if (!existsSync(path)) continue;
    const byLang = new Map<string, { id: string; lang: string; html: string }[]>();
    for (const line of gunzipSync(readFileSync(path)).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      const { id, lang, html } = JSON.parse(line) as { id: string; lang?: string; html: string };
      const key = lang ?? 'und';
      byLang.set(key, [...(byLang.get(key) ?? []), { id, lang: key, html }]);
    }
    const langs = [...byLang.values()].sort((a, b) => b.length - a.length || a[0]!.lang.localeCompare(b[0]!.lang));
    for (const pages of langs) pages.sort((a, b) => idHash(a.id) - idHash(b.id));
    for (let i = 0, taken = 0; taken < PER_SET && langs.some((l) => l.length > 0); i++) {
      const page = langs[i % langs.length]!.shift();
      if (!page) continue;
      out.push({ name: `${set}-${page.id}`.replace(/[^\w.-]+/g, '_'), lang: page.lang, html: page.html });
      taken++;
    }
  }
  return out;
}

/**
 * In a Chromium reader (Playwright page): opens everything and fails on engine words in the visible text, on a
 * catch-all group or marker, and on engine words in the tooltips of the first removed blocks.
 */
export async function assertPlainWords(page: Page, tooltips = 3): Promise<void> {
  const text = await page.evaluate(`(async () => { ${OPEN_EVERYTHING} })()`) as string;
  const found = engineWords(text);
  assert.equal(found, null, `engine words in the reader's visible text: …${found}…`);
  assert.equal(await page.locator('#pith-removal-summary [data-cause="stage-decided"], .pith-removed-marker[data-cause="stage-decided"]').count(), 0, 'a catch-all group or marker');
  const removed = page.locator('#pith-article .pith-removed:visible');
  const n = Math.min(tooltips, await removed.count());
  for (let i = 0; i < n; i++) {
    await removed.nth(i).hover();
    const tip = page.locator('[role=tooltip].pith-tooltip').filter({ visible: true }).first();
    await tip.waitFor({ state: 'visible', timeout: 3000 });
    const words = await tip.innerText();
    assert.equal(engineWords(words), null, `engine words in a tooltip: "${words}"`);
    assert.match(words, /^[A-Z][^:]+: \S/, `the tooltip names what the piece is: "${words}"`);
  }
}

/**
 * A function body, run in the reader page, that returns the text drawn outside the reader's layout: every visible
 * text box that lies neither within the panel nor within the article column (floating cards, tooltips and toasts
 * excepted; text clipped away by a scrolling box is not drawn and not counted).
 */
export const STRAY_TEXT = `
  const areas = [...document.querySelectorAll('aside.pith-panel, main.pith-main')].map((el) => el.getBoundingClientRect());
  const floating = '.pith-tooltip, .pith-toast, #pith-block-correction, [role=tooltip], [role=dialog]';
  const inside = (r, a) => r.left >= a.left - 4 && r.right <= a.right + 4 && r.top >= a.top - 4 && r.bottom <= a.bottom + 4;
  const clipped = (el, r) => {
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p);
      if (/(auto|scroll|hidden|clip)/.test(o.overflowX + o.overflowY) && !inside(r, p.getBoundingClientRect())) return true;
    }
    return false;
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest(floating) || el.closest('[hidden], template, script, style')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1 || areas.some((a) => inside(r, a)) || clipped(el, r)) continue;
      out.push(node.textContent.trim().slice(0, 60) + ' @' + Math.round(r.left) + ',' + Math.round(r.top));
      break;
    }
  }
  return out.slice(0, 5);`;

/** When the reader ended on its error page: fails on engine words there and answers true (nothing more to check). */
export async function plainErrorPage(session: ReaderSession): Promise<boolean> {
  if (session.outcome !== 'error') return false;
  const found = engineWords(await session.reader.evaluate(() => document.body.innerText));
  assert.equal(found, null, `engine words on the error page: …${found}…`);
  return true;
}
