/**
 * End to end: the structural fallback gives Readability.js's answer on the same page (fixture pages written for the
 * divergences the fallback once had), and the article parts it keeps where Readability.js drops them. Runs the page
 * bundle in headless Chromium, as the CLI and the benchmark do.
 * Run: node --import tsx --test test/e2e/fallback-fidelity.test.ts
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_VIEWPORT } from '../../scripts/lib/browser';
import { ensurePageBundle } from '../../scripts/lib/page-bundle';
import { PagePool } from '../../scripts/lib/page-pool';
import { syntheticUrl } from '../../scripts/lib/page-source';
import { tokenPrf } from '../../bench/lib/scoring/token-scores';

const PAGES = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));
const TIMEOUT_MS = 60_000;

interface Answers {
  fallback: string;
  mode: string;
  readability: string;
}

let pool: PagePool;

before(async () => {
  pool = new PagePool(await ensurePageBundle(), DEFAULT_VIEWPORT);
});

after(async () => {
  await pool?.close();
});

/** Pith with the structural fallback deciding, and Readability.js, on the same rendered fixture page. */
async function answers(file: string, edit: (html: string) => string = (html) => html): Promise<Answers> {
  const html = edit(await readFile(`${PAGES}${file}`, 'utf8'));
  return pool.withPage(0, { kind: 'html', url: syntheticUrl(file), html }, { pageScripts: false, timeoutMs: TIMEOUT_MS }, (page) =>
    page.evaluate(async () => {
      const api = window.__pith!;
      const extraction = await api.extract({ layoutPolicy: 'readability' });
      return { fallback: api.format(extraction, 'text'), mode: extraction.mode, readability: api.readabilityText().text };
    }),
  );
}

const REPLIES = ['loose spoke near the hub flange', 'freehub pawls', 'rack bolts', 'shake it next to your ear', 'half a turn with the key'];

describe('structural fallback = Readability.js on the same page', () => {
  // Readability's first attempt drops replies marked "comment" and keeps only the opening post (under 500 characters);
  // Readability.js then retries and keeps the replies. At a lower threshold the fallback stopped at the first attempt.
  it('a forum thread whose replies are marked as comments: every reply kept, as Readability.js does', async () => {
    const { fallback, mode, readability } = await answers('forum-thread-login.html');
    assert.match(mode, /Structural fallback/);
    for (const reply of REPLIES) {
      assert.ok(readability.toLowerCase().includes(reply), `Readability.js keeps "${reply}" (fixture check)`);
      assert.ok(fallback.toLowerCase().includes(reply), `the fallback keeps the reply "${reply}"`);
    }
    for (const junk of ['Password', 'Keep me signed in', 'Report this post', 'Tell the moderators']) {
      assert.ok(!readability.includes(junk), `Readability.js drops "${junk}" (fixture check)`);
      assert.ok(!fallback.includes(junk), `the fallback drops "${junk}"`);
    }
    assert.ok(tokenPrf(fallback, readability).f1 > 0.95, 'same text as Readability.js');
  });

  // The snapshot's copy had no form fields, so Readability could not see that the form is a login box (more inputs
  // than paragraphs) and kept it with the posts.
  it('a forum thread with a login form inside the thread: the form is dropped, as Readability.js does', async () => {
    // The same thread with replies not marked as comments, so that Readability's first attempt already keeps them.
    const { fallback, readability } = await answers('forum-thread-login.html', (html) => html.replaceAll('post comment', 'post reply'));
    for (const reply of REPLIES) assert.ok(fallback.toLowerCase().includes(reply), `the fallback keeps the reply "${reply}"`);
    for (const junk of ['Password', 'Keep me signed in', 'logged in to reply']) {
      assert.ok(!readability.includes(junk), `Readability.js drops "${junk}" (fixture check)`);
      assert.ok(!fallback.includes(junk), `the fallback drops "${junk}"`);
    }
    assert.ok(tokenPrf(fallback, readability).f1 > 0.95, 'same text as Readability.js');
  });

  // The page hides its content until a script shows it; Readability.js reads the markup and keeps the article.
  it('an article hidden until the page script runs: kept, as Readability.js keeps it', async () => {
    const { fallback, readability } = await answers('article-hidden-until-script.html');
    for (const line of ['smudge pots', 'glass ornaments', 'upper terraces']) {
      assert.ok(readability.includes(line), `Readability.js keeps "${line}" (fixture check)`);
      assert.ok(fallback.includes(line), `the fallback keeps "${line}"`);
    }
    assert.ok(!fallback.includes('Join us'), 'the site bar stays out');
  });
});

describe('article parts the fallback keeps beyond Readability.js', () => {
  // Readability.js drops any element whose class holds one of its "unlikely" words before it scores anything: a
  // Wikipedia list's table is class "sticky-header". Between the article's paragraphs, the table is the article.
  it('a list page whose data table Readability.js drops for a class word: the table kept in place, the footer table not', async () => {
    const { fallback, mode, readability } = await answers('list-with-data-table.html');
    assert.match(mode, /Structural fallback/);
    assert.ok(!readability.includes('Röntgen'), 'Readability.js drops the table (fixture check)');
    const order = ['The list below gives every laureate', 'Laureates by year and field', '1901 Wilhelm Röntgen', '1912 Gustaf Dalén', 'Fifty-year secrecy rule'];
    const at = order.map((line) => fallback.indexOf(line));
    for (const [i, line] of order.entries()) assert.ok(at[i]! >= 0, `the reader shows "${line}"`);
    assert.deepEqual([...at].sort((a, b) => a - b), at, 'the table sits where the page has it, between the paragraphs');
    for (const junk of ['Banquet', 'Related', 'free licence']) assert.ok(!fallback.includes(junk), `the footer's "${junk}" stays out`);
  });
});
