/**
 * End to end: the `pith` command (cli/pith.ts) on WARC files the test writes, in headless Chromium.
 * Run: node --import tsx --test test/e2e/pith-cli.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { itemsOf } from '../../cli/corpus/inputs';
import { noSkips } from '../../cli/corpus/items';
import { fixturePages, syntheticPage } from '../../scripts/lib/synthetic-warc';
import { extract, pith, REPO, RUN_TIMEOUT_MS } from '../helpers/run-extract';
import { warcFile, type WarcResponse } from '../helpers/warc-writer';

type Line = Record<string, unknown>;

const parseLines = (text: string): Line[] =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

const TRAINS = 'The overnight sleeper from Vienna to Zurich pulled out of the station on Sunday evening';
const MB = 1024 * 1024;

describe('pith', () => {
  let dir = '';
  let archive = '';

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pith-e2e-'));
    archive = join(dir, 'crawl.warc.gz');
    const trains = fixturePages(REPO).find((html) => html.includes(TRAINS));
    assert.ok(trains, 'fixture page article-with-boilerplate.html');
    const pages: WarcResponse[] = [
      { url: 'https://ledger.example/night-trains', body: trains },
      { url: 'https://ledger.example/logo.png', body: 'PNG', headers: { 'Content-Type': 'image/png' } },
      { url: 'https://news.example/1', body: syntheticPage(1), chunked: 100 },
      // UTF-8 without any declared charset: "©" and "·" must not come out as "Â©" and "Â·".
      { url: 'https://news.example/2', body: syntheticPage(2).replace('Copyright River Press', '© The Kitchen Lab') },
      // Invalid UTF-8 (a stray 0xFF byte), no declared charset: read as windows-1252, not dropped.
      { url: 'https://news.example/3', body: Buffer.concat([Buffer.from(syntheticPage(3).split('<main>')[0]), Buffer.from([0xff]), Buffer.from(`<main>${syntheticPage(3).split('<main>')[1]}`)]) },
      { url: 'https://news.example/huge', body: `<p>${'x'.repeat(20 * MB)}</p>` },
      { url: 'https://news.example/4', body: syntheticPage(4) },
    ];
    await writeFile(archive, await warcFile(pages, true));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints its usage with --help', async () => {
    const run = await pith(['--help']);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /WARC/);
    assert.match(run.stdout, /--resume/);
    assert.match(run.stdout, /--shard I\/N/);
  });

  it('writes one line per HTML record of a WARC, in order, with an error line for an oversized page', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await pith([archive, '--concurrency', '2', '--max-page-mb', '8']);
    assert.equal(run.code, 0, run.stderr);
    const lines = parseLines(run.stdout);
    assert.deepEqual(
      lines.map((l) => l.url),
      ['https://ledger.example/night-trains', 'https://news.example/1', 'https://news.example/2', 'https://news.example/3', 'https://news.example/huge', 'https://news.example/4'],
    );
    for (const line of lines) assert.match(String(line.id), /^urn:uuid:/);
    const [trains, first, second, invalid, huge, last] = lines;
    assert.equal(trains.title, 'Night trains return to the Alps as travellers turn away from short flights');
    assert.equal(trains.lang, 'en');
    assert.ok(String(trains.text).includes(TRAINS), JSON.stringify(trains));
    assert.ok(!String(trains.text).includes('Privacy policy'), 'the footer is removed');
    assert.equal(typeof trains.ms, 'number');
    assert.ok(String(first.text).includes('Report 1, part 1'), JSON.stringify(first));
    assert.ok(String(second.text).includes('© 2002'), JSON.stringify(second));
    assert.ok(!String(second.text).includes('Â'), JSON.stringify(second));
    assert.equal(invalid.error, undefined, JSON.stringify(invalid));
    assert.ok(String(invalid.text).includes('Report 3, part 2'), JSON.stringify(invalid));
    assert.match(String(huge.error), /over the limit of 8 MB/);
    assert.equal(huge.text, undefined);
    assert.ok(String(last.text).includes('Report 4, part 4'), JSON.stringify(last));
    assert.match(run.stderr, /6 pages, 1 errors, .*1 non-HTML records skipped/);
  });

  it('goes on past a truncated WARC, an empty file and a broken JSON line, each an error line', { timeout: RUN_TIMEOUT_MS }, async () => {
    const truncated = join(dir, 'a-truncated.warc.gz');
    const whole = await readFile(archive);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.4)));
    const empty = join(dir, 'b-empty.warc');
    await writeFile(empty, '');
    const jsonl = join(dir, 'c.jsonl');
    await writeFile(jsonl, `{"id": "broken", "html": \n${JSON.stringify({ id: 'ok', html: syntheticPage(9) })}\n`);
    const out = join(dir, 'bad.jsonl');
    const run = await pith([truncated, empty, jsonl, '-o', out]);
    assert.equal(run.code, 0, run.stderr);
    const lines = parseLines(await readFile(out, 'utf8'));
    const errors = lines.filter((l) => l.error !== undefined).map((l) => String(l.error));
    assert.ok(errors.some((e) => /a-truncated\.warc\.gz cannot be read past record|truncated/.test(e)), errors.join('\n'));
    assert.ok(errors.some((e) => /b-empty\.warc is empty/.test(e)), errors.join('\n'));
    assert.ok(errors.some((e) => /not valid JSON/.test(e)), errors.join('\n'));
    assert.ok(String(lines.at(-1)?.text).includes('Report 9, part 1'), JSON.stringify(lines.at(-1)));
    assert.equal(lines.at(-1)?.id, 'ok');
  });

  it('resumes a killed run: every page once, in input order', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
    const out = join(dir, 'resumed.jsonl');
    const expected: string[] = [];
    for await (const item of itemsOf(archive, { maxPageBytes: 8 * MB, onBytes: () => {}, serve: false }, noSkips())) {
      if (item.kind !== 'flush') expected.push(item.id);
    }
    assert.equal(expected.length, 6);

    let poll: NodeJS.Timeout | undefined;
    const killed = await pith([archive, '-o', out, '--concurrency', '1', '--max-page-mb', '8'], RUN_TIMEOUT_MS, (child) => {
      poll = setInterval(() => {
        void readFile(out, 'utf8')
          .then((text) => {
            if (text.split('\n').length > 3) child.kill('SIGKILL');
          })
          .catch(() => undefined);
      }, 100);
    });
    clearInterval(poll);
    assert.equal(killed.code, null, 'the first run was killed partway');
    const partial = parseLines(await readFile(out, 'utf8')).length;
    assert.ok(partial >= 3 && partial < expected.length, `${partial} lines before the kill`);

    const resumed = await pith([archive, '-o', out, '--resume', '--max-page-mb', '8']);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /already done \(--resume\)/);
    assert.deepEqual(parseLines(await readFile(out, 'utf8')).map((l) => l.id), expected);
  });

  it('splits the pages between shards, each page in exactly one', { timeout: RUN_TIMEOUT_MS }, async () => {
    const shards = [];
    for (const shard of ['0/2', '1/2']) {
      const run = await pith([archive, '--shard', shard, '--max-page-mb', '8', '--format', 'markdown']);
      assert.equal(run.code, 0, run.stderr);
      shards.push(parseLines(run.stdout));
    }
    assert.deepEqual(shards.map((s) => s.length), [3, 3]);
    assert.deepEqual(shards[0].map((l) => l.url), ['https://ledger.example/night-trains', 'https://news.example/2', 'https://news.example/huge']);
    assert.match(String(shards[0][0].markdown), /Vienna to Zurich/);
  });

  it('reads a saved UTF-8 page without a declared charset as UTF-8 (npm run extract and pith alike)', { timeout: RUN_TIMEOUT_MS }, async () => {
    const page = join(dir, 'no-charset.html');
    await writeFile(page, syntheticPage(5).replace('<head>', '<head><!-- no meta charset -->').replace('Report 5, part 1:', 'Report 5, part 1 (© The Kitchen Lab · Privacy):'));
    const single = await extract([page, '--format', 'text']);
    assert.equal(single.code, 0, single.stderr);
    assert.ok(single.stdout.includes('(© The Kitchen Lab · Privacy)'), single.stdout);
    const run = await pith([page]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(String(parseLines(run.stdout)[0].text).includes('(© The Kitchen Lab · Privacy)'), run.stdout);
  });

  it('exits 2 with the usage on a bad command line', async () => {
    const run = await pith([archive, '--shard', '2/2']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--shard must be i\/n/);
    assert.match(run.stderr, /Usage: pith/);
  });
});
