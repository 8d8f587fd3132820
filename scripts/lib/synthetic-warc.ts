/**
 * Synthetic web archives for the corpus tests and checks: article pages built from a seed (never benchmark pages),
 * optionally mixed with the fixture pages in test/fixtures/pages/ and non-HTML records.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { warcRecordBytes, type WarcResponse } from '../../test/helpers/warc-writer';

const WORDS = 'river ferry quay tide estuary council school volunteers sandbags street engineers county wall crew landing spring water season harbour market'.split(' ');

/** An article page with a menu and a footer; its text depends only on `n`. */
export function syntheticPage(n: number): string {
  const word = (i: number): string => WORDS[(n * 7 + i * 3) % WORDS.length];
  const paragraphs = Array.from({ length: 4 }, (_, p) =>
    `<p>Report ${n}, part ${p + 1}: the ${word(p)} and the ${word(p + 1)} were the talk of the town, and the ${word(p + 2)} kept everyone busy until late in the evening © ${2000 + (n % 26)}.</p>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><title>Report ${n} from the ${word(0)}</title></head><body>
<nav><a href="/">Home</a> <a href="/sections">Sections</a> <a href="/subscribe">Subscribe today</a></nav>
<main><article><h1>Report ${n} from the ${word(0)}</h1>
${paragraphs}
</article></main>
<footer><p>Copyright River Press · <a href="/privacy">Privacy policy</a></p></footer></body></html>`;
}

export function fixturePages(repo: string): string[] {
  const dir = join(repo, 'test/fixtures/pages');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** `count` HTML responses (fixture pages first, then synthetic ones), an image record after every tenth. */
export async function syntheticWarc(count: number, fixtures: string[] = []): Promise<{ bytes: Buffer; urls: string[] }> {
  const parts: Uint8Array[] = [];
  const urls: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const url = `https://news.example/${n}`;
    urls.push(url);
    const response: WarcResponse = { url, body: n < fixtures.length ? fixtures[n] : syntheticPage(n) };
    parts.push(await warcRecordBytes(response, true));
    if (n % 10 === 9) parts.push(await warcRecordBytes({ url: `https://news.example/${n}.png`, body: 'PNG', headers: { 'Content-Type': 'image/png' } }, true));
  }
  return { bytes: Buffer.concat(parts), urls };
}
