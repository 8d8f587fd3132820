/**
 * Readability.js's text for benchmark pages whose block cache has none (the training pages), read in Node with
 * happy-dom from the page's HTML as served, for `tools/ablate-passes.ts`'s "more than 0.2 below Readability.js".
 *   nice -n 5 npx tsx tools/ablate-readability-text.ts <set> [<set>…]
 *   cache: node_modules/.cache/pith-ablate/rjs-<set>.jsonl ({ id, text } per line; a rerun reads only the rest)
 * Run it on a set that has Chromium's Readability.js text too (cleaneval-dev) to see how far the two readings differ.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Window } from 'happy-dom';
import { readabilityBaselineText } from '../bench/lib/baselines/readability';
import { PROJECT_ROOT } from '../vite.page.config';
import { readRecords } from '../scripts/lib/block-pages';

export const ABLATE_CACHE_DIR = resolve(PROJECT_ROOT, 'node_modules/.cache/pith-ablate');

export function nodeReadabilityTexts(set: string): Map<string, string> {
  const path = join(ABLATE_CACHE_DIR, `rjs-${set}.jsonl`);
  const texts = new Map<string, string>();
  if (!existsSync(path)) return texts;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    const { id, text } = JSON.parse(line) as { id: string; text: string };
    texts.set(id, text);
  }
  return texts;
}

async function main(): Promise<void> {
  mkdirSync(ABLATE_CACHE_DIR, { recursive: true });
  for (const set of process.argv.slice(2)) {
    const done = nodeReadabilityTexts(set);
    const path = join(ABLATE_CACHE_DIR, `rjs-${set}.jsonl`);
    let n = 0;
    for (const record of await readRecords(set)) {
      if (done.has(record.id)) continue;
      let text = '';
      const window = new Window({ url: record.url ?? 'https://example.com/', settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true } });
      try {
        window.document.write(record.html);
        text = readabilityBaselineText(window.document as unknown as Document);
      } catch {
        text = '';
      }
      await window.happyDOM.abort();
      window.close();
      appendFileSync(path, `${JSON.stringify({ id: record.id, text })}\n`);
      if (++n % 100 === 0) console.error(`${set}: ${n}`);
    }
    console.error(`${set}: done (${n} read)`);
  }
}

if (process.argv[1]?.endsWith('ablate-readability-text.ts')) await main();
