// @vitest-environment node
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { corpusItems, expandInputs, kindOfName } from '../../../cli/corpus/inputs';
import { noSkips, type CorpusItem } from '../../../cli/corpus/items';
import { warcFile } from '../../helpers/warc-writer';

async function collect(paths: string[], serve = false): Promise<CorpusItem[]> {
  const items: CorpusItem[] = [];
  for await (const item of corpusItems(paths, { maxPageBytes: 1e6, onBytes: () => {}, serve }, noSkips())) items.push(item);
  return items;
}

const summary = (item: CorpusItem): string => (item.kind === 'page' ? `page ${item.id}` : item.kind === 'error' ? `error ${item.id}` : `flush ${item.token}`);

describe('pith inputs', () => {
  it('tells WARC, JSON lines and HTML apart by name', () => {
    expect(['a.warc.gz', 'b.WARC', 'c.jsonl', 'd.ndjson.gz', 'e.htm', 'f.txt'].map(kindOfName)).toEqual(['warc', 'warc', 'jsonl', 'jsonl', 'html', undefined]);
  });

  it('reads a directory sorted by path, every kind, with an error item for a bad line or an empty file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pith-inputs-'));
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'b.jsonl'), `${JSON.stringify({ id: 7, html: '<p>x</p>' })}\n{"html": 3}\nnot json\n${JSON.stringify({ html: '<p>y</p>' })}\n`);
    await writeFile(join(dir, 'a.warc'), await warcFile([{ url: 'https://a.example/', body: '<p>z</p>' }], false));
    await writeFile(join(dir, 'sub', 'c.html'), '<p>©</p>');
    await writeFile(join(dir, 'sub', 'empty.html'), '');
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    const files = await expandInputs([dir]);
    expect(files.map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual(['a.warc', 'b.jsonl', 'c.html', 'empty.html']);
    const items = (await collect(files)).map(summary);
    expect(items[0]).toMatch(/^page urn:uuid:/);
    expect(items.slice(1).map((s) => s.replace(dir, 'DIR'))).toEqual([
      'page 7',
      'error DIR/b.jsonl:2',
      'error DIR/b.jsonl:3',
      'page DIR/b.jsonl:4',
      'page DIR/sub/c.html',
      'error DIR/sub/empty.html',
    ]);
  });

  it('ends a truncated .jsonl.gz with an error item naming where it broke off, then reads the next input', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pith-truncated-'));
    const lines = Array.from({ length: 300 }, (_, n) => JSON.stringify({ id: `p${n}`, html: `<p>page ${n} of a long file</p>` })).join('\n');
    const whole = gzipSync(lines);
    await writeFile(join(dir, 'a.jsonl.gz'), whole.subarray(0, Math.floor(whole.length / 2)));
    await writeFile(join(dir, 'b.html'), '<p>next</p>');
    const items = await collect([join(dir, 'a.jsonl.gz'), join(dir, 'b.html')]);
    const read = items.findIndex((i) => i.kind !== 'page');
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(300);
    const broken = items[read];
    expect(broken).toMatchObject({ kind: 'error', id: `${join(dir, 'a.jsonl.gz')}:${read + 1}` });
    expect(broken.kind === 'error' && broken.error).toMatch(/^a\.jsonl\.gz cannot be read past line \d+ \(truncated or damaged\)/);
    expect(items.map(summary).at(-1)).toBe(`page ${join(dir, 'b.html')}`);
  });

  it('expands a glob and refuses an input that does not exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pith-glob-'));
    for (const name of ['2.jsonl', '1.jsonl', '3.html']) await writeFile(join(dir, name), '');
    expect((await expandInputs([`${dir}/*.jsonl`])).map((f) => f.slice(dir.length + 1))).toEqual(['1.jsonl', '2.jsonl']);
    await expect(expandInputs([join(dir, 'missing.warc')])).rejects.toThrow(/file not found/);
    await expect(expandInputs([`${dir}/*.warc`])).rejects.toThrow(/no file matches/);
  });

  it('with --serve, reads {"path"} lines as that file and passes {"flush"} markers through in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pith-serve-'));
    await writeFile(join(dir, 'part.warc'), await warcFile([{ url: 'https://a.example/1', body: '<p>1</p>' }, { url: 'https://a.example/2', body: '<p>2</p>' }], false));
    const requests = [{ id: 'r', html: '<p>r</p>' }, { path: join(dir, 'part.warc') }, { flush: 't1' }, { path: join(dir, 'missing.warc') }, { flush: 't2' }];
    await writeFile(join(dir, 'requests.jsonl'), requests.map((r) => JSON.stringify(r)).join('\n'));
    const items = (await collect([join(dir, 'requests.jsonl')], true)).map((i) => summary(i).split(' ')[0] + (i.kind === 'flush' ? ` ${i.token}` : ''));
    expect(items).toEqual(['page', 'page', 'page', 'flush t1', 'error', 'flush t2']);
  });
});
