/**
 * Deep clean's input size on the dev sets: tokens of each page's raw HTML against its Simplified HTML (the
 * seed reports about 22 %), the items per page (= model calls with the grammar writing the fixed text), the
 * prompt tokens after chunking for a context window, and the time to simplify. Tokens are counted with the GPT-2
 * fixture's tokenizer (SmolLM byte-level BPE, 49,152 entries); Qwen3's tokenizer is not available here.
 *   npx tsx tools/dripper-tokens.ts [--datasets a,b] [--limit N] [--context 32768]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AutoTokenizer, env } from '@huggingface/transformers';
import type { LmCall } from '../src/dripper/bridge-engine';
import { PROJECT_ROOT } from '../vite.page.config';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { datasetItems, findDatasets } from '../scripts/lib/bench-datasets';
import { sharedModelsDir } from '../scripts/lib/model-assets';
import { ensurePageBundle } from '../scripts/lib/page-bundle';
import { PagePool } from '../scripts/lib/page-pool';
import { recordSource } from '../scripts/lib/page-source';

const TOKENIZER = 'synthetic-tiny-gpt2-smollm-vocab';
const DEV_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'trafilatura-dev', 'wcxb-dev-sample'];

const { values } = parseArgs({
  options: { datasets: { type: 'string' }, limit: { type: 'string', default: '20' }, context: { type: 'string', default: '32768' } },
});
const limit = Number(values.limit);
const contextTokens = Number(values.context);

env.allowLocalModels = true;
env.allowRemoteModels = false;
env.localModelPath = `${sharedModelsDir()}/`;
const tokenizer = await AutoTokenizer.from_pretrained(TOKENIZER);
const count = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Row { raw: number; simplified: number; items: number; prompt: number; chunks: number; ms: number }
const rows = new Map<string, Row[]>();
const bundle = await ensurePageBundle();
const pool = new PagePool(bundle, DEFAULT_VIEWPORT);
const datasets = await findDatasets(resolve(PROJECT_ROOT, '../shared/bench'), values.datasets?.split(',') ?? DEV_SETS);
try {
  for await (const { dataset, item } of datasetItems(datasets, limit)) {
    if (!('record' in item)) continue;
    const { record } = item;
    try {
      const { input, summary } = await pool.withPage(0, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, async (page) => {
        // A dry run of the stage: real simplification, chunking and token counts; every block answered "main".
        await page.exposeFunction('__pithLm', (message: LmCall) =>
          message.op === 'count' ? message.texts.map(count) : { text: JSON.stringify(Object.fromEntries(message.request.ids.map((id) => [id, 'main']))), steps: 0, promptTokens: 0, ms: 0 },
        );
        return page.evaluate(async (contextTokens) => {
          const api = window.__pith!;
          const extraction = await api.extract();
          const input = api.dripperInput(extraction);
          const result = await api.deepClean(extraction, { engine: { model: 'dry run', backend: 'none', contextTokens }, timeoutMs: 60_000 });
          return { input, summary: result.deepClean! };
        }, contextTokens);
      });
      if (summary.status !== 'applied') throw new Error(summary.reason);
      const list = rows.get(dataset) ?? [];
      list.push({ raw: count(record.html), simplified: count(input.html), items: input.items, prompt: summary.promptTokens, chunks: summary.chunks, ms: summary.promptMs });
      rows.set(dataset, list);
    } catch (error) {
      process.stderr.write(`${record.id}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    }
  }
} finally {
  await pool.close();
}

const lines = [
  `Deep clean input size, first ${limit} pages per dev set; tokens by the SmolLM byte-level BPE tokenizer; context ${contextTokens} tokens`,
  '',
  '| dataset | pages | raw HTML tokens (median) | simplified (median) | simplified / raw, mean | median | items per page (median) = model calls | chunks (mean) | prompt tokens (median) | simplify + chunk ms (median) |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
const all: Row[] = [];
for (const [dataset, list] of rows) {
  all.push(...list);
  const ratios = list.map((r) => r.simplified / r.raw);
  lines.push(`| ${dataset} | ${list.length} | ${median(list.map((r) => r.raw))} | ${median(list.map((r) => r.simplified))} | ${(100 * mean(ratios)).toFixed(1)} % | ${(100 * median(ratios)).toFixed(1)} % | ${median(list.map((r) => r.items))} | ${mean(list.map((r) => r.chunks)).toFixed(2)} | ${median(list.map((r) => r.prompt))} | ${median(list.map((r) => r.ms)).toFixed(1)} |`);
}
const ratios = all.map((r) => r.simplified / r.raw);
lines.push(`| all | ${all.length} | ${median(all.map((r) => r.raw))} | ${median(all.map((r) => r.simplified))} | ${(100 * mean(ratios)).toFixed(1)} % | ${(100 * median(ratios)).toFixed(1)} % | ${median(all.map((r) => r.items))} | ${mean(all.map((r) => r.chunks)).toFixed(2)} | ${median(all.map((r) => r.prompt))} | ${median(all.map((r) => r.ms)).toFixed(1)} |`);
process.stdout.write(`${lines.join('\n')}\n`);
