// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { itemsOf } from '../../../cli/corpus/inputs';
import { noSkips, type CorpusItem, type PageItem } from '../../../cli/corpus/items';
import { warcItems } from '../../../cli/corpus/warc-input';
import { warcFile, type WarcResponse } from '../../helpers/warc-writer';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function read(bytes: Uint8Array, maxPageBytes = 1e6) {
  const skipped = noSkips();
  const items: CorpusItem[] = [];
  for await (const item of warcItems((async function* () { yield bytes; })(), 't.warc', { maxPageBytes }, skipped)) items.push(item);
  return { items, skipped };
}

/** Through the file reader, which gunzips (all members) before warcio parses. */
async function readFile(bytes: Uint8Array, name = 't.warc.gz') {
  const dir = await mkdtemp(join(tmpdir(), 'pith-warc-'));
  const path = join(dir, name);
  await writeFile(path, bytes);
  const skipped = noSkips();
  const items: CorpusItem[] = [];
  for await (const item of itemsOf(path, { maxPageBytes: 1e6, onBytes: () => {}, serve: false }, skipped)) items.push(item);
  return { items, skipped };
}

const text = (item: CorpusItem | undefined): string => {
  const page = item as PageItem;
  return new TextDecoder(page.charset).decode(page.html as Buffer);
};

const PAGES: WarcResponse[] = [
  { url: 'https://a.example/one', body: '<p>first © page</p>' },
  { url: 'https://a.example/logo.png', body: 'PNG…', headers: { 'Content-Type': 'image/png' } },
  { url: 'https://a.example/two', body: '<p>second page</p>' },
  { url: 'https://a.example/', body: '', type: 'request' },
  { url: 'https://a.example/moved', body: '<p>moved</p>', status: 301 },
  { url: 'https://a.example/three', body: '<p>third page</p>', type: 'resource' },
];

describe('reading WARC files', () => {
  it('gives each HTML response and resource record as a page, in order, with its record id and URL', async () => {
    const { items, skipped } = await read(await warcFile(PAGES, false));
    expect(items.map((i) => i.kind === 'page' && i.url)).toEqual(['https://a.example/one', 'https://a.example/two', 'https://a.example/three']);
    expect(items.every((i) => i.kind === 'page' && /^urn:uuid:[0-9a-f-]{36}$/.test(i.id))).toBe(true);
    expect(text(items[0])).toBe('<p>first © page</p>');
    expect(skipped).toEqual({ notHtml: 1, notOk: 1 });
  });

  it('reads a file of gzip members (one per record) the same as the plain file', async () => {
    const gz = await readFile(await warcFile(PAGES, true));
    expect(gz.items.map(text)).toEqual(['<p>first © page</p>', '<p>second page</p>', '<p>third page</p>']);
    expect(gz.skipped).toEqual({ notHtml: 1, notOk: 1 });
    const whole = await readFile(gzipSync(await warcFile(PAGES, false)));
    expect(whole.items.map(text)).toEqual(gz.items.map(text));
  });

  it('undoes chunked transfer encoding and gzip content encoding', async () => {
    const body = '<p>a body long enough to arrive in several chunks of seven bytes</p>';
    const { items } = await read(
      await warcFile(
        [
          { url: 'https://a.example/chunked', body, chunked: 7 },
          { url: 'https://a.example/gzipped', body: gzipSync(body), headers: { 'Content-Encoding': 'gzip' } },
        ],
        false,
      ),
    );
    expect(items.map(text)).toEqual([body, body]);
  });

  it('decodes by the HTTP charset, else the meta, else reads valid UTF-8 as UTF-8', async () => {
    const latin1 = Buffer.from('<p>caf\u00e9</p>', 'latin1');
    const { items } = await read(
      await warcFile(
        [
          { url: 'https://a.example/http', body: latin1, headers: { 'Content-Type': 'text/html; charset=iso-8859-1' } },
          { url: 'https://a.example/meta', body: Buffer.concat([Buffer.from('<meta charset="iso-8859-1">'), latin1]) },
          { url: 'https://a.example/none', body: '<p>© The Kitchen Lab · Privacy</p>' },
          { url: 'https://a.example/bad', body: Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x41]) },
        ],
        false,
      ),
    );
    expect(items.map((i) => (i as PageItem).charset)).toEqual(['windows-1252', 'windows-1252', 'utf-8', 'windows-1252']);
    expect(text(items[0])).toBe('<p>café</p>');
    expect(text(items[2])).toBe('<p>© The Kitchen Lab · Privacy</p>');
  });

  it('makes a truncated file an error item after the pages it holds', async () => {
    const whole = await warcFile(PAGES.slice(0, 3), true);
    const { items } = await readFile(whole.subarray(0, whole.length - 30));
    expect(items.map((i) => i.kind)).toEqual(['page', 'error']);
    expect((items[1] as { error: string }).error).toMatch(/cannot be read past record 2.*truncated/);
    const plain = await warcFile(PAGES.slice(0, 1), false);
    const cut = await read(plain.subarray(0, plain.length - 10));
    expect(cut.items.map((i) => i.kind)).toEqual(['error']);
    expect((cut.items[0] as { error: string }).error).toMatch(/truncated/);
  });

  it('makes a page over the size limit an error item without reading it, and goes on', async () => {
    const big = `<p>${'x'.repeat(5000)}</p>`;
    const { items } = await read(await warcFile([{ url: 'https://a.example/big', body: big }, PAGES[0]], false), 2000);
    expect(items.map((i) => i.kind)).toEqual(['error', 'page']);
    expect((items[0] as { error: string }).error).toMatch(/over the limit .*--max-page-mb/);
  });

  it('makes a file that is not a WARC, and an empty file, one error item each', async () => {
    expect((await readFile(Buffer.from('hello, not a warc at all\r\n\r\n'), 'x.warc')).items.map((i) => i.kind)).toEqual(['error']);
    const empty = await readFile(Buffer.alloc(0), 'empty.warc');
    expect(empty.items).toEqual([{ kind: 'error', id: expect.stringContaining('empty.warc'), error: 'empty.warc is empty' }]);
  });
});
